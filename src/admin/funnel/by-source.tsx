import { format } from '../../content/i18n/format.ts';
import { INBOX_PATH, type FunnelStats } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { useInbox } from '../inbox-context.ts';
import { searchOf } from '../leads/filters/filters.ts';
import { Link } from '../navigation.tsx';
import { Scroller } from './scroller.tsx';
import { share } from './share.ts';
import { cell, StepCells } from './step-cells.tsx';
import { StepHeaders } from './step-headers.tsx';

/** The funnel for every source together, then for each (a link to its leads), with the whole way's share. */
export function BySource({ stats }: { stats: FunnelStats }) {
  const { t, locale } = useInbox();
  const rows = [{ source: undefined, counts: stats.total }, ...stats.sources];
  return (
    <Scroller label={t.funnel.bySource}>
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{t.funnel.bySource}</caption>
        <thead className="text-xs text-slate-400">
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-3 text-left align-bottom font-medium">
              {t.funnel.source}
            </th>
            <StepHeaders />
            <th scope="col" className="py-2 pl-3 text-right align-bottom font-medium">
              {t.funnel.overall}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map(({ source, counts }) => (
            <tr key={source === undefined ? '*' : (source ?? '')} className={cn(source === undefined && 'font-semibold')}>
              <th scope="row" className="max-w-48 py-2.5 pr-3 text-left font-[inherit] break-words">
                {source === undefined ? (
                  t.funnel.allSources
                ) : source === null ? (
                  <span className="text-slate-400">{t.funnel.noSource}</span>
                ) : (
                  <Link
                    href={INBOX_PATH + searchOf({ source })}
                    title={format(t.funnel.showLeads, { source })}
                    className="text-cyan-300 underline-offset-4 hover:underline"
                  >
                    {source}
                  </Link>
                )}
              </th>
              <StepCells counts={counts} />
              <td className={cn(cell, 'pr-0')}>{share(counts.sent, counts.view, locale) ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}
