import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { localeOfPath, pathOf } from '../content/i18n/format.ts';
import { LANGUAGE_COOKIE } from '../shared/language.ts';
import type { Locale } from '../shared/locale.ts';
import { loadDictionary } from './load-dictionary.ts';
import type { I18n } from './use-i18n.ts';

/** The visitor's own language choice, which the server honours before anything it detects. */
function rememberLanguage(locale: Locale) {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** What the server would have rendered for this language, outside React's tree. */
function applyToDocument({ locale, t }: I18n) {
  document.documentElement.lang = locale;
  document.title = t.meta.title;
  const set = (selector: string, attribute: string, value: string) =>
    document.querySelector(selector)?.setAttribute(attribute, value);
  set('meta[name="description"]', 'content', t.meta.description);
  // A link shared after switching previews the page as it now reads.
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (canonical) {
    const url = new URL(pathOf(locale), canonical).href;
    set('link[rel="canonical"]', 'href', url);
    set('meta[property="og:url"]', 'content', url);
  }
  set('meta[property="og:title"]', 'content', t.meta.title);
  set('meta[property="og:description"]', 'content', t.meta.description);
  set('meta[name="twitter:title"]', 'content', t.meta.title);
  set('meta[name="twitter:description"]', 'content', t.meta.description);
}

/**
 * The page's language, switched in place: no reload, the scroll position kept, the URL, <html lang>,
 * title and description updated, the choice remembered. Back and forward follow the URL.
 */
export function useLanguage(initial: I18n): [I18n, (locale: Locale) => void] {
  const [i18n, setI18n] = useState(initial);
  const current = useRef(initial.locale);

  const show = useCallback(async (locale: Locale, push: boolean) => {
    if (locale === current.current) return;
    let t;
    try {
      t = await loadDictionary(locale);
    } catch {
      // Offline or a new deploy replaced the chunk: the other page is still one plain load away.
      window.location.assign(pathOf(locale));
      return;
    }
    current.current = locale;
    const y = window.scrollY;
    flushSync(() => setI18n({ locale, t }));
    window.scrollTo({ top: y, behavior: 'instant' });
    applyToDocument({ locale, t });
    if (push) window.history.pushState(null, '', pathOf(locale) + window.location.hash);
  }, []);

  useEffect(() => {
    const onPopState = () => void show(localeOfPath(window.location.pathname), false);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [show]);

  const switchTo = useCallback(
    (locale: Locale) => {
      rememberLanguage(locale);
      void show(locale, true);
    },
    [show],
  );

  return [i18n, switchTo];
}
