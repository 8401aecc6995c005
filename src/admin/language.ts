// The inbox's language: the operator's own choice, remembered in this browser, else the first of the
// browser's languages we have. Apart from the public pages' choice (a cookie the server reads), since
// the inbox is a page of its own that the server does not render.
import { useEffect, useState } from 'react';
import { localeFromAcceptLanguage } from '../shared/language.ts';
import { isLocale, type Locale } from '../shared/locale.ts';

export const INBOX_LANGUAGE_KEY = 'inbox-language';

/** The remembered choice if there is one, else the browser's preference (its languages in order). */
export function initialLocale(stored: string | null, languages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  // All at the same weight, so the first of ours in the browser's order wins.
  return localeFromAcceptLanguage(languages.join(','));
}

function storedLocale(): string | null {
  try {
    return window.localStorage.getItem(INBOX_LANGUAGE_KEY);
  } catch {
    // Storage turned off: the browser's languages decide every time.
    return null;
  }
}

/** The inbox's language and the switch; `<html lang>` follows it. */
export function useInboxLanguage(): [Locale, (locale: Locale) => void] {
  const [locale, setLocale] = useState(() => initialLocale(storedLocale(), navigator.languages ?? [navigator.language]));
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const choose = (next: Locale) => {
    try {
      window.localStorage.setItem(INBOX_LANGUAGE_KEY, next);
    } catch {
      // Not remembered, but switched all the same.
    }
    setLocale(next);
  };
  return [locale, choose];
}
