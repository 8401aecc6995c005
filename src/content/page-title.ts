// Titles of pages other than the home page: the page, then where the business is, then its name, so a
// search result names the city as well as the brand. The city is the one each language's dictionary
// shows (`business.locality`), the name the one of site.ts.
import type { Locale } from '../shared/locale.ts';

const IN: Record<Locale, (city: string) => string> = {
  en: (city) => `in ${city}`,
  // Bulgarian writes "във" before a word that starts with в or ф ("във Варна"), "в" elsewhere.
  bg: (city) => `${/^[вф]/i.test(city) ? 'във' : 'в'} ${city}`,
};

/** "in Sofia", "в София": the city with the preposition its language puts before it. */
export function inCity(city: string, locale: Locale): string {
  return IN[locale](city);
}

export function pageTitle(page: string, place: { brand: string; locality: string }, locale: Locale = 'en'): string {
  return `${page} ${inCity(place.locality, locale)} | ${place.brand}`;
}
