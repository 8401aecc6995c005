import { describe, expect, it } from 'vitest';
import { chooseLocale, countryCodeOf, languageCookieOf, localeFromAcceptLanguage } from './language.ts';

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

describe('chooseLocale', () => {
  it("honours the visitor's own choice over the country and the browser", () => {
    expect(chooseLocale({ cookie: 'en', countryCode: 'BG', acceptLanguage: 'bg' })).toEqual({ locale: 'en', source: 'cookie' });
    expect(chooseLocale({ cookie: 'bg', countryCode: 'US', acceptLanguage: 'en' })).toEqual({ locale: 'bg', source: 'cookie' });
  });

  it('gives Bulgarian to Bulgaria and English to every other country, whatever the browser asks for', () => {
    expect(chooseLocale({ countryCode: 'BG', acceptLanguage: 'en-US' })).toEqual({ locale: 'bg', source: 'country' });
    expect(chooseLocale({ countryCode: 'de', acceptLanguage: 'bg' })).toEqual({ locale: 'en', source: 'country' });
  });

  it('asks the browser when no country is known, including CDN placeholders that are not countries', () => {
    expect(chooseLocale({ acceptLanguage: 'bg-BG,bg;q=0.9' })).toEqual({ locale: 'bg', source: 'accept-language' });
    expect(chooseLocale({ countryCode: 'XX', acceptLanguage: 'bg' })).toEqual({ locale: 'bg', source: 'accept-language' });
    expect(chooseLocale({ countryCode: 'T1', acceptLanguage: 'bg' })).toEqual({ locale: 'bg', source: 'accept-language' });
    expect(chooseLocale({ acceptLanguage: 'de' })).toEqual({ locale: 'en', source: 'accept-language' });
  });

  it('ignores a cookie that names no language of ours', () => {
    expect(chooseLocale({ cookie: 'fr', countryCode: 'BG' })).toEqual({ locale: 'bg', source: 'country' });
  });

  it('falls back to English when nothing is known', () => {
    expect(chooseLocale({})).toEqual({ locale: 'en', source: 'default' });
    expect(chooseLocale({ cookie: null, countryCode: '', acceptLanguage: '' })).toEqual({ locale: 'en', source: 'default' });
  });
});

describe('countryCodeOf', () => {
  it('accepts two-letter codes in any case and rejects the rest', () => {
    expect(countryCodeOf(' bg ')).toBe('BG');
    expect(countryCodeOf('XX')).toBeUndefined();
    expect(countryCodeOf('T1')).toBeUndefined();
    expect(countryCodeOf('BGR')).toBeUndefined();
    expect(countryCodeOf(undefined)).toBeUndefined();
  });
});

describe('languageCookieOf', () => {
  it('finds the language cookie among others', () => {
    expect(languageCookieOf('theme=dark; lang=bg; other=1')).toBe('bg');
    expect(languageCookieOf('lang="en"')).toBe('en');
  });

  it('ignores other cookies, look-alike names and values that are not our languages', () => {
    expect(languageCookieOf('xlang=bg; langx=bg')).toBeUndefined();
    expect(languageCookieOf('lang=de')).toBeUndefined();
    expect(languageCookieOf('')).toBeUndefined();
    expect(languageCookieOf(undefined)).toBeUndefined();
  });
});
