// Which notifications a change gets: the plan of configured channels, and for each change (a new lead,
// a reminder, a meeting's booking, move or cancellation, its reminders, a missed call) the entries to
// write, each with the dedupe key that makes it once. Nothing here touches the database: the outbox
// (outbox.ts) writes what these return.
import { createHash } from 'node:crypto';
import { phoneCountry, phoneHash } from '../leads/phone.ts';
import type { Lead } from '../leads/lead-store.ts';
import type { ConversationFacts, Facts } from './facts.ts';
import type { Channel, OutboxKind } from '../../shared/inbox.ts';

/** Which notifications a new lead gets: the channels that are configured. */
export interface NotificationPlan {
  /** The operator's channels that are configured, in the registry's order (channels/index.ts). */
  operator: readonly Channel[];
  visitorConfirmation: boolean;
  /** Whether the visitor is mailed about their meeting: the invitation, its changes and reminders. */
  visitorMeetings: boolean;
  /** The countries whose numbers Alex phones when their lead asked for it (channels/callback.ts); none: no calls. */
  callbackCountries?: readonly string[];
  /** How often, and how long after a missed call, Alex tries a lead again (channels/callback.ts). */
  callbackRetry?: { attempts: number; afterMs: number };
}

export interface NewEntry {
  /** Null for a notice that outlives its erased lead; it then carries its facts. */
  leadId: string | null;
  channel: Channel;
  kind: OutboxKind;
  dedupeKey: string;
  /** The meeting a `meeting.*` entry is about. */
  meetingId?: string;
  /** Not sent before this moment (a notice an operator may still take back); at once without it. */
  notBefore?: Date;
  /** What it says; enqueue() reads them from the database (in its transaction) when they are not given. */
  facts?: Facts;
}

/** Providers whose addresses reach one inbox whatever dots the name has. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The inbox an address reaches: in lower case, without a `+tag` (`ana+1@…` is `ana@…`), and at Gmail
 * without the dots in the name (`a.n.a@googlemail.com` is `ana@gmail.com`). Variants of one address
 * therefore share its one confirmation a day.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const domain = address.slice(at + 1);
  let name = address.slice(0, at).split('+')[0] || address.slice(0, at);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) name = name.replaceAll('.', '');
  return `${name}@${dotless ?? domain}`;
}

/** The email as the dedupe key holds it: its mailbox, hashed, so the outbox does not repeat the address. */
const emailHash = (email: string) => createHash('sha256').update(mailboxOf(email)).digest('hex');

/**
 * The start of every confirmation's dedupe key for one address, the day following it: how the outbox
 * remembers that an address was mailed today. The hash still points at the person, so an erasure of
 * the person removes these entries too (privacy/erasure.ts).
 */
export const confirmationKeyPrefix = (email: string): string => `visitor.confirmation:${emailHash(email)}:`;

/** The entries a new lead gets: one per configured operator channel, and the visitor's confirmation. */
export function leadCreatedEntries(lead: Lead, plan: NotificationPlan, now: Date): NewEntry[] {
  const facts: Facts = { at: now, lead };
  const entries: NewEntry[] = plan.operator.map((channel) => ({
    leadId: lead.id,
    channel,
    kind: 'lead.created',
    dedupeKey: `lead.created:${lead.id}:${channel}`,
    facts,
  }));
  const country = lead.phone_e164 ? phoneCountry(lead.phone_e164) : undefined;
  if (lead.callback_consent_at && lead.phone_e164 && country && plan.callbackCountries?.includes(country)) {
    // One call a day (UTC) per number, whoever books with it: a form anyone can fill in cannot make Alex
    // ring a stranger's phone again and again. The number is hashed, as a confirmation's address is.
    const day = now.toISOString().slice(0, 10);
    const number = phoneHash(lead.phone_e164);
    entries.push({ leadId: lead.id, channel: 'callback', kind: 'callback.call', dedupeKey: `callback.call:${number}:${day}`, facts });
  }
  if (plan.visitorConfirmation) {
    // One confirmation per address per (UTC) day, so the form cannot flood someone's mailbox.
    const day = now.toISOString().slice(0, 10);
    entries.push({
      leadId: lead.id,
      channel: 'visitor',
      kind: 'visitor.confirmation',
      dedupeKey: `${confirmationKeyPrefix(lead.email)}${day}`,
      facts,
    });
  }
  return entries;
}

/** Alex's next try at a lead not reached, when it has one left: after the wait, placed within the calling hours. */
export function callbackRetryEntry(leadId: string, attempt: number, plan: NotificationPlan, now: Date): NewEntry | undefined {
  const retry = plan.callbackRetry;
  if (!retry || attempt >= retry.attempts) return undefined;
  return { leadId, channel: 'callback', kind: 'callback.call', dedupeKey: `callback.call:${leadId}:try-${attempt + 1}`, notBefore: new Date(now.getTime() + retry.afterMs) };
}

/** The reminder entries of a lead still pending: one per operator channel, ever. */
export function reminderEntries(leadId: string, plan: NotificationPlan): NewEntry[] {
  return plan.operator.map((channel) => ({
    leadId,
    channel,
    kind: 'lead.reminder',
    dedupeKey: `lead.reminder:${leadId}:${channel}`,
  }));
}

/** The kinds a meeting's change sends: to the operator's channels and, with the invitation, the visitor. */
export type MeetingChange = Extract<OutboxKind, 'meeting.booked' | 'meeting.rescheduled' | 'meeting.cancelled'>;

/** What the outbox needs of a meeting to name its entries. */
export interface MeetingRef {
  id: string;
  leadId: string;
  /** The invitation's SEQUENCE after the change: one entry per version of the meeting. */
  sequence: number;
}

/**
 * A meeting's change: one entry per configured operator channel, and the visitor's invitation (or its
 * update or cancellation). Each version of the meeting (its sequence) is announced once.
 */
export function meetingChangeEntries(kind: MeetingChange, meeting: MeetingRef, plan: NotificationPlan): NewEntry[] {
  const channels: Channel[] = [...plan.operator, ...(plan.visitorMeetings ? (['visitor'] as const) : [])];
  return channels.map((channel) => ({
    leadId: meeting.leadId,
    channel,
    kind,
    dedupeKey: `${kind}:${meeting.id}:${meeting.sequence}:${channel}`,
    meetingId: meeting.id,
  }));
}

/** The visitor's reminder `before` a meeting's version (`24h`, `1h`): once each, however many instances scan. */
export function meetingReminderEntry(meeting: MeetingRef, before: string): NewEntry {
  return {
    leadId: meeting.leadId,
    channel: 'visitor',
    kind: 'meeting.reminder',
    dedupeKey: `meeting.reminder:${meeting.id}:${meeting.sequence}:${before}`,
    meetingId: meeting.id,
  };
}

/** The visitor's offer to pick another time after a missed call: once per meeting. */
export function noShowEntry(meeting: Pick<MeetingRef, 'id' | 'leadId'>): NewEntry {
  return { leadId: meeting.leadId, channel: 'visitor', kind: 'meeting.no_show', dedupeKey: `meeting.no_show:${meeting.id}:visitor`, meetingId: meeting.id };
}

/**
 * A conversation with an assistant that made or found a lead, once its report came: one entry per
 * configured operator channel, with its summary, once per call.
 */
export function conversationEntries(lead: Lead, conversation: ConversationFacts, plan: NotificationPlan, now: Date): NewEntry[] {
  const facts: Facts = { at: now, lead, conversation };
  return plan.operator.map((channel) => ({
    leadId: lead.id,
    channel,
    kind: 'conversation.ended',
    dedupeKey: `conversation.ended:${conversation.callId}:${channel}`,
    facts,
  }));
}
