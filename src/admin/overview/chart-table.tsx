import { format } from '../../content/i18n/format.ts';
import type { Service } from '../../shared/booking.ts';
import type { ChartSpan, InboxStats } from '../../shared/inbox.ts';
import { dayText } from '../../shared/inbox-time.ts';
import { useInbox } from '../inbox-context.ts';
import type { Bar } from './chart.ts';

interface ChartTableProps {
  stats: InboxStats;
  bars: Bar[];
  /** The services with leads in the period: the table's columns. */
  used: readonly Service[];
  span: ChartSpan;
}

/** The chart's numbers for screen readers: a row per day with leads, a column per service. */
export function ChartTable({ stats, bars, used, span }: ChartTableProps) {
  const { t, booking, locale } = useInbox();
  return (
    // In a wrapper: a table does not clip its own overflow, so sr-only on it would widen the page.
    <div className="sr-only">
      <table>
        <caption>{format(t.chart.tableCaption, { days: span })}</caption>
        <thead>
          <tr>
            <th scope="col">{t.chart.day}</th>
            {used.map((s) => (
              <th key={s} scope="col">
                {booking.services[s]}
              </th>
            ))}
            <th scope="col">{t.chart.total}</th>
          </tr>
        </thead>
        <tbody>
          {bars
            .filter((b) => b.total > 0)
            .map((bar) => (
              <tr key={bar.date}>
                <th scope="row">{dayText(bar.date, locale, 'long')}</th>
                {used.map((s) => (
                  <td key={s}>{stats.days.find((d) => d.date === bar.date)?.services[s] ?? 0}</td>
                ))}
                <td>{bar.total}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
