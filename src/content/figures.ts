// The figures the page claims (SPEC.md §9), as numbers, written once. The dictionaries hold only the
// words around them; each language writes a figure with Intl.NumberFormat (Bulgarian groups thousands
// with a no-break space). The same string must come out of Node's ICU at prerender and the browser's
// at hydration, so only plain grouping and percent styles are used, with the currency sign, the
// thousands' "K" and the "x" of a ratio written around the number rather than asked of ICU.
import type { Locale } from '../shared/locale.ts';

export type FigureKind =
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

export interface Figure {
  kind: FigureKind;
  value: number;
}

const figure = (kind: FigureKind, value: number): Figure => ({ kind, value });

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

/** The change from one month to the other, as a signed share rounded to whole percent. */
export function changeOf(row: { without: number; with: number }): Figure {
  return figure('change', Math.round(((row.with - row.without) / row.without) * 100) / 100);
}

export function formatFigure({ kind, value }: Figure, locale: Locale): string {
  const number = (n: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options).format(n);
  switch (kind) {
    case 'percent':
      return number(value, { style: 'percent', maximumFractionDigits: 0 });
    case 'change':
      return number(value, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'always' });
    case 'atLeast':
      return `${number(value)}+`;
    case 'usd':
      return `$${number(value)}`;
    case 'usdThousands':
      return `$${number(value / 1000)}K`;
    case 'ratio':
      // Written "3.8x" on both pages: the copy treats it as a symbol rather than a Bulgarian decimal.
      return `${new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(value)}x`;
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
