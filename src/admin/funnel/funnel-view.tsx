// The booking funnel on the overview: how many visits reached each step (shared/funnel.ts) over the
// chart's period, for every source together and for each, with the share of the step before that went
// on, so the agency sees where visitors give up; and the same per day. Tables rather than a drawing:
// five numbers a row read best as numbers, on a phone too (the table scrolls sideways there).
import { format } from '../../content/i18n/format.ts';
import { INBOX_API, type ChartSpan, type FunnelStats } from '../../shared/inbox.ts';
import { Alert } from '../../ui/alert.tsx';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { useInbox } from '../inbox-context.ts';
import { useResource } from '../use-resource.ts';
import { ByDay } from './by-day.tsx';
import { BySource } from './by-source.tsx';

export function FunnelView({ span }: { span: ChartSpan }) {
  const { t } = useInbox();
  const funnel = useResource<FunnelStats>(`${INBOX_API.funnel}?days=${span}`);
  const stats = funnel.data;
  const empty = stats && stats.total.view + stats.total.open === 0;
  return (
    <section aria-labelledby="funnel-title" aria-busy={funnel.loading} className={cn('min-w-0 rounded-2xl border border-line bg-panel/80 p-5 sm:p-6', !funnel.current && 'opacity-60')}>
      <h2 id="funnel-title" className="text-lg font-semibold tracking-tight">
        {t.funnel.title}
        <span className="font-normal text-slate-400"> · {format(t.chart.span, { days: span })}</span>
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-400">{t.funnel.intro}</p>
      {funnel.error && (
        <Alert className="mt-4 rounded-xl" retry={{ label: t.errors.retry, onRetry: funnel.reload }}>
          {funnel.error.message}
        </Alert>
      )}
      {stats &&
        (empty ? (
          <p className="mt-4 text-sm text-slate-400">{t.funnel.none}</p>
        ) : (
          <div className="mt-4 flex flex-col gap-6">
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-200">{t.funnel.bySource}</h3>
              <BySource stats={stats} />
            </div>
            <details className="group">
              {/* A flex summary loses the browser's own triangle: a chevron says it opens, turned when open. */}
              <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 text-sm font-semibold text-slate-200 hover:text-white">
                <Icon name="chevron-right" className="size-4 transition-transform group-open:rotate-90 motion-reduce:transition-none" />
                {t.funnel.byDay}
              </summary>
              <div className="mt-2">
                <ByDay stats={stats} />
              </div>
            </details>
          </div>
        ))}
    </section>
  );
}
