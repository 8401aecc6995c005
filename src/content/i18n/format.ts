// Helpers over the dictionaries' types that load none of them, so the page can use them without
// bundling every language. The dictionaries themselves fill their sentences with template.ts, which
// knows none of their types: so no dictionary and this file import each other.
import type { FieldError } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import { inCity } from '../page-title.ts';
import { format, withFigures } from './template.ts';
import type { BookingTexts } from './booking.ts';
import type { StaticTexts } from './en-static.ts';
import type { Dictionary } from './en.ts';

export type { Dictionary, StaticTexts };
export { comparisonSentence, format, plural } from './template.ts';

/** A language's every text: the page's dictionary and its static sections' (what the server has). */
export type SiteDictionary = Dictionary & StaticTexts;

/**
 * The dictionary's sentences that name the business, with its name (site.ts) and city (the
 * dictionary's own `business.locality`) filled in: the one place each is written.
 */
export function brandTexts(t: Pick<Dictionary, 'meta' | 'nav' | 'business'>, locale: Locale, brand: string) {
  return {
    title: format(t.meta.title, { brand }),
    logo: format(t.nav.logo, { brand }),
    description: format(t.business.description, { inCity: inCity(t.business.locality, locale) }),
  };
}

/** The page's questions, with the figures their answers quote filled in (the page and FAQPage data). */
export function faqItems(t: Pick<StaticTexts, 'faq'>, locale: Locale): { question: string; answer: string }[] {
  return t.faq.items.map(({ question, answer }) => ({ question, answer: withFigures(answer, locale) }));
}

export function fieldErrorText(texts: Pick<BookingTexts, 'errors'>, error: FieldError): string {
  return format(texts.errors[error.code], { max: error.max ?? '' });
}

export { localeOfPath, pathOf } from '../../shared/site-pages.ts';

/** "Too many requests… try again in N minutes" for a wait in seconds (Retry-After), rounded up to a minute. */
export function tooManyRequestsText(texts: Pick<BookingTexts, 'tooManyRequests'>, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return format(minutes === 1 ? texts.tooManyRequests.one : texts.tooManyRequests.other, { minutes });
}
