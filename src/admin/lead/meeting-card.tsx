// The lead's call on its page: when it is on Sofia's clock and on the visitor's own, what became of it,
// and, while it is booked, the visitor's page to move it (the visitor gets the updated invitation) and
// cancelling it after a confirmation (the visitor gets the cancellation, the lead waits for a call).
import { useState } from 'react';
import { format } from '../../content/i18n/format.ts';
import type { LeadMeeting } from '../../shared/inbox.ts';
import { clockIn } from '../../shared/inbox-time.ts';
import { sameClock, zoneName } from '../../shared/meeting-times.ts';
import { buttonVariants } from '../../ui/button.tsx';
import { callWhen, CancelCall, MeetingStatusBadge } from '../components/meeting-parts.tsx';
import { useInbox } from '../inbox-context.ts';

export function MeetingCard({ meeting, onChanged }: { meeting: LeadMeeting; onChanged: () => void }) {
  const { t, locale } = useInbox();
  const m = t.lead.meeting;
  const [said, setSaid] = useState<string>();
  const theirs = sameClock(meeting.time_zone)
    ? undefined
    : format(t.agenda.theirTime, { time: clockIn(meeting.start, meeting.time_zone), zone: zoneName(meeting.time_zone, locale, new Date(meeting.start)) });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold text-white">{callWhen(m, meeting.start, locale)}</p>
        <MeetingStatusBadge status={meeting.status} />
      </div>
      {theirs && <p className="text-sm text-slate-400">{theirs}</p>}
      <p role="status" className="text-sm text-emerald-200 empty:hidden">
        {said ?? ''}
      </p>
      {meeting.status === 'booked' && (
        <CancelCall
          id={meeting.id}
          start={meeting.start}
          onCancelled={(text) => {
            setSaid(text);
            onChanged();
          }}
          actions={
            <a href={meeting.manage_url} target="_blank" rel="noopener" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              {m.move}
              <span className="sr-only"> {m.newTab}</span>
            </a>
          }
        />
      )}
    </div>
  );
}
