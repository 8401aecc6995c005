// Filling the dictionaries' sentences: placeholders, plural forms and the figures the copy quotes. It
// imports no dictionary, so every dictionary may use it (format.ts holds the helpers typed by them).
import type { Locale } from '../../shared/locale.ts';
import { comparisonFigures, copyFigures } from '../figures.ts';

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
 * A sentence of the copy with the figures it quotes filled in for its language (`{callBackHours}`…,
 * see copyFigures): the dictionaries write their sentences with it, so each holds only the words.
 */
export function withFigures(template: string, locale: Locale): string {
  return format(template, copyFigures(locale));
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
