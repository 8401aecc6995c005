// The small marks a lead carries in the list and on its page, one a file in this folder: its status (here),
// whether it is new (unseen-mark.tsx), its call-back clock (callback-clock.tsx) and when it came in
// (received.tsx).
import type { LeadStatus } from '../../../shared/booking.ts';
import { cn } from '../../../ui/cn.ts';
import { useInbox } from '../../inbox-context.ts';

const STATUS_LOOKS: Record<LeadStatus, string> = {
  pending: 'bg-amber-400/15 text-amber-200 ring-amber-400/30',
  contacted: 'bg-sky-400/15 text-sky-200 ring-sky-400/30',
  scheduled: 'bg-indigo-400/15 text-indigo-200 ring-indigo-400/30',
  won: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/30',
  lost: 'bg-slate-400/10 text-slate-300 ring-slate-400/25',
};

export function StatusBadge({ status, className }: { status: LeadStatus; className?: string }) {
  const { t } = useInbox();
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1', STATUS_LOOKS[status], className)}>
      {t.statuses[status]}
    </span>
  );
}
