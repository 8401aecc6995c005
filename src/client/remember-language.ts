import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from '../shared/language.ts';
import type { Locale } from '../shared/locale.ts';

/** The visitor's own language choice, which the server honours before anything it detects. */
export function rememberLanguage(locale: Locale) {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_DAYS * 86400}; samesite=lax`;
}
