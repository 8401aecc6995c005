import type { LeadSummary } from '../../shared/inbox.ts';
import { CallbackClock } from '../components/lead-marks/callback-clock.tsx';
import { useInbox } from '../inbox-context.ts';

/** In the Spam view, why a request was taken for spam; elsewhere its call-back clock. */
export function LastColumn({ lead, now }: { lead: LeadSummary; now: number }) {
  const { t } = useInbox();
  if (lead.spam_reason) return <span className="text-amber-200">{t.spam.reasons[lead.spam_reason]}</span>;
  return <CallbackClock lead={lead} now={now} />;
}
