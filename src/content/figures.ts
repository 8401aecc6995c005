// The figures the page claims, as numbers, written once
// (docs/decisions/008-one-source-for-every-fact.md). The dictionaries hold only the words around them;
// each language writes a number as Intl.NumberFormat would (Bulgarian groups thousands with a no-break
// space, from five digits), with the currency sign, the thousands' "K", the "×" of a ratio and the dash
// of a range written around the numbers. The numbers are written here rather than by Intl: the first
// Intl formatter of a page loads ICU's data, some 30 ms of a phone's main thread while the page starts;
// a property test holds this writing to Intl's for every language and style.
import type { Locale } from '../shared/locale.ts';
import { CALL_BACK_HOURS, DISCOVERY_CALL_MINUTES } from '../shared/promises.ts';

export type FigureKind =
  /** A number as it is: 20000 is "20,000". */
  | 'count'
  /** From one count to another: 2 to 6 is "2–6". */
  | 'range'
  /** A share: 0.78 is "78%". */
  | 'percent'
  /** A change, always signed: 1.82 is "+182%". */
  | 'change'
  /** A floor: 14000 is "14,000+". */
  | 'atLeast'
  /** US dollars: 1312657 is "$1,312,657". */
  | 'usd'
  /** US dollars in thousands: 45000 is "$45K". */
  | 'usdThousands'
  /** A multiple: 3.8 is "3.8×" (in Bulgarian "3,8×"). */
  | 'ratio';

export type Figure =
  | { kind: Exclude<FigureKind, 'range'>; value: number }
  /** `value` is where the range starts. */
  | { kind: 'range'; value: number; to: number };

const figure = (kind: Exclude<FigureKind, 'range'>, value: number): Figure => ({ kind, value });
const range = (from: number, to: number): Figure => ({ kind: 'range', value: from, to });

/** Businesses served: the hero's trust line, the results and the FAQ all say it. */
export const CLIENTS = figure('atLeast', 100);

/** The headline results, in the order the page shows them; the dictionaries label each. */
export const STATS = {
  qualifiedLeads: figure('percent', 0.78),
  engagement: figure('percent', 1.13),
  conversions: figure('percent', 0.72),
  hoursSaved: figure('atLeast', 14_000),
  savedForClients: figure('usd', 1_312_657),
  clients: CLIENTS,
} as const;
export type StatId = keyof typeof STATS;

/** A typical client's month before and after (the comparison chart), in US dollars. */
export const MONTH = {
  sales: { without: 45_000, with: 127_000 },
  cost: { without: 28_000, with: 11_000 },
} as const;

export const COMPARISON_HIGHLIGHTS = {
  roi: figure('ratio', 3.8),
  profitGain: figure('usdThousands', 98_000),
  costReduction: figure('usdThousands', MONTH.cost.without - MONTH.cost.with),
} as const;

/** How soon what we build is in use: a website in 3 days, a platform in weeks. */
export const DELIVERY = {
  websiteDays: figure('count', 3),
  platformWeeks: range(2, 6),
} as const;

/** What the call automation handles in a week; the Bulgarian copy also quotes the calls. */
export const WEEKLY_CAPACITY = {
  leads: figure('count', 20_000),
  calls: figure('count', 10_000),
} as const;

/** Custom development's three cards, each with its headline figure; the dictionaries give the units. */
export const CUSTOM_DEVELOPMENT = {
  websites: DELIVERY.websiteDays,
  platforms: DELIVERY.platformWeeks,
  software: figure('ratio', 10),
} as const;

/** The change from one month to the other, as a signed share rounded to whole percent. */
export function changeOf(row: { without: number; with: number }): Figure {
  return figure('change', Math.round(((row.with - row.without) / row.without) * 100) / 100);
}

/** The styles figures are written in: the most fraction digits, hundredths as percent, a sign always. */
const STYLES = {
  plain: { fractionDigits: 3, percent: false, sign: false },
  percent: { fractionDigits: 0, percent: true, sign: false },
  change: { fractionDigits: 0, percent: true, sign: true },
  ratio: { fractionDigits: 1, percent: false, sign: false },
} as const;
export type NumberStyle = keyof typeof STYLES;

/** The options Intl.NumberFormat takes for each style: what `writeNumber` matches (figures.test.ts). */
export const INTL_STYLES = {
  plain: {},
  percent: { style: 'percent', maximumFractionDigits: 0 },
  change: { style: 'percent', maximumFractionDigits: 0, signDisplay: 'always' },
  ratio: { maximumFractionDigits: 1 },
} as const satisfies Record<NumberStyle, Intl.NumberFormatOptions>;

const SEPARATORS: Record<Locale, { group: string; decimal: string; minGrouping: number }> = {
  en: { group: ',', decimal: '.', minGrouping: 4 },
  bg: { group: '\u00a0', decimal: ',', minGrouping: 5 },
};

/** A finite number's decimal digits as JavaScript writes it shortest (as ICU reads a double), unsigned. */
function decimalOf(n: number): { int: string; frac: string } {
  const [mantissa = '0', exp = '0'] = String(Math.abs(n)).split('e');
  const [i = '0', f = ''] = mantissa.split('.');
  return shifted({ int: i, frac: f }, Number(exp));
}

/** The decimal times 10^by, by moving its point. */
function shifted({ int, frac }: { int: string; frac: string }, by: number): { int: string; frac: string } {
  const digits = int + frac;
  const point = int.length + by;
  if (point <= 0) return { int: '0', frac: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { int: digits + '0'.repeat(point - digits.length), frac: '' };
  return { int: digits.slice(0, point), frac: digits.slice(point) };
}

/** Rounded to `digits` fraction digits, halves away from zero (Intl's default), trailing zeros dropped. */
function rounded({ int, frac }: { int: string; frac: string }, digits: number): { int: string; frac: string } {
  let kept = int + frac.slice(0, digits).padEnd(digits, '0');
  if ((frac[digits] ?? '0') >= '5') {
    const up = [...kept];
    let i = up.length - 1;
    for (; i >= 0 && up[i] === '9'; i--) up[i] = '0';
    kept = i < 0 ? '1' + up.join('') : up.slice(0, i).join('') + String(Number(up[i]) + 1) + up.slice(i + 1).join('');
  }
  const intDigits = kept.slice(0, kept.length - digits).replace(/^0+(?=\d)/, '') || '0';
  return { int: intDigits, frac: kept.slice(kept.length - digits).replace(/0+$/, '') };
}

/** A number written in a language and style exactly as Intl.NumberFormat(locale, INTL_STYLES[style]) writes it. */
export function writeNumber(n: number, locale: Locale, style: NumberStyle = 'plain'): string {
  const { fractionDigits, percent, sign } = STYLES[style];
  const { group, decimal, minGrouping } = SEPARATORS[locale];
  if (!Number.isFinite(n)) throw new RangeError(`no figure is written for ${n}`);
  const { int, frac } = rounded(shifted(decimalOf(n), percent ? 2 : 0), fractionDigits);
  const grouped = int.length >= minGrouping ? int.replace(/\B(?=(\d{3})+$)/g, group) : int;
  const negative = n < 0 || Object.is(n, -0);
  const signText = negative ? '-' : sign ? '+' : '';
  return `${signText}${grouped}${frac ? decimal + frac : ''}${percent ? '%' : ''}`;
}

export function formatFigure(f: Figure, locale: Locale): string {
  const { value } = f;
  const number = (n: number, style: NumberStyle = 'plain') => writeNumber(n, locale, style);
  switch (f.kind) {
    case 'count':
      return number(value);
    case 'range':
      // The dash written here: ICU's formatRange spaces it in Bulgarian ("2 – 6"), the page does not.
      return `${number(value)}–${number(f.to)}`;
    case 'percent':
      return number(value, 'percent');
    case 'change':
      return number(value, 'change');
    case 'atLeast':
      return `${number(value)}+`;
    case 'usd':
      return `$${number(value)}`;
    case 'usdThousands':
      return `$${number(value / 1000)}K`;
    case 'ratio':
      // The multiplication sign, after the number as each language writes it: "3.8×", "3,8×".
      return `${number(value, 'ratio')}×`;
  }
}

/** Every figure of the comparison, written for one language: the chart's labels and its sentence. */
export function comparisonFigures(locale: Locale) {
  const usdK = (n: number) => formatFigure(figure('usdThousands', n), locale);
  const row = (r: { without: number; with: number }) => ({
    without: usdK(r.without),
    with: usdK(r.with),
    change: formatFigure(changeOf(r), locale),
  });
  return { sales: row(MONTH.sales), cost: row(MONTH.cost) };
}

/** The figures the dictionaries' sentences quote, each under the name of its `{placeholder}`. */
export const COPY_FIGURES = {
  clients: figure('count', CLIENTS.value),
  websiteDays: DELIVERY.websiteDays,
  weeklyLeads: WEEKLY_CAPACITY.leads,
  weeklyCalls: WEEKLY_CAPACITY.calls,
  callBackHours: figure('count', CALL_BACK_HOURS),
  callMinutes: figure('count', DISCOVERY_CALL_MINUTES),
} as const satisfies Record<string, Figure>;
export type CopyFigure = keyof typeof COPY_FIGURES;

const copyFiguresByLocale = new Map<Locale, Readonly<Record<CopyFigure, string>>>();

/** COPY_FIGURES written for one language: the values `withFigures` fills a sentence with (written once a language). */
export function copyFigures(locale: Locale): Readonly<Record<CopyFigure, string>> {
  let figures = copyFiguresByLocale.get(locale);
  if (!figures) {
    const entries = Object.entries(COPY_FIGURES).map(([name, f]) => [name, formatFigure(f, locale)]);
    copyFiguresByLocale.set(locale, (figures = Object.freeze(Object.fromEntries(entries) as Record<CopyFigure, string>)));
  }
  return figures;
}
