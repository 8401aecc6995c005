// Leads per day, stacked by service: inline SVG drawn from chart.ts, described for screen readers by its
// title and a table of the same numbers (docs/decisions/011-inbox-page.md: no chart library).
import { SERVICES } from '../../shared/booking.ts';
import type { ChartSpan, InboxStats } from '../../shared/inbox.ts';
import { stackedBars } from './chart.ts';
import { ChartBars, HEIGHT } from './chart-bars.tsx';
import { ChartLegend } from './chart-legend.tsx';
import { ChartTable } from './chart-table.tsx';

export function LeadsChart({ stats, span }: { stats: InboxStats; span: ChartSpan }) {
  const { bars, top } = stackedBars(stats.days, SERVICES, HEIGHT);
  const total = bars.reduce((sum, b) => sum + b.total, 0);
  const used = SERVICES.filter((s) => stats.days.some((d) => (d.services[s] ?? 0) > 0));

  return (
    <figure>
      <ChartBars bars={bars} top={top} total={total} span={span} />
      <figcaption className="mt-5">
        <ChartLegend used={used} total={total} />
      </figcaption>
      <ChartTable stats={stats} bars={bars} used={used} span={span} />
    </figure>
  );
}
