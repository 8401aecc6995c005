// Which of our languages a visitor gets, from what the request tells us.
import { cookieValuesOf } from './cookies.ts';
import { isLocale, type Locale } from './locale.ts';

/** The cookie the language switcher sets: the visitor's own choice, which outranks anything detected. */
export const LANGUAGE_COOKIE = 'lang';

/** How long the language cookie keeps the choice, in days (the privacy notice states it). */
export const LANGUAGE_COOKIE_DAYS = 365;

/**
 * The one country whose visitors get Bulgarian; every other country gets English (docs/architecture.md,
 * "A language choice").
 */
const BULGARIAN_COUNTRY = 'BG';

/**
 * The best of our locales for an Accept-Language header, by its q-values; English when none matches.
 * `bg-BG;q=0.9, en;q=0.8` gives 'bg'.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return 'en';
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!isLocale(primary) || !Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? 'en';
}

/**
 * An ISO 3166 country code in upper case, or undefined for anything else. CDNs send placeholders
 * that are not countries (Cloudflare: `XX` for unknown, `T1` for Tor); those must not decide a
 * language, so the next signal gets its say.
 */
export function countryCodeOf(value: string | undefined | null): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : undefined;
}

/** The value of the language cookie in a Cookie header, if it names one of our locales. */
export function languageCookieOf(cookieHeader: string | undefined | null): Locale | undefined {
  return cookieValuesOf(cookieHeader, LANGUAGE_COOKIE).find(isLocale);
}

export type LanguageSource = 'cookie' | 'country' | 'accept-language' | 'default';

export interface LanguageSignals {
  /** The language cookie's value, as the visitor chose it. */
  cookie?: string | null;
  /** Where the visitor is, from a trusted proxy header or a GeoIP lookup. */
  countryCode?: string | null;
  acceptLanguage?: string | null;
}

/**
 * The language a visitor gets, and which signal decided it (docs/architecture.md, "A language choice"):
 * their own choice > the country they are in > what their browser asks for > English. The country
 * outranks the browser because the site chooses by country alone (Bulgaria Bulgarian, anywhere else
 * English); Accept-Language only fills in when no country is known.
 */
export function chooseLocale(signals: LanguageSignals): { locale: Locale; source: LanguageSource } {
  if (isLocale(signals.cookie)) return { locale: signals.cookie, source: 'cookie' };
  const country = countryCodeOf(signals.countryCode);
  if (country) return { locale: country === BULGARIAN_COUNTRY ? 'bg' : 'en', source: 'country' };
  if (signals.acceptLanguage) {
    return { locale: localeFromAcceptLanguage(signals.acceptLanguage), source: 'accept-language' };
  }
  return { locale: 'en', source: 'default' };
}
