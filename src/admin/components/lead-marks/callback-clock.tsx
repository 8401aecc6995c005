import type { LeadStatus } from '../../../shared/booking.ts';
import { cn } from '../../../ui/cn.ts';
import { Icon } from '../../../ui/icons.tsx';
import { callbackClockOf, clockText } from '../../clock.ts';
import { useInbox } from '../../inbox-context.ts';

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
