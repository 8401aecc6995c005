import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { localeOfPath, pathOf, type Dictionary } from '../content/i18n/format.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from '../shared/language.ts';
import { pageFileOf } from '../shared/site-pages.ts';
import type { Locale } from '../shared/locale.ts';
import { loadDictionary, loadStaticTexts } from '../content/i18n/loaders.ts';
import { staticMarkupOf, type StaticMarkup } from '../ui/static-part.tsx';
import type { I18n } from './use-i18n.ts';

/** The visitor's own language choice, which the server honours before anything it detects. */
export function rememberLanguage(locale: Locale) {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_DAYS * 86400}; samesite=lax`;
}

/**
 * What the prerender wrote outside React's tree, for another language: <html lang> and the whole head.
 * Its module carries the business profile the structured data needs, and the FAQ's search data needs
 * the questions of that language's static sections, so all load only at a switch.
 */
async function loadHeadWriter(locale: Locale): Promise<(t: Dictionary) => void> {
  const [{ applyHead, headOf }, { siteConfig }, { faq }] = await Promise.all([
    import('./head.ts'),
    import('../content/profile.ts'),
    loadStaticTexts(locale),
  ]);
  return (t) => {
    document.documentElement.lang = locale;
    applyHead(document, headOf({ locale, t: { ...t, faq }, site: siteConfig }));
  };
}

/**
 * The static sections (ui/static-part.tsx) as the other language's own page draws them. Asked for by the
 * page's file name, which the server answers in that language whatever the visitor's cookie or country
 * (`/` might send a visitor decided Bulgarian to `/bg/`).
 */
async function loadStaticMarkup(locale: Locale): Promise<StaticMarkup> {
  const file = `/${pageFileOf('home', locale)}`;
  const response = await fetch(file, { redirect: 'error' });
  if (!response.ok) throw new Error(`${response.status} for ${file}`);
  return staticMarkupOf(await response.text());
}

/**
 * The page's language, switched in place: no reload, the scroll position kept, the URL, <html lang>
 * and the head updated, the choice remembered. Back and forward follow the URL.
 */
export function useLanguage(initial: I18n): [I18n, (locale: Locale) => void, StaticMarkup | null] {
  const [{ i18n, markup }, setShown] = useState<{ i18n: I18n; markup: StaticMarkup | null }>({
    i18n: initial,
    markup: null,
  });
  const current = useRef(initial.locale);

  const show = useCallback(async (locale: Locale, push: boolean) => {
    if (locale === current.current) return;
    let t, writeHead, markup;
    try {
      [t, writeHead, markup] = await Promise.all([loadDictionary(locale), loadHeadWriter(locale), loadStaticMarkup(locale)]);
    } catch {
      // Offline or a new deploy replaced the chunk: the other page is still one plain load away.
      window.location.assign(pathOf(locale));
      return;
    }
    current.current = locale;
    const y = window.scrollY;
    flushSync(() => setShown({ i18n: { locale, t }, markup }));
    window.scrollTo({ top: y, behavior: 'instant' });
    writeHead(t);
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

  return [i18n, switchTo, markup];
}
