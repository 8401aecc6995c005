// The overview: leads per day over the last 30 or 90 days, stacked by service, where the period's
// leads stand now, and the booking funnel over the same days (funnel-view.tsx). The chart is inline SVG drawn from chart.ts, described for screen readers by its
// title and a table of the same numbers (docs/decisions/011-inbox-page.md: no chart library).
import { format } from '../content/i18n/format.ts';
import { LEAD_STATUSES, SERVICES, type Service } from '../shared/booking.ts';
import { CHART_SPANS, INBOX_API, type ChartSpan, type InboxStats } from '../shared/inbox.ts';
import { buttonVariants } from '../client/ui/button.tsx';
import { cn } from '../client/ui/cn.ts';
import { stackedBars } from './chart.ts';
import { dayText } from './clock.ts';
import { FunnelView } from './funnel-view.tsx';
import { useInbox } from './inbox-context.ts';
import { navigate } from './navigation.tsx';
import { PageHeading } from './page-heading.tsx';
import { useResource } from './use-resource.ts';
import { OVERVIEW_PATH } from './routes.ts';

/** One colour per service, in the catalogue's order: the bars' fill and the legend's swatch. */
const SERVICE_COLOURS: Record<Service, { fill: string; swatch: string }> = {
  'Support Automation': { fill: 'fill-indigo-400', swatch: 'bg-indigo-400' },
  'Conversion Systems': { fill: 'fill-cyan-400', swatch: 'bg-cyan-400' },
  'Call Automation Systems': { fill: 'fill-emerald-400', swatch: 'bg-emerald-400' },
  'A.I Lead Generation': { fill: 'fill-amber-300', swatch: 'bg-amber-300' },
  'Custom Software Development': { fill: 'fill-fuchsia-400', swatch: 'bg-fuchsia-400' },
  Other: { fill: 'fill-slate-400', swatch: 'bg-slate-400' },
};

const STATUS_TEXT: Record<(typeof LEAD_STATUSES)[number], string> = {
  pending: 'text-amber-200',
  contacted: 'text-sky-200',
  scheduled: 'text-indigo-200',
  won: 'text-emerald-200',
  lost: 'text-slate-300',
};

/** The drawing's own units: one slot per day, bars a little narrower than their slot. */
const SLOT = 10;
const HEIGHT = 100;

/** The span the URL asks for (`?days=90`), else the first. */
export function spanOf(search: string): ChartSpan {
  const days = Number(new URLSearchParams(search).get('days'));
  return (CHART_SPANS as readonly number[]).includes(days) ? (days as ChartSpan) : CHART_SPANS[0];
}

function Chart({ stats, span }: { stats: InboxStats; span: ChartSpan }) {
  const { t, booking, locale } = useInbox();
  const { bars, top } = stackedBars(stats.days, SERVICES, HEIGHT);
  const total = bars.reduce((sum, b) => sum + b.total, 0);
  const used = SERVICES.filter((s) => stats.days.some((d) => (d.services[s] ?? 0) > 0));
  const width = bars.length * SLOT;
  const first = bars[0];
  const last = bars[bars.length - 1];
  const middle = bars[Math.floor(bars.length / 2)];

  return (
    <figure>
      <div className="flex gap-3">
        <div aria-hidden="true" className="flex h-56 flex-col justify-between py-0 text-right text-xs text-slate-400 tabular-nums sm:h-64">
          <span className="-translate-y-1/2">{top}</span>
          <span className="-translate-y-1/2">{top / 2}</span>
          <span className="translate-y-1/2">0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            role="img"
            aria-labelledby="chart-title chart-desc"
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-56 w-full overflow-visible sm:h-64"
          >
            <title id="chart-title">{`${t.chart.perDay}, ${format(t.chart.span, { days: span })}`}</title>
            <desc id="chart-desc">{format(t.chart.description, { total, days: span })}</desc>
            {[0, HEIGHT / 2, HEIGHT].map((y) => (
              <line key={y} x1={0} x2={width} y1={y} y2={y} className="stroke-slate-700" strokeDasharray={y === HEIGHT ? undefined : '3 3'} vectorEffect="non-scaling-stroke" />
            ))}
            {bars.map((bar, i) => (
              <g key={bar.date}>
                <title>{`${dayText(bar.date, locale, 'long')}: ${bar.total}`}</title>
                {/* A bar's whole slot answers the pointer, so a day without leads still shows its tooltip. */}
                <rect x={i * SLOT} y={0} width={SLOT} height={HEIGHT} className="fill-transparent hover:fill-slate-700/30" />
                {bar.segments.map((segment) => (
                  <rect
                    key={segment.service}
                    x={i * SLOT + SLOT * 0.15}
                    width={SLOT * 0.7}
                    y={segment.y}
                    height={segment.height}
                    className={cn(SERVICE_COLOURS[segment.service].fill, 'pointer-events-none')}
                  />
                ))}
              </g>
            ))}
          </svg>
          <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-slate-400">
            <span>{first && dayText(first.date, locale)}</span>
            <span>{middle && dayText(middle.date, locale)}</span>
            <span>{last && dayText(last.date, locale)}</span>
          </div>
        </div>
      </div>

      <figcaption className="mt-5">
        {total === 0 ? (
          <p className="text-sm text-slate-400">{t.chart.none}</p>
        ) : (
          <ul aria-label={t.chart.legend} className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-300">
            {used.map((s) => (
              <li key={s} className="flex items-center gap-2">
                <span aria-hidden="true" className={cn('size-3 rounded-sm', SERVICE_COLOURS[s].swatch)} />
                {booking.services[s]}
              </li>
            ))}
          </ul>
        )}
      </figcaption>

      {/* In a wrapper: a table does not clip its own overflow, so sr-only on it would widen the page. */}
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
    </figure>
  );
}

function Statuses({ stats }: { stats: InboxStats }) {
  const { t, locale } = useInbox();
  const number = new Intl.NumberFormat(locale);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {LEAD_STATUSES.map((s) => (
        <div key={s} className="rounded-2xl border border-line bg-slate-950/40 px-4 py-3.5 last:col-span-2 sm:last:col-span-1">
          <dt className={cn('text-sm font-medium', STATUS_TEXT[s])}>{t.statuses[s]}</dt>
          <dd className="mt-1 text-2xl font-bold">{number.format(stats.statuses[s] ?? 0)}</dd>
        </div>
      ))}
    </dl>
  );
}

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
        <div role="group" aria-label={t.chart.spanLabel} className="flex rounded-full border border-line p-0.5">
          {CHART_SPANS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={days === span}
              onClick={() => navigate(`${OVERVIEW_PATH}?days=${days}`, { replace: true })}
              className={cn(
                'min-h-9 rounded-full px-3.5 text-sm font-medium',
                days === span ? 'bg-slate-100 text-ink' : 'text-slate-300 hover:text-white',
              )}
            >
              {format(t.chart.span, { days })}
            </button>
          ))}
        </div>
      </div>

      <div aria-busy={stats.loading} className="mt-6 grid gap-6">
        {stats.error && (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100">
            <p>{stats.error.message}</p>
            <button type="button" onClick={stats.reload} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              {t.errors.retry}
            </button>
          </div>
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
            <section aria-labelledby="per-day-title" className={cn('rounded-2xl border border-line bg-panel/80 p-5 sm:p-6', stale && 'opacity-60')}>
              <h2 id="per-day-title" className="text-lg font-semibold tracking-tight">
                {t.chart.perDay}
                <span className="font-normal text-slate-400"> · {format(t.chart.span, { days: shownSpan })}</span>
              </h2>
              <div className="mt-5">
                <Chart stats={stats.data} span={shownSpan} />
              </div>
            </section>
          </>
        )}
        <FunnelView span={span} />
      </div>
    </>
  );
}
