/** The share of `part` in `whole`, as the locale writes a percentage; none when `whole` is 0. */
export function share(part: number, whole: number, locale: string): string | undefined {
  if (whole <= 0) return undefined;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: part < whole && part / whole > 0.99 ? 1 : 0 }).format(part / whole);
}
