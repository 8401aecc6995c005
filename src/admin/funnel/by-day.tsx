import type { FunnelStats } from '../../shared/inbox.ts';
import { dayText } from '../../shared/inbox-time.ts';
import { useInbox } from '../inbox-context.ts';
import { Scroller } from './scroller.tsx';
import { StepCells } from './step-cells.tsx';
import { StepHeaders } from './step-headers.tsx';

/** The funnel of each day with visits, the latest first. */
export function ByDay({ stats }: { stats: FunnelStats }) {
  const { t, locale } = useInbox();
  const days = stats.days.filter((d) => d.counts.view || d.counts.open || d.counts.sent).reverse();
  return (
    <Scroller label={t.funnel.byDay}>
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{t.funnel.byDay}</caption>
        <thead className="text-xs text-slate-400">
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-3 text-left align-bottom font-medium">
              {t.funnel.day}
            </th>
            <StepHeaders />
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {days.map(({ date, counts }) => (
            <tr key={date}>
              <th scope="row" className="py-2.5 pr-3 text-left font-normal whitespace-nowrap">
                {dayText(date, locale, 'long')}
              </th>
              <StepCells counts={counts} />
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}
