import { LEAD_STATUSES } from '../../shared/booking.ts';
import type { InboxStats } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { useInbox } from '../inbox-context.ts';

const STATUS_TEXT: Record<(typeof LEAD_STATUSES)[number], string> = {
  pending: 'text-amber-200',
  contacted: 'text-sky-200',
  scheduled: 'text-indigo-200',
  won: 'text-emerald-200',
  lost: 'text-slate-300',
};

/** Where the period's leads stand now: how many have each status. */
export function Statuses({ stats }: { stats: InboxStats }) {
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
