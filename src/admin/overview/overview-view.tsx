// The overview: leads per day over the last 30 or 90 days, stacked by service (leads-chart.tsx), where
// the period's leads stand now and how soon they were first touched (first-touch.tsx), the booking funnel over the same days (funnel/funnel-view.tsx), and the
// notification channels with a sample message to try each (notification-channels.tsx).
import { format } from '../../content/i18n/format.ts';
import { CHART_SPANS, INBOX_API, type InboxStats } from '../../shared/inbox.ts';
import { Alert } from '../../ui/alert.tsx';
import { cn } from '../../ui/cn.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { FunnelView } from '../funnel/funnel-view.tsx';
import { useInbox } from '../inbox-context.ts';
import { useResource } from '../use-resource.ts';
import { FirstTouch } from './first-touch.tsx';
import { LeadsChart } from './leads-chart.tsx';
import { NotificationChannels } from './notification-channels.tsx';
import { spanOf } from './span.ts';
import { SpanSwitch } from './span-switch.tsx';
import { Statuses } from './statuses.tsx';

export function OverviewView({ search }: { search: string }) {
  const { t } = useInbox();
  const span = spanOf(search);
  const stats = useResource<InboxStats>(`${INBOX_API.stats}?days=${span}`);
  // The answer shown, and the span it is for (the previous one while the next loads).
  const shownSpan = stats.current ? span : span === CHART_SPANS[0] ? CHART_SPANS[1] : CHART_SPANS[0];
  const stale = stats.loading || !stats.current;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading>{t.chart.title}</PageHeading>
        <SpanSwitch span={span} />
      </div>

      <div aria-busy={stats.loading} className="mt-6 grid gap-6">
        {stats.error && (
          <Alert retry={{ label: t.errors.retry, onRetry: stats.reload }}>
            {stats.error.message}
          </Alert>
        )}
        {!stats.data && stats.loading && <p className="rounded-2xl border border-line bg-panel/60 p-8 text-center text-slate-400">{t.chart.loading}</p>}
        {stats.data && (
          <>
            <section aria-labelledby="statuses-title" className={cn('rounded-2xl border border-line bg-panel/80 p-5 sm:p-6', stale && 'opacity-60')}>
              <h2 id="statuses-title" className="text-lg font-semibold tracking-tight">
                {t.chart.statuses}
              </h2>
              <div className="mt-4">
                <Statuses stats={stats.data} />
              </div>
            </section>
            <section aria-labelledby="first-touch-title" className={cn('rounded-2xl border border-line bg-panel/80 p-5 sm:p-6', stale && 'opacity-60')}>
              <h2 id="first-touch-title" className="text-lg font-semibold tracking-tight">
                {t.firstTouch.title}
                <span className="font-normal text-slate-400"> · {format(t.chart.span, { days: shownSpan })}</span>
              </h2>
              <div className="mt-2">
                <FirstTouch stats={stats.data.first_touch} />
              </div>
            </section>
            <section aria-labelledby="per-day-title" className={cn('rounded-2xl border border-line bg-panel/80 p-5 sm:p-6', stale && 'opacity-60')}>
              <h2 id="per-day-title" className="text-lg font-semibold tracking-tight">
                {t.chart.perDay}
                <span className="font-normal text-slate-400"> · {format(t.chart.span, { days: shownSpan })}</span>
              </h2>
              <div className="mt-5">
                <LeadsChart stats={stats.data} span={shownSpan} />
              </div>
            </section>
          </>
        )}
        <FunnelView span={span} />
        <NotificationChannels />
      </div>
    </>
  );
}
