import { CHART_SPANS, type ChartSpan } from '../../shared/inbox.ts';

/** The span the URL asks for (`?days=90`), else the first. */
export function spanOf(search: string): ChartSpan {
  const days = Number(new URLSearchParams(search).get('days'));
  return (CHART_SPANS as readonly number[]).includes(days) ? (days as ChartSpan) : CHART_SPANS[0];
}
