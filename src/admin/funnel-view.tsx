// The booking funnel on the overview: how many visits reached each step (shared/funnel.ts) over the
// chart's period, for every source together and for each, with the share of the step before that went
// on, so the agency sees where visitors give up; and the same per day. Tables rather than a drawing:
// five numbers a row read best as numbers, on a phone too (the table scrolls sideways there).
import type { ReactNode } from 'react';
import { format } from '../content/i18n/format.ts';
import { FUNNEL_STEPS, type FunnelCounts } from '../shared/funnel.ts';
import { INBOX_API, INBOX_PATH, type ChartSpan, type FunnelStats } from '../shared/inbox.ts';
import { buttonVariants } from '../client/ui/button.tsx';
import { cn } from '../client/ui/cn.ts';
import { dayText } from './clock.ts';
import { searchOf } from './filters.ts';
import { useInbox } from './inbox-context.ts';
import { Link } from './navigation.tsx';
import { useResource } from './use-resource.ts';

/** The share of `part` in `whole`, as the locale writes a percentage; none when `whole` is 0. */
function share(part: number, whole: number, locale: string): string | undefined {
  if (whole <= 0) return undefined;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: part < whole && part / whole > 0.99 ? 1 : 0 }).format(part / whole);
}

const cell = 'px-3 py-2.5 text-right tabular-nums whitespace-nowrap';

/** A row's five counts, each after the first with its share of the one before. */
function StepCells({ counts }: { counts: FunnelCounts }) {
  const { t, locale } = useInbox();
  const number = new Intl.NumberFormat(locale);
  return (
    <>
      {FUNNEL_STEPS.map((step, i) => {
        const before = i > 0 ? counts[FUNNEL_STEPS[i - 1]!] : undefined;
        const percent = before === undefined ? undefined : share(counts[step], before, locale);
        return (
          <td key={step} className={cell}>
            <span className="block text-slate-100">{number.format(counts[step])}</span>
            {percent && (
              <span className="block text-xs text-slate-400">
                <span aria-hidden="true">{percent}</span>
                <span className="sr-only">{format(t.funnel.ofPrevious, { percent })}</span>
              </span>
            )}
          </td>
        );
      })}
    </>
  );
}

/** A table that scrolls sideways on a narrow screen, and can be scrolled from the keyboard. */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative -mx-5 overflow-x-auto px-5 focus-visible:outline-2 focus-visible:outline-cyan-400 sm:mx-0 sm:px-0">
      {children}
    </div>
  );
}

function StepHeaders() {
  const { t } = useInbox();
  return (
    <>
      {FUNNEL_STEPS.map((step) => (
        <th key={step} scope="col" className="px-3 py-2 text-right align-bottom font-medium">
          {t.funnel.steps[step]}
        </th>
      ))}
    </>
  );
}

function BySource({ stats }: { stats: FunnelStats }) {
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

function ByDay({ stats }: { stats: FunnelStats }) {
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
        <div role="alert" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100">
          <p>{funnel.error.message}</p>
          <button type="button" onClick={funnel.reload} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {t.errors.retry}
          </button>
        </div>
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
              <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-slate-200 hover:text-white">{t.funnel.byDay}</summary>
              <div className="mt-2">
                <ByDay stats={stats} />
              </div>
            </details>
          </div>
        ))}
    </section>
  );
}
