// What the page itself shows about the business, and so what its script carries: the name, the legal
// name and the contact details (top bar, footer, titles) and the postal address. The rest of the
// profile, which only the search data uses, is in profile.ts. Placeholder brand values: change them
// here (README "Editing the business details"); every title, label and search-data entry follows.
import type { Locale } from '../shared/locale.ts';

export interface PostalAddress {
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  addressCountry: string;
}

/**
 * The page's business facts. `website` is the canonical origin, without a trailing slash: every
 * absolute URL (canonical links, sitemap, share images, structured data) starts here.
 */
export const business = {
  name: 'Nexa AI Solutions',
  /** As each language writes the company's form: a limited company is "Ltd." in English, "ООД" in Bulgarian. */
  legalName: { en: 'Nexa AI Solutions Ltd.', bg: 'Nexa AI Solutions ООД' } satisfies Record<Locale, string>,
  phone: '+359 88 123 4567',
  email: 'hello@nexa-ai.example',
  website: 'https://nexa-ai.example',
};

export type Business = typeof business;

/** The postal address, in English; the English dictionary takes its city and region from here. */
export const address: PostalAddress = {
  streetAddress: '1 Example Boulevard, floor 4',
  addressLocality: 'Sofia',
  addressRegion: 'Sofia City',
  postalCode: '1000',
  addressCountry: 'BG',
};

/**
 * The street line as each language writes it, for the pages that show the address in full (the privacy
 * notice names the controller's): English is the address above.
 */
export const streetAddress: Record<Locale, string> = {
  en: address.streetAddress,
  bg: 'бул. „Примерен“ 1, ет. 4',
};
