// Helpers for the dictionaries that do not load any of them, so the page can use them without
// bundling every language.
import type { FieldError } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import { comparisonFigures, copyFigures } from '../figures.ts';
import { inCity } from '../page-title.ts';
import type { BookingTexts } from './booking.ts';
import type { StaticTexts } from './en-static.ts';
import type { Dictionary } from './en.ts';

export type { Dictionary, StaticTexts };

/** A language's every text: the page's dictionary and its static sections' (what the server has). */
export type SiteDictionary = Dictionary & StaticTexts;

/** Fills `{name}` placeholders: format('Step {step}', { step: 2 }) is 'Step 2'. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** A sentence in the form its language uses for `count` (Intl.PluralRules' `one`, else `other`), filled in. */
export function plural(
  forms: { one: string; other: string },
  count: number,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  return format(new Intl.PluralRules(locale).select(count) === 'one' ? forms.one : forms.other, { count, ...values });
}

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

/**
 * A sentence of the copy with the figures it quotes filled in for its language (`{callBackHours}`…,
 * see copyFigures): the dictionaries write their sentences with it, so each holds only the words.
 */
export function withFigures(template: string, locale: Locale): string {
  return format(template, copyFigures(locale));
}

/** The page's questions, with the figures their answers quote filled in (the page and FAQPage data). */
export function faqItems(t: Pick<StaticTexts, 'faq'>, locale: Locale): { question: string; answer: string }[] {
  return t.faq.items.map(({ question, answer }) => ({ question, answer: withFigures(answer, locale) }));
}

/** The comparison's sentence for screen readers, its `{salesWithout}`… filled in for one language. */
export function comparisonSentence(template: string, locale: Locale): string {
  const { sales, cost } = comparisonFigures(locale);
  return format(template, {
    salesWithout: sales.without,
    salesWith: sales.with,
    salesChange: sales.change,
    costWithout: cost.without,
    costWith: cost.with,
    costChange: cost.change,
  });
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
