// Titles of pages other than the home page: the page, then where the business is, then its name
// (SPEC §9), so a search result names the city as well as the brand.
import type { Locale } from '../shared/locale.ts';
import type { BusinessProfile } from './site.ts';

const IN: Record<Locale, (city: string) => string> = {
  en: (city) => `in ${city}`,
  // Bulgarian writes "във" before a word that starts with в or ф ("във Варна"), "в" elsewhere.
  bg: (city) => `${/^[вф]/i.test(city) ? 'във' : 'в'} ${city}`,
};

export function pageTitle(
  page: string,
  business: Pick<BusinessProfile, 'name' | 'localityName'>,
  locale: Locale = 'en',
): string {
  return `${page} ${IN[locale](business.localityName[locale])} | ${business.name}`;
}
