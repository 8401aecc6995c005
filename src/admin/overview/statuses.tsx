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

/**
 * Where the period's leads stand now: how many have each status. The columns follow the room in rem
 * (five in a row from about a small tablet's width, two on a phone, one when text is made much larger),
 * and a label or count too long for its card wraps inside it.
 */
export function Statuses({ stats }: { stats: InboxStats }) {
  const { t, locale } = useInbox();
  const number = new Intl.NumberFormat(locale);
  return (
    <div className="@container">
      <dl className="grid grid-cols-1 gap-3 @min-[16rem]:grid-cols-2 @min-[33rem]:grid-cols-5">
        {LEAD_STATUSES.map((s) => (
          <div key={s} className="min-w-0 rounded-2xl border border-line bg-slate-950/40 px-4 py-3.5 last:col-span-full @min-[33rem]:last:col-span-1">
            <dt className={cn('text-sm font-medium wrap-anywhere', STATUS_TEXT[s])}>{t.statuses[s]}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums wrap-anywhere">{number.format(stats.statuses[s] ?? 0)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
