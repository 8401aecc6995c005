// The site's pages and their addresses, in every language: the page links with these, the prerender
// writes each page where the server reads it, and the sitemap lists them.
import type { Locale } from './locale.ts';

/** The pages with an address of their own, each in every language. */
export const SITE_PAGES = ['home', 'privacy'] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/**
 * Every page the build writes: the addressed ones, the page an unknown address is answered with, and the
 * visitor's page of their meeting, which answers `/meeting/<token>` (MEETING_PAGE_PREFIX) whatever the
 * token and is in no sitemap.
 */
export const BUILT_PAGES = [...SITE_PAGES, 'not-found', 'meeting'] as const;
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

/** The meeting page's address before its token: `/meeting/`, `/bg/meeting/`. */
export const meetingPagePrefix = (locale: Locale): string => `${pathOf(locale)}meeting/`;

/**
 * Where the build writes a page, relative to the client folder. The not-found and meeting pages sit
 * beside their language's home page under names no address reaches by themselves (the server answers
 * those names with 404, and serves the meeting page at its prefix).
 */
export function pageFileOf(page: BuiltPage, locale: Locale): string {
  const folder = pathOf(locale).slice(1);
  if (page === 'not-found') return `${folder}404.html`;
  if (page === 'meeting') return `${folder}meeting.html`;
  return `${pathOf(locale, page).slice(1)}index.html`;
}
