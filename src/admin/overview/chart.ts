// The overview's bars, as numbers: each day a stack of its leads per service, in the catalogue's order,
// scaled to a round top value. The chart component only draws what this returns (no chart library:
// docs/decisions/011-inbox-page.md).
import type { Service } from '../../shared/booking.ts';
import type { InboxStats } from '../../shared/inbox.ts';

export interface Segment {
  service: Service;
  count: number;
  /** From the top of the drawing, in its units. */
  y: number;
  height: number;
}

export interface Bar {
  date: string;
  total: number;
  segments: Segment[];
}

/**
 * The scale's top: the smallest of 2, 4, 6, 8, 10, 20, 40… that is at least `n`. Even, so the line
 * half-way up is a whole number of leads too.
 */
export function roundTop(n: number): number {
  for (let power = 1; ; power *= 10) {
    const top = [2, 4, 6, 8, 10].map((step) => step * power).find((t) => t >= n);
    if (top !== undefined) return top;
  }
}

/** Each day's stack, bottom up in `order`, in a drawing `height` units tall; services with none are left out. */
export function stackedBars(days: InboxStats['days'], order: readonly Service[], height: number): { bars: Bar[]; top: number } {
  const totals = days.map((d) => order.reduce((sum, s) => sum + (d.services[s] ?? 0), 0));
  const top = roundTop(Math.max(0, ...totals));
  const bars = days.map((day, i) => {
    let bottom = height;
    const segments: Segment[] = [];
    for (const service of order) {
      const count = day.services[service] ?? 0;
      if (count <= 0) continue;
      const h = (count / top) * height;
      bottom -= h;
      segments.push({ service, count, y: bottom, height: h });
    }
    return { date: day.date, total: totals[i] ?? 0, segments };
  });
  return { bars, top };
}
