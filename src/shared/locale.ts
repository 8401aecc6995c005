// The site's languages. Kept apart from the booking rules so the page can know its languages without
// loading the validation library.
export const LOCALES = ['en', 'bg'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
