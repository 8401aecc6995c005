// The lead's call on its page: when it is on Sofia's clock and on the visitor's own, what became of it,
// and, while it is booked, the visitor's page to move it (the visitor gets the updated invitation) and
// cancelling it after a confirmation (the visitor gets the cancellation, the lead waits for a call).
import { useState } from 'react';
import { format } from '../../content/i18n/format.ts';
import { INBOX_API, type LeadMeeting } from '../../shared/inbox.ts';
import { AGENCY_TIME_ZONE } from '../../shared/meetings.ts';
import { clockIn } from '../../shared/inbox-time.ts';
import { sameClock, whenInWords, zoneName } from '../../shared/meeting-times.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { ConfirmPanel, ErrorLine, MeetingStatusBadge } from '../components/meeting-parts.tsx';
import { useInbox } from '../inbox-context.ts';

export function MeetingCard({ meeting, onChanged }: { meeting: LeadMeeting; onChanged: () => void }) {
  const { t, api, locale } = useInbox();
  const m = t.lead.meeting;
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [said, setSaid] = useState<string>();
  const when = format(m.when, { when: whenInWords(meeting.start, AGENCY_TIME_ZONE, locale) });
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
        <MeetingStatusBadge status={meeting.status} />
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
        <ConfirmPanel confirm={m.yes} back={m.keep} busy={saving} busyLabel={m.cancelling} onConfirm={() => void cancel()} onBack={() => setAsking(false)}>
          <p className="text-slate-200">{format(m.confirm, { when })}</p>
        </ConfirmPanel>
      )}
      <ErrorLine error={error} />
    </div>
  );
}
