// What the benchmark's page sections share: medians, tables for the terminal, and budgets, which the
// benchmark judges (tests never time anything) and prints beside the figures.

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : ((s[mid - 1]! + s[mid]!) / 2);
};

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Prints rows under a header, each column as wide as its widest cell; the first column left-aligned. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[], indent = '  '): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    indent + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

export interface BudgetCheck {
  /** What is judged, e.g. "mobile / TBT worst". */
  name: string;
  value: number;
  limit: number;
  /** `max`: the value may not exceed the limit; `min`: it may not fall below it. */
  kind: 'max' | 'min';
  pass: boolean;
}

export function budget(name: string, value: number, kind: 'max' | 'min', limit: number): BudgetCheck {
  return { name, value: round(value, 3), limit, kind, pass: kind === 'max' ? value <= limit : value >= limit };
}

/** A figure with its budget beside it: `1,234 ≤ 2,000 ✓`. */
export const judged = (shown: string, check: BudgetCheck | undefined, limitShown?: string) =>
  check ? `${shown} ${check.kind === 'max' ? '≤' : '≥'} ${limitShown ?? check.limit} ${check.pass ? '✓' : '✗'}` : shown;

export const bytes = (n: number) => n.toLocaleString('en-US');
