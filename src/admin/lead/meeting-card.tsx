// The lead's call on its page: when it is on Sofia's clock and on the visitor's own, what became of it,
// and, while it is booked, the visitor's page to move it (the visitor gets the updated invitation) and
// cancelling it after a confirmation (the visitor gets the cancellation, the lead waits for a call).
import { useState } from 'react';
import { format } from '../../content/i18n/format.ts';
import { INBOX_API, type LeadMeeting } from '../../shared/inbox.ts';
import { clockIn } from '../../shared/inbox-time.ts';
import { sameClock, whenInWords, zoneName } from '../../shared/meeting-times.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { useInbox } from '../inbox-context.ts';

const SOFIA = 'Europe/Sofia';

export function MeetingCard({ meeting, onChanged }: { meeting: LeadMeeting; onChanged: () => void }) {
  const { t, api, locale } = useInbox();
  const m = t.lead.meeting;
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [said, setSaid] = useState<string>();
  const when = format(m.when, { when: whenInWords(meeting.start, SOFIA, locale) });
  const theirs = sameClock(meeting.time_zone)
    ? undefined
    : format(t.agenda.theirTime, { time: clockIn(meeting.start, meeting.time_zone), zone: zoneName(meeting.time_zone, locale, new Date(meeting.start)) });

  async function cancel() {
    setSaving(true);
    setError(undefined);
    try {
      await api.post(INBOX_API.meetingCancel(meeting.id));
      setAsking(false);
      setSaid(m.cancelled);
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold text-white">{when}</p>
        <span
          className={cn(
            'rounded-full px-3 py-1 text-xs font-semibold',
            meeting.status === 'booked' && 'bg-indigo-400/15 text-indigo-100',
            meeting.status === 'held' && 'bg-emerald-400/15 text-emerald-100',
            meeting.status === 'no_show' && 'bg-amber-400/15 text-amber-100',
            meeting.status === 'cancelled' && 'bg-slate-500/20 text-slate-300',
          )}
        >
          {t.agenda.statuses[meeting.status]}
        </span>
      </div>
      {theirs && <p className="text-sm text-slate-400">{theirs}</p>}
      <p role="status" className="text-sm text-emerald-200 empty:hidden">
        {said ?? ''}
      </p>
      {meeting.status === 'booked' && !asking && (
        <div className="flex flex-wrap gap-2">
          <a href={meeting.manage_url} target="_blank" rel="noopener" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {m.move}
            <span className="sr-only"> {m.newTab}</span>
          </a>
          <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
            {m.cancel}
          </Button>
        </div>
      )}
      {meeting.status === 'booked' && asking && (
        <div className="grid gap-2 rounded-xl border border-amber-400/30 bg-amber-400/5 p-3 text-sm">
          <p className="text-slate-200">{format(m.confirm, { when })}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" disabled={saving} aria-busy={saving} onClick={() => void cancel()}>
              {saving ? m.cancelling : m.yes}
            </Button>
            <Button size="sm" variant="ghost" disabled={saving} onClick={() => setAsking(false)}>
              {m.keep}
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
