import { describe, expect, it } from 'vitest';
import { initialLocale } from './language.ts';

describe("the inbox's first language", () => {
  it("is the operator's remembered choice", () => {
    expect(initialLocale('bg', ['en-US'])).toBe('bg');
    expect(initialLocale('en', ['bg-BG', 'bg'])).toBe('en');
  });

  it("else the first of the browser's languages the inbox has, else English", () => {
    expect(initialLocale(null, ['bg-BG', 'en-US'])).toBe('bg');
    expect(initialLocale(null, ['de-DE', 'en-GB', 'bg'])).toBe('en');
    expect(initialLocale('de', ['fr', 'BG'])).toBe('bg');
    expect(initialLocale(null, ['fr'])).toBe('en');
    expect(initialLocale(null, [])).toBe('en');
  });
});
