// The site's pages and their addresses, in every language: the page links with these, the prerender
// writes each page where the server reads it, and the sitemap lists them.
import type { Locale } from './locale.ts';

/** The pages with an address of their own, each in every language. */
export const SITE_PAGES = ['home', 'privacy'] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/** Every page the build writes: the addressed ones, and the page an unknown address is answered with. */
export const BUILT_PAGES = [...SITE_PAGES, 'not-found'] as const;
export type BuiltPage = (typeof BUILT_PAGES)[number];

const SLUGS: Record<SitePage, string> = { home: '', privacy: 'privacy/' };

/** The path of a page in a language: English is the x-default at the root, each other under its code. */
export function pathOf(locale: Locale, page: SitePage = 'home'): string {
  return (locale === 'en' ? '/' : `/${locale}/`) + SLUGS[page];
}

/** The language a page path belongs to. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/bg' || pathname.startsWith('/bg/') ? 'bg' : 'en';
}

/**
 * Where the build writes a page, relative to the client folder. The not-found page sits beside its
 * language's home page under a name no address reaches by itself (the server answers it with 404).
 */
export function pageFileOf(page: BuiltPage, locale: Locale): string {
  const folder = pathOf(locale).slice(1);
  return page === 'not-found' ? `${folder}404.html` : `${pathOf(locale, page).slice(1)}index.html`;
}
