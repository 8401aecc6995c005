// The agenda: the calls visitors booked for today and the next days, by day on Sofia's clock, each with
// its lead, a link to call and the visitor's own time; a call is marked held or a no-show once it has
// begun, a no-show may mail the visitor a link to pick another time, and a mark can be undone for ten
// minutes (the mail waits as long); before it begins a call can be cancelled for the visitor. Usable on a
// phone between meetings.
import { useState } from 'react';
import { format } from '../../content/i18n/format.ts';
import { INBOX_API } from '../../shared/inbox.ts';
import { OUTCOME_UNDO_MS, type AgendaMeeting } from '../../shared/agenda.ts';
import { clockIn, dayText, wallClockOf } from '../../shared/inbox-time.ts';
import { sameClock, zoneName } from '../../shared/meeting-times.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { Alert } from '../../ui/alert.tsx';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { CancelCall, ConfirmPanel, ErrorLine, MeetingStatusBadge } from '../components/meeting-parts.tsx';
import { useInbox } from '../inbox-context.ts';
import { useNow } from '../use-now.ts';
import { Link } from '../navigation.tsx';
import { inboxLeadPath } from '../routes.ts';
import { useResource } from '../use-resource.ts';
import { CalendarFeed } from './calendar-feed.tsx';

/** Today and the next days: a working week ahead, and the weekend's bookings with it. */
const DAYS = 7;

const two = (n: number) => String(n).padStart(2, '0');
/** An instant's day and time on Sofia's clock. */
function sofiaOf(at: string) {
  const c = wallClockOf(Date.parse(at));
  return { day: `${c.year}-${two(c.month)}-${two(c.day)}`, time: `${two(c.hour)}:${two(c.minute)}` };
}

export function AgendaView() {
  const { t, locale } = useInbox();
  const a = t.agenda;
  const agenda = useResource<{ meetings: AgendaMeeting[] }>(`${INBOX_API.agenda}?days=${DAYS}`);
  const [said, setSaid] = useState<string>();
  const today = sofiaOf(new Date().toISOString()).day;

  const days: { day: string; meetings: AgendaMeeting[] }[] = [];
  for (const meeting of agenda.data?.meetings ?? []) {
    const { day } = sofiaOf(meeting.start);
    if (days.at(-1)?.day !== day) days.push({ day, meetings: [] });
    days.at(-1)!.meetings.push(meeting);
  }

  return (
    <>
      <PageHeading>{a.title}</PageHeading>
      <p className="mt-2 text-sm text-slate-400">{format(a.intro, { days: DAYS })}</p>
      <p role="status" className="mt-4 rounded-2xl border border-emerald-400/30 bg-emerald-400/10 px-4 py-3 text-sm text-emerald-100 empty:hidden">
        {said ?? ''}
      </p>
      <div aria-busy={agenda.loading} className="mt-6 grid gap-6">
        {agenda.error && (
          <Alert retry={{ label: t.errors.retry, onRetry: agenda.reload }}>
            {agenda.error.message}
          </Alert>
        )}
        {!agenda.data && agenda.loading && <p className="rounded-2xl border border-line bg-panel/60 p-8 text-center text-slate-400">{a.loading}</p>}
        {agenda.data && days.length === 0 && (
          <p className="rounded-2xl border border-line bg-panel/60 p-8 text-center text-slate-400">{format(a.empty, { days: DAYS })}</p>
        )}
        {days.map(({ day, meetings }) => (
          <section key={day} aria-labelledby={`day-${day}`} className="rounded-2xl border border-line bg-panel/80 p-4 sm:p-6">
            <h2 id={`day-${day}`} className="text-lg font-semibold tracking-tight first-letter:uppercase">
              {day === today ? `${a.today} · ${dayText(day, locale, 'long')}` : dayText(day, locale, 'long')}
            </h2>
            <ol className="mt-4 divide-y divide-line">
              {meetings.map((meeting) => (
                <AgendaItem
                  key={meeting.id}
                  meeting={meeting}
                  onMarked={(text) => {
                    setSaid(text);
                    agenda.reload();
                  }}
                />
              ))}
            </ol>
          </section>
        ))}
        <CalendarFeed />
      </div>
    </>
  );
}

function AgendaItem({ meeting, onMarked }: { meeting: AgendaMeeting; onMarked: (said: string) => void }) {
  const { t, api, booking, locale } = useInbox();
  const a = t.agenda;
  const [asking, setAsking] = useState(false);
  const [offer, setOffer] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const { time } = sofiaOf(meeting.start);
  const now = useNow(15_000);
  const begun = now >= Date.parse(meeting.start);
  const undoUntil = meeting.marked_at ? Date.parse(meeting.marked_at) + OUTCOME_UNDO_MS : 0;
  const phone = meeting.lead.phone_e164 ?? meeting.lead.phone;
  const service = (booking.services as Record<string, string>)[meeting.lead.service] ?? meeting.lead.service;

  async function mark(outcome: 'held' | 'no_show') {
    setSaving(true);
    setError(undefined);
    try {
      const offered = outcome === 'no_show' && offer;
      await api.post(INBOX_API.meetingOutcome(meeting.id), { outcome, offer_new_time: offered });
      const said = outcome === 'held' ? a.markedHeld : offered ? a.markedNoShowOffer : a.markedNoShow;
      setAsking(false);
      setSaving(false);
      onMarked(format(said, { name: meeting.lead.first_name, minutes: OUTCOME_UNDO_MS / 60_000 }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setSaving(false);
    }
  }

  async function undo() {
    setSaving(true);
    setError(undefined);
    try {
      await api.delete(INBOX_API.meetingOutcome(meeting.id));
      setSaving(false);
      onMarked(format(a.undone, { name: meeting.lead.first_name }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setSaving(false);
    }
  }

  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[5rem_1fr_auto] sm:items-start">
      <p className="text-xl font-semibold text-white tabular-nums">{time}</p>
      <div className="min-w-0">
        <Link href={inboxLeadPath(meeting.lead.id)} className="font-medium break-words text-cyan-300 hover:underline">
          {meeting.lead.first_name}
          <span className="text-slate-300"> · {meeting.lead.business_name}</span>
        </Link>
        <p className="mt-1 text-sm text-slate-400">{service}</p>
        {!sameClock(meeting.time_zone) && (
          <p className="mt-1 text-sm text-slate-400">{format(a.theirTime, { time: clockIn(meeting.start, meeting.time_zone), zone: zoneName(meeting.time_zone, locale, new Date(meeting.start)) })}</p>
        )}
        <a href={`tel:${phone.replace(/\s+/g, '')}`} className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'mt-3 inline-flex gap-2')}>
          <Icon name="handset" className="size-4" />
          {format(a.call, { phone: meeting.lead.phone })}
        </a>
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        <MeetingStatusBadge status={meeting.status} />
        {meeting.status === 'booked' && !begun && (
          <>
            <p className="max-w-56 text-sm text-slate-400 sm:text-right">{format(a.fromStart, { time })}</p>
            <CancelCall id={meeting.id} start={meeting.start} onCancelled={(said) => onMarked(`${meeting.lead.first_name}: ${said}`)} />
          </>
        )}
        {meeting.status !== 'booked' && now < undoUntil && (
          <div className="flex flex-wrap items-center gap-2 sm:justify-end">
            <p className="text-sm text-slate-400">{format(a.undoUntil, { time: sofiaOf(new Date(undoUntil).toISOString()).time })}</p>
            <Button size="sm" variant="secondary" disabled={saving} onClick={() => void undo()}>
              {a.undo}
            </Button>
          </div>
        )}
        {meeting.status === 'booked' && begun && !asking && (
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={saving} onClick={() => void mark('held')}>
              {a.markHeld}
            </Button>
            <Button size="sm" variant="ghost" disabled={saving} onClick={() => setAsking(true)}>
              {a.markNoShow}
            </Button>
          </div>
        )}
        {meeting.status === 'booked' && begun && asking && (
          <ConfirmPanel confirm={a.confirmNoShow} back={a.back} busy={saving} busyLabel={a.saving} onConfirm={() => void mark('no_show')} onBack={() => setAsking(false)}>
            <label className="flex items-start gap-2 text-slate-200">
              <input type="checkbox" checked={offer} onChange={(e) => setOffer(e.target.checked)} className="mt-1 size-4 shrink-0 accent-cyan-400" />
              {a.offer}
            </label>
          </ConfirmPanel>
        )}
        <ErrorLine error={error} />
      </div>
    </li>
  );
}
