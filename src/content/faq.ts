// Questions visitors ask before they book. The texts live in each language's dictionary (so a page
// loads only its own); the page shows them and the search data repeats them (FAQPage), so both
// always say the same thing.
import type { Locale } from '../shared/locale.ts';
import { dictionaries } from './i18n/index.ts';

export interface FaqItem {
  question: string;
  answer: string;
}

/** Every language's questions, for the build (structured data) and tests; never for the page. */
export const faq: Record<Locale, FaqItem[]> = {
  en: dictionaries.en.faq.items,
  bg: dictionaries.bg.faq.items,
};
