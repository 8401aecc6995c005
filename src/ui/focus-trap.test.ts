import { describe, expect, it } from 'vitest';
import { wrapFocus } from './focus-trap.ts';

describe('wrapFocus', () => {
  const items = ['close', 'first-name', 'email', 'next'];

  it('takes Tab from the last item to the first, and Shift+Tab from the first to the last', () => {
    expect(wrapFocus(items, 'next', false)).toBe('close');
    expect(wrapFocus(items, 'close', true)).toBe('next');
  });

  it("leaves every other move to the browser", () => {
    expect(wrapFocus(items, 'first-name', false)).toBeUndefined();
    expect(wrapFocus(items, 'email', true)).toBeUndefined();
    expect(wrapFocus(items, 'close', false)).toBeUndefined();
    expect(wrapFocus(items, 'next', true)).toBeUndefined();
    expect(wrapFocus([], null, false)).toBeUndefined();
  });

  it('keeps a single item focused both ways', () => {
    expect(wrapFocus(['close'], 'close', false)).toBe('close');
    expect(wrapFocus(['close'], 'close', true)).toBe('close');
  });
});
