import { describe, expect, it } from 'vitest';
import { isPlaceholderOrigin, linkOrigin } from './link-origin.ts';

describe('the origin of the links the site sends', () => {
  it('is the public origin once it is set', () => {
    expect(linkOrigin('0.0.0.0', 3000, 'https://agency.bg')).toBe('https://agency.bg');
    expect(isPlaceholderOrigin('https://agency.bg')).toBe(false);
  });

  it('is the address this server is served on while the public one is the placeholder', () => {
    expect(isPlaceholderOrigin('https://nexa-ai.example')).toBe(true);
    expect(linkOrigin('127.0.0.1', 3000, 'https://nexa-ai.example')).toBe('http://127.0.0.1:3000');
    // Listening on every address: the links open on this machine.
    expect(linkOrigin('0.0.0.0', 8080, 'https://nexa-ai.example')).toBe('http://127.0.0.1:8080');
    expect(linkOrigin('::1', 3000, 'https://nexa-ai.example')).toBe('http://[::1]:3000');
  });
});
