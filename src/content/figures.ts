// The figures the page claims (SPEC.md §9), as numbers, written once. The dictionaries hold only the
// words around them; each language writes a figure with Intl.NumberFormat (Bulgarian groups thousands
// with a no-break space). The same string must come out of Node's ICU at prerender and the browser's
// at hydration, so only plain grouping and percent styles are used, with the currency sign, the
// thousands' "K", the "x" of a ratio and the dash of a range written around the numbers rather than
// asked of ICU.
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
  /** A multiple: 3.8 is "3.8x". */
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

/** How soon what we build is in use (SPEC.md §9 "Claims in the copy"). */
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

/** The styles figures are written in; one formatter each per language, made once (each costs a few milliseconds to make). */
const STYLES = {
  plain: {},
  percent: { style: 'percent', maximumFractionDigits: 0 },
  change: { style: 'percent', maximumFractionDigits: 0, signDisplay: 'always' },
  ratio: { maximumFractionDigits: 1 },
} satisfies Record<string, Intl.NumberFormatOptions>;
type Style = keyof typeof STYLES;
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, style: Style): Intl.NumberFormat {
  const key = `${locale} ${style}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, STYLES[style])));
  return f;
}

export function formatFigure(f: Figure, locale: Locale): string {
  const { value } = f;
  const number = (n: number, style: Style = 'plain') => formatter(locale, style).format(n);
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
      // Written "3.8x" on both pages: the copy treats it as a symbol rather than a Bulgarian decimal.
      return `${formatter('en', 'ratio').format(value)}x`;
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

/** COPY_FIGURES written for one language: the values `withFigures` fills a sentence with. */
export function copyFigures(locale: Locale): Record<CopyFigure, string> {
  const entries = Object.entries(COPY_FIGURES).map(([name, f]) => [name, formatFigure(f, locale)]);
  return Object.fromEntries(entries) as Record<CopyFigure, string>;
}
