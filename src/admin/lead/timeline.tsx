// The lead's timeline: its creation, each notification's outcome, each change of status, each note, and
// its being taken for spam or restored, with who did it and when.
import { format } from '../../content/i18n/format.ts';
import type { IconName } from '../../shared/icon-names.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../shared/booking.ts';
import type { TimelineEntry } from '../../shared/inbox.ts';
import { isSpamReason } from '../../shared/spam.ts';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { dateTimeText } from '../../shared/inbox-time.ts';
import { useInbox, type Inbox } from '../inbox-context.ts';

/** A notification's channel and kind, in words (its text as stored, for an entry without them). */
function notificationText({ channel, kind, detail }: TimelineEntry, { t, channel: names }: Inbox): string {
  if (!channel) return detail;
  const channelName = names(channel).name;
  const kindName = kind ? t.kinds[kind] : undefined;
  return kindName ? `${channelName} (${kindName})` : channelName;
}

const isStatus = (s: string): s is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(s);

/** An entry's detail in words: a status's or a spam reason's name, a notification's channel and kind. */
function detailText(entry: TimelineEntry, inbox: Inbox): string {
  const { t, locale } = inbox;
  // A meeting's entries hold its start as an instant; the inbox says it on Sofia's clock.
  if (entry.type.startsWith('meeting.')) return Number.isNaN(Date.parse(entry.detail)) ? entry.detail : dateTimeText(new Date(entry.detail), locale);
  if (entry.type === 'status') return isStatus(entry.detail) ? t.statuses[entry.detail] : entry.detail;
  if (entry.type === 'spam') return isSpamReason(entry.detail) ? t.spam.reasons[entry.detail] : entry.detail;
  return notificationText(entry, inbox);
}

const EVENT_ICONS: Record<TimelineEntry['type'], { icon: IconName; look: string }> = {
  created: { icon: 'inbox', look: 'bg-indigo-400/15 text-indigo-200' },
  'notification.delivered': { icon: 'check', look: 'bg-emerald-400/15 text-emerald-200' },
  'notification.failed': { icon: 'close', look: 'bg-rose-500/15 text-rose-200' },
  status: { icon: 'repeat', look: 'bg-sky-400/15 text-sky-200' },
  note: { icon: 'chat', look: 'bg-amber-400/15 text-amber-200' },
  spam: { icon: 'close', look: 'bg-slate-500/20 text-slate-300' },
  restored: { icon: 'repeat', look: 'bg-emerald-400/15 text-emerald-200' },
  'meeting.booked': { icon: 'calendar-blank', look: 'bg-indigo-400/15 text-indigo-200' },
  'meeting.rescheduled': { icon: 'calendar-blank', look: 'bg-sky-400/15 text-sky-200' },
  'meeting.cancelled': { icon: 'close', look: 'bg-slate-500/20 text-slate-300' },
  'meeting.held': { icon: 'check', look: 'bg-emerald-400/15 text-emerald-200' },
  'meeting.no_show': { icon: 'close', look: 'bg-amber-400/15 text-amber-200' },
};

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const inbox = useInbox();
  const { t, locale } = inbox;
  // Leads stored before the timeline existed have none.
  if (entries.length === 0) return <p className="text-sm text-slate-400">{t.lead.noTimeline}</p>;
  return (
    <ol className="space-y-5">
      {entries.map((entry, i) => {
        const { icon, look } = EVENT_ICONS[entry.type];
        const detail = detailText(entry, inbox);
        return (
          <li key={entry.id} className="relative flex gap-3">
            {i < entries.length - 1 && <span aria-hidden="true" className="absolute top-9 bottom-[-1.25rem] left-4 w-px bg-line" />}
            <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', look)}>
              <Icon name={icon} className="size-4" />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <p className="font-medium text-slate-100">{format(t.events[entry.type], { detail })}</p>
              {entry.type === 'note' && (
                <p className="mt-2 rounded-xl border border-line bg-slate-950/50 px-3.5 py-2.5 text-sm wrap-anywhere whitespace-pre-wrap text-slate-200">
                  {entry.detail}
                </p>
              )}
              <p className="mt-1 text-xs text-slate-400">
                {entry.operator_email ? format(t.byOperator, { email: entry.operator_email }) : t.bySite}
                <span aria-hidden="true"> · </span>
                <time dateTime={entry.created_at}>{dateTimeText(entry.created_at, locale)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
