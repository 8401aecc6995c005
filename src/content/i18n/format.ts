// Helpers for the dictionaries that do not load any of them, so the page can use them without
// bundling every language.
import type { FieldError } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import type { BookingTexts } from './booking.ts';
import type { Dictionary } from './en.ts';

export type { Dictionary };

/** Fills `{name}` placeholders: format('Step {step}', { step: 2 }) is 'Step 2'. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

export function fieldErrorText(texts: Pick<BookingTexts, 'errors'>, error: FieldError): string {
  return format(texts.errors[error.code], { max: error.max ?? '' });
}

/** The path of each language's page: English is the x-default at the root. */
export function pathOf(locale: Locale): string {
  return locale === 'en' ? '/' : `/${locale}/`;
}

/** The language a page path belongs to. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/bg' || pathname.startsWith('/bg/') ? 'bg' : 'en';
}
