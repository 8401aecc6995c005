// Time to first touch over the span (shared/inbox.ts, FirstTouch): the median and 90th percentile of the
// leads touched, how many within the call-back promise and how many Alex touched first, then the same
// figures by week and by the way the leads came in, each a table that scrolls sideways inside its card
// on a narrow screen rather than widen the page.
import { useId, type ReactNode } from 'react';
import { format, plural } from '../../content/i18n/format.ts';
import { viaNames } from '../../content/i18n/inbox.ts';
import type { FirstTouch as FirstTouchStats, FirstTouchFigures } from '../../shared/inbox.ts';
import { dayText } from '../../shared/inbox-time.ts';
import { waitText } from '../clock.ts';
import { useInbox } from '../inbox-context.ts';

export function FirstTouch({ stats }: { stats: FirstTouchStats }) {
  const { t, locale } = useInbox();
  const f = t.firstTouch;
  const number = new Intl.NumberFormat(locale);
  const { all } = stats;
  const voice = t.assistants.voice;
  const minutes = (value: number | null) => (value === null ? <NoFigure /> : waitText(value, locale));
  const untouched = all.leads - all.touched;
  const names = viaNames(t);

  const tiles: [string, ReactNode][] = [
    [f.median, minutes(all.median_minutes)],
    [f.p90, minutes(all.p90_minutes)],
    [format(f.within, { hours: stats.promise_hours }), format(f.of, { count: number.format(all.within_promise), total: number.format(all.leads) })],
    [format(f.byAlex, { voice }), format(f.of, { count: number.format(all.by_alex), total: number.format(all.touched) })],
  ];

  return (
    <>
      <p className="max-w-3xl text-sm text-pretty text-slate-400">{format(f.intro, { voice })}</p>
      {all.leads === 0 ? (
        <p className="mt-4 text-slate-300">{f.none}</p>
      ) : (
        <>
          <div className="mt-4 @container">
            <dl className="grid grid-cols-1 gap-3 @min-[18rem]:grid-cols-2 @min-[44rem]:grid-cols-4">
              {tiles.map(([label, value]) => (
                <div key={label} className="flex min-w-0 flex-col justify-between gap-1 rounded-2xl border border-line bg-slate-950/40 px-4 py-3.5">
                  <dt className="text-sm font-medium text-pretty text-slate-300">{label}</dt>
                  <dd className="text-2xl font-bold tabular-nums wrap-anywhere">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
          {untouched > 0 && <p className="mt-3 text-sm text-amber-200">{plural(f.untouched, untouched, locale)}</p>}
          <div className="mt-6 grid gap-6 xl:grid-cols-2">
            <FiguresTable
              caption={f.byWeek}
              heading={f.week}
              promiseHours={stats.promise_hours}
              rows={stats.weeks.map((w) => ({ key: w.week, label: format(f.weekOf, { date: dayText(w.week, locale) }), figures: w }))}
            />
            <FiguresTable
              caption={f.byChannel}
              heading={f.channel}
              promiseHours={stats.promise_hours}
              rows={stats.channels.map((c) => ({ key: c.channel, label: names[c.channel], figures: c }))}
            />
          </div>
        </>
      )}
    </>
  );
}

interface FiguresTableProps {
  caption: string;
  /** The header of the rows' own column. */
  heading: string;
  promiseHours: number;
  rows: { key: string; label: string; figures: FirstTouchFigures }[];
}

/**
 * The figures a row each. Its frame scrolls sideways on a narrow screen: named by the caption and
 * reachable by keyboard, so it can be scrolled without a pointer.
 */
function FiguresTable({ caption, heading, promiseHours, rows }: FiguresTableProps) {
  const { t, locale } = useInbox();
  const f = t.firstTouch;
  const id = useId();
  const number = new Intl.NumberFormat(locale);
  const minutes = (value: number | null) => (value === null ? <NoFigure /> : waitText(value, locale));
  const cell = 'py-2.5 pl-4 text-right whitespace-nowrap tabular-nums';
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="relative min-w-0 overflow-x-auto rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-cyan-300">
      <table className="w-full min-w-[30rem] text-sm">
        <caption id={id} className="pb-2 text-left font-semibold text-slate-300">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-line text-slate-400">
            <th scope="col" className="py-2 pr-4 text-left font-medium whitespace-nowrap">
              {heading}
            </th>
            <th scope="col" className="py-2 pl-4 text-right font-medium whitespace-nowrap">
              {f.leads}
            </th>
            <th scope="col" className="py-2 pl-4 text-right font-medium whitespace-nowrap">
              {f.median}
            </th>
            <th scope="col" className="py-2 pl-4 text-right font-medium whitespace-nowrap">
              {f.p90}
            </th>
            <th scope="col" className="py-2 pl-4 text-right font-medium whitespace-nowrap">
              {format(f.withinShort, { hours: promiseHours })}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map(({ key, label, figures }) => (
            <tr key={key}>
              <th scope="row" className="py-2.5 pr-4 text-left font-medium whitespace-nowrap text-slate-100">
                {label}
              </th>
              <td className={cell}>{number.format(figures.leads)}</td>
              <td className={cell}>{minutes(figures.median_minutes)}</td>
              <td className={cell}>{minutes(figures.p90_minutes)}</td>
              <td className={cell}>{format(f.of, { count: number.format(figures.within_promise), total: number.format(figures.leads) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A dash for a figure there is none of, said in words. */
function NoFigure() {
  const { t } = useInbox();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t.firstTouch.noFigure}</span>
    </>
  );
}
