import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './language.ts';

describe('localeFromAcceptLanguage', () => {
  it('picks Bulgarian when the browser prefers it', () => {
    expect(localeFromAcceptLanguage('bg-BG,bg;q=0.9,en;q=0.8')).toBe('bg');
    expect(localeFromAcceptLanguage('BG')).toBe('bg');
  });

  it('follows the q-values, not the order', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, bg;q=0.9')).toBe('bg');
    expect(localeFromAcceptLanguage('de, bg;q=0.4, en;q=0.7')).toBe('en');
  });

  it('falls back to English for other languages, q=0 and no header', () => {
    expect(localeFromAcceptLanguage('de-DE,fr;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('bg;q=0')).toBe('en');
    expect(localeFromAcceptLanguage('')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});
