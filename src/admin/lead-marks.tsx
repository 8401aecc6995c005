// The small marks a lead carries in the list and on its page: its status, whether it is new, its
// call-back clock and when it came in.
import type { LeadStatus } from '../shared/booking.ts';
import { cn } from '../client/ui/cn.ts';
import { Icon } from '../client/ui/icons.tsx';
import { ageText, callbackClockOf, clockText, dateTimeText } from './clock.ts';
import { useInbox } from './inbox-context.ts';

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

/** An unread mail's dot; its word is read aloud, the dot is only seen. */
export function UnseenMark() {
  const { t } = useInbox();
  return (
    <>
      <span aria-hidden="true" className="inline-block size-2.5 shrink-0 rounded-full bg-cyan-400 shadow-[0_0_0_3px] shadow-cyan-400/20" />
      <span className="sr-only">{t.list.unseen}: </span>
    </>
  );
}

/** The 24-hour promise's clock: time left, or in red how long overdue; a quiet dash once called. */
export function CallbackClock({ lead, now }: { lead: { status: LeadStatus; created_at: string; spam_reason?: string | null }; now: number }) {
  const { t, locale } = useInbox();
  // Spam is owed no call, until an operator restores it.
  const clock = lead.spam_reason ? undefined : callbackClockOf(lead, now);
  if (!clock) {
    return (
      <span className="text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t.clock.none}</span>
      </span>
    );
  }
  return (
    <span className={cn('inline-flex items-center gap-1.5 font-medium whitespace-nowrap', clock.overdue ? 'text-rose-300' : 'text-amber-100')}>
      <Icon name="clock" className="size-4 shrink-0" />
      {clockText(clock, t, locale)}
    </span>
  );
}

/** "5 minutes ago", the full date and time on hover and for machines. */
export function Received({ at, now }: { at: string; now: number }) {
  const { locale } = useInbox();
  return (
    <time dateTime={at} title={dateTimeText(at, locale)} className="whitespace-nowrap">
      {ageText(at, now, locale)}
    </time>
  );
}
