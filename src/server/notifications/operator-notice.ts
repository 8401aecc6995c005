// What the agency is told of a change, before any channel dresses it: a title, a sentence or two, the
// lead's fields with the booking dialog's labels (the phone dialling its E.164, the address mailing it),
// and the link to the lead in the inbox, in the operator's language on Sofia's clock. The email
// composes it as a mail (email.ts); the chats as their own messages (channels/slack.ts, teams.ts,
// telegram.ts). One source for what each says.
import { format } from '../../content/i18n/index.ts';
import { inboxTexts } from '../../content/i18n/inbox.ts';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import type { OutboxKind } from '../../shared/inbox.ts';
import type { Lead } from '../leads/lead-store.ts';
import type { ConversationFacts, Facts } from './facts.ts';
import type { MeetingNotice } from './meeting-mail.ts';
import { leadNames, leadRows, readableTime, type Link, type Row } from './mail-parts.ts';
import { callbackClock, callbackDeadline } from './reminders.ts';

export interface OperatorNotice {
  /** The mail's subject; a chat message's heading. */
  title: string;
  paragraphs: string[];
  rows: Row[];
  /** The lead in the inbox. */
  link: Link;
}

/** The kinds the operator's channels announce of a meeting. */
export const OPERATOR_MEETING_KINDS = ['meeting.booked', 'meeting.rescheduled', 'meeting.cancelled'] as const;
export type OperatorMeetingKind = (typeof OPERATOR_MEETING_KINDS)[number];
const isOperatorMeetingKind = (kind: OutboxKind): kind is OperatorMeetingKind => (OPERATOR_MEETING_KINDS as readonly string[]).includes(kind);

/** Where the lead came from: the way it came in (the form, a call with Alex, a chat with Lana) and its campaign's source and name. */
function originRows(lead: Lead, locale: Locale): Row[] {
  const t = notificationTexts[locale];
  const assistant = lead.source === 'voice' || lead.source === 'chat' ? inboxTexts[locale].assistants[lead.source] : '';
  const rows: Row[] = [[t.cameThrough, format(t.ways[lead.source === 'voice' || lead.source === 'chat' ? lead.source : 'form'], { assistant })]];
  const source = lead.utm_source ?? lead.referrer_host;
  if (source) rows.push([t.source, source]);
  if (lead.utm_campaign) rows.push([t.campaign, lead.utm_campaign]);
  return rows;
}

/** A new lead, or its reminder while it still waits for a call: who, what, how to reach them, where from, and by when. */
export function leadNotice(kind: Extract<OutboxKind, 'lead.created' | 'lead.reminder'>, lead: Lead, locale: Locale, leadUrl: string, now: Date): OperatorNotice {
  const t = notificationTexts[locale];
  // On one line in the title and the sentences: a line break there would start a line of its own.
  const names = leadNames(lead);
  const clock = callbackClock(lead.created_at, now);
  const [title, intro] =
    kind === 'lead.reminder'
      ? [format(t.reminder.subject, { ...names, ...clock }), format(t.reminder.intro, { ...names, ...clock })]
      : [format(t.newLead.subject, names), format(t.newLead.intro, names)];
  const deadline = format(t.newLead.deadline, { deadline: readableTime(callbackDeadline(lead.created_at), locale) });
  const rows = leadRows(lead, locale);
  rows.push([t.language, isLocale(lead.locale) ? t.languages[lead.locale] : lead.locale]);
  rows.push(...originRows(lead, locale));
  rows.push([t.received, readableTime(new Date(lead.created_at), locale)]);
  return { title, paragraphs: [intro, deadline], rows, link: [t.open, leadUrl] };
}

/** A meeting's booking, move or cancellation, with its time on Sofia's clock. */
export function meetingNotice(kind: OperatorMeetingKind, meeting: Pick<MeetingNotice, 'start'>, lead: Lead, locale: Locale, leadUrl: string): OperatorNotice {
  const t = notificationTexts[locale];
  const texts = t.meeting.operator[kind === 'meeting.booked' ? 'booked' : kind === 'meeting.rescheduled' ? 'rescheduled' : 'cancelled'];
  const values = { ...leadNames(lead), when: readableTime(meeting.start, locale) };
  return { title: format(texts.subject, values), paragraphs: [format(texts.intro, values)], rows: leadRows(lead, locale), link: [t.open, leadUrl] };
}

/** A conversation with Alex or Lana that made or found the lead: who talked with whom, how long, and its summary. */
export function conversationNotice(conversation: ConversationFacts, lead: Lead, locale: Locale, leadUrl: string): OperatorNotice {
  const t = notificationTexts[locale];
  const c = t.conversation;
  const values = { ...leadNames(lead), assistant: inboxTexts[locale].assistants[conversation.channel] };
  const rows: Row[] = [];
  if (conversation.durationSeconds !== null) {
    const seconds = Math.round(conversation.durationSeconds);
    rows.push([c.length, format(c.minutes, { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })]);
  }
  rows.push(...leadRows(lead, locale));
  const summary = conversation.summary ? format(c.summary, { summary: conversation.summary }) : c.noSummary;
  const { callback } = conversation;
  if (callback && callback.outcome !== 'stopped') {
    // A call Alex placed: the subject says whether a person must follow up.
    const { outcome } = callback;
    const subject = outcome === 'booked' || outcome === 'answered' ? c.callback.subjects[outcome] : c.callback.subjects.missed;
    const reached = outcome === 'booked' || outcome === 'answered';
    const next = reached ? [] : [callback.nextTryMinutes !== null ? format(c.callback.tryAgain, { minutes: callback.nextTryMinutes }) : c.callback.followUp];
    return {
      title: format(subject, values),
      paragraphs: [[format(c.callback.intros[outcome], values), ...next].join(' '), ...(reached ? [summary] : [])],
      rows,
      link: [t.open, leadUrl],
    };
  }
  return { title: format(c.subject, values), paragraphs: [format(c.intro[conversation.channel], values), summary], rows, link: [t.open, leadUrl] };
}

/** The notice of an operator's entry: a new lead, its reminder, a change of its meeting, or a conversation, as its facts say. */
export function operatorNotice(kind: OutboxKind, { lead, meeting, at, conversation }: Facts, locale: Locale, leadUrl: string): OperatorNotice {
  if (meeting && isOperatorMeetingKind(kind)) return meetingNotice(kind, meeting, lead, locale, leadUrl);
  if (conversation && kind === 'conversation.ended') return conversationNotice(conversation, lead, locale, leadUrl);
  return leadNotice(kind === 'lead.reminder' ? 'lead.reminder' : 'lead.created', lead, locale, leadUrl, at);
}
