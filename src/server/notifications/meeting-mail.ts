// What a meeting sends: to the visitor, in the language they booked in, the invitation (an ICS request
// made with ical-generator, which mail clients offer to add), its update or cancellation under the same
// UID with the next SEQUENCE, the reminders before the call, and after a no-show the offer to pick
// another time; to the operator, the news of a booking, a move or a cancellation. Times are on the
// visitor's clock with Sofia's beside it for the visitor, on Sofia's for the operator.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Kysely, Selectable } from 'kysely';
import { icsText } from '../core/ics.ts';
import { format } from '../../content/i18n/index.ts';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { business } from '../../content/site.ts';
import type { OutboxKind } from '../../shared/inbox.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import { sameClock, sofiaTime, whenInWords, zoneName } from '../../shared/meeting-times.ts';
import type { MeetingStatus } from '../../shared/meetings.ts';
import { DISCOVERY_CALL_MINUTES } from '../../shared/promises.ts';
import { iso, type Database, type MeetingsTable } from '../store/database.ts';
import type { Lead } from '../leads/lead-store.ts';
import { compose, greetedName, type Link, type Mail } from './mail-parts.ts';

/** A meeting as its notices need it. */
export interface MeetingNotice {
  id: string;
  leadId: string;
  start: Date;
  end: Date;
  /** The visitor's IANA zone, the one their mails write times in. */
  timeZone: string;
  /** The invitation's SEQUENCE: 0 when booked, one more at each move and at the cancellation. */
  sequence: number;
  status: MeetingStatus;
}

/** A stored meeting's row as its notices (and the meetings' store) read it. */
export const meetingOfRow = (row: Selectable<MeetingsTable>): MeetingNotice => ({
  id: row.id,
  leadId: row.lead_id,
  start: new Date(iso(row.starts_at)),
  end: new Date(iso(row.ends_at)),
  timeZone: row.time_zone,
  sequence: row.sequence,
  status: row.status,
});

export async function meetingNoticeById(db: Kysely<Database>, id: string): Promise<MeetingNotice | undefined> {
  const row = await db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst();
  return row && meetingOfRow(row);
}

/** The invitation's UID: the meeting's id at the site's host, the same for every version of it. */
export const invitationUid = (meeting: Pick<MeetingNotice, 'id'>) => `${meeting.id}@${new URL(business.website).hostname}`;

const localeOf = (lead: Lead): Locale => (isLocale(lead.locale) ? lead.locale : 'en');

/**
 * The phone the visitor's mails name: only the number as we dial it (E.164, one line, digits and a
 * plus), never the text typed in the field, which anyone can fill with words of their own for a mail to
 * someone else's address. A lead from before every phone was checked may have none.
 */
const dialledPhone = (lead: Lead): string | undefined => (lead.phone_e164 && /^\+\d{6,15}$/.test(lead.phone_e164) ? lead.phone_e164 : undefined);

/** The calendar entry's title and text, in the visitor's language. */
function entryWords(lead: Lead, locale: Locale) {
  const t = notificationTexts[locale].meeting;
  const phone = dialledPhone(lead);
  return {
    summary: format(t.summary, { company: business.name }),
    description: phone ? format(t.description, { minutes: String(DISCOVERY_CALL_MINUTES), phone }) : format(t.descriptionWithoutPhone, { minutes: String(DISCOVERY_CALL_MINUTES) }),
  };
}

/**
 * The ICS of a meeting's version: `REQUEST` while it is booked (a new invitation, or the update of one
 * under the same UID with a higher SEQUENCE), `CANCEL` once it is cancelled. Organizer the agency,
 * attendee the visitor; times in UTC, so no calendar has to know a zone's rules.
 */
export function invitationIcs(meeting: MeetingNotice, lead: Lead, manageUrl: string, now: Date): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const locale = localeOf(lead);
  const cancelled = meeting.status === 'cancelled';
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: business.name, product: 'Discovery calls', language: locale.toUpperCase() }, method });
  const name = greetedName(lead.first_name);
  calendar.createEvent({
    id: invitationUid(meeting),
    sequence: meeting.sequence,
    stamp: now,
    start: meeting.start,
    end: meeting.end,
    ...entryWords(lead, locale),
    url: manageUrl,
    organizer: { name: business.name, email: business.email },
    attendees: [{ ...(name ? { name } : {}), email: lead.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION, rsvp: true }],
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { method: cancelled ? 'CANCEL' : 'REQUEST', content: icsText(calendar) };
}

/** `20261201T083000Z`: the form both calendars' links take. */
const basicUtc = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** "Add to Google / Outlook" for calendars that do not read the invitation: links that fill in a new event. */
export function calendarLinks(meeting: MeetingNotice, lead: Lead): { google: string; outlook: string } {
  const { summary, description } = entryWords(lead, localeOf(lead));
  const google = new URL('https://calendar.google.com/calendar/render');
  google.search = new URLSearchParams({ action: 'TEMPLATE', text: summary, dates: `${basicUtc(meeting.start)}/${basicUtc(meeting.end)}`, details: description }).toString();
  const outlook = new URL('https://outlook.live.com/calendar/0/action/compose');
  outlook.search = new URLSearchParams({
    rru: 'addevent',
    subject: summary,
    startdt: meeting.start.toISOString(),
    enddt: meeting.end.toISOString(),
    body: description,
  }).toString();
  return { google: google.href, outlook: outlook.href };
}

export type MeetingKind = Extract<OutboxKind, `meeting.${string}`>;

export const isMeetingKind = (kind: OutboxKind): kind is MeetingKind => kind.startsWith('meeting.');

/** The visitor's mail about their meeting, with the invitation where the kind carries one. */
export function visitorMeetingMail(
  kind: MeetingKind,
  meeting: MeetingNotice,
  lead: Lead,
  manageUrl: string,
  now: Date,
): Mail & { icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string } } {
  const locale = localeOf(lead);
  const t = notificationTexts[locale];
  const m = t.meeting;
  const start = meeting.start.toISOString();
  const when = format(m.when, { when: whenInWords(start, meeting.timeZone, locale), zone: zoneName(meeting.timeZone, locale, meeting.start) });
  const texts = { 'meeting.booked': m.booked, 'meeting.rescheduled': m.rescheduled, 'meeting.cancelled': m.cancelled, 'meeting.reminder': m.reminder, 'meeting.no_show': m.noShow }[kind];
  const name = greetedName(lead.first_name);
  const paragraphs = [name ? format(t.greeting, { name }) : t.greetingWithoutName, format(texts.intro, { when })];
  const ahead = kind === 'meeting.booked' || kind === 'meeting.rescheduled' || kind === 'meeting.reminder';
  if (!sameClock(meeting.timeZone) && kind !== 'meeting.no_show') paragraphs.push(format(m.sofia, { time: sofiaTime(start, locale) }));
  const phone = dialledPhone(lead);
  if (ahead && phone) paragraphs.push(format(m.callYou, { phone }));
  const links: Link[] = [];
  if (kind === 'meeting.booked' || kind === 'meeting.rescheduled') {
    const add = calendarLinks(meeting, lead);
    links.push([m.google, add.google], [m.outlook, add.outlook]);
  }
  // The call's own page first (the button): what the visitor most often needs.
  links.unshift([ahead ? m.manage : m.pickAgain, manageUrl]);
  const mail = compose(format(texts.subject, { when: whenInWords(start, meeting.timeZone, locale) }), paragraphs, [], links, business.name);
  const invites = kind === 'meeting.booked' || kind === 'meeting.rescheduled' || kind === 'meeting.cancelled';
  return invites ? { ...mail, icalEvent: invitationIcs(meeting, lead, manageUrl, now) } : mail;
}
