import type { FieldError } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import { bg } from './bg.ts';
import { en, type Dictionary } from './en.ts';

export type { Dictionary };

export const dictionaries: Record<Locale, Dictionary> = { en, bg };

/** Fills `{name}` placeholders: format('Step {step}', { step: 2 }) is 'Step 2'. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

export function fieldErrorText(dict: Dictionary, error: FieldError): string {
  return format(dict.booking.errors[error.code], { max: error.max ?? '' });
}

/** The path of each language's page: English is the x-default at the root. */
export function pathOf(locale: Locale): string {
  return locale === 'en' ? '/' : `/${locale}/`;
}
