// The pages beside the home page, and what their top bar links to: no React, for their entry and islands.
import { format, pathOf } from '../../content/i18n/format.ts';
import { pageTexts } from '../../content/i18n/pages.ts';
import { business } from '../../content/site.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';
import { meetingPagePrefix, type BuiltPage } from '../../shared/site-pages.ts';

export type SubPage = Exclude<BuiltPage, 'home'>;

export const isSubPage = (value: unknown): value is SubPage => value === 'privacy' || value === 'not-found' || value === 'meeting';

/**
 * The top bar's links on a page beside the home page: the privacy notice in each language; from a page
 * that does not exist, each language's home page; from a call's page, the same call in the other
 * language once the page knows its token.
 */
export function elsewhereOf(page: SubPage, locale: Locale, token = ''): { languagePaths: Record<Locale, string>; logoLabel: string } {
  const languagePaths = Object.fromEntries(
    LOCALES.map((l) => [l, token ? `${meetingPagePrefix(l)}${token}` : pathOf(l, page === 'privacy' ? 'privacy' : 'home')]),
  ) as Record<Locale, string>;
  return { languagePaths, logoLabel: format(pageTexts[locale].logo, { brand: business.name }) };
}

/** The page this document is, from its root's data-page; the not-found page when it says none. */
export const currentSubPage = (): SubPage => {
  const page = document.getElementById('root')?.dataset.page;
  return isSubPage(page) ? page : 'not-found';
};
