// Where Alex's calling back a lead stands, from the lead's calls (shared/callbacks.ts) and its outbox
// entries for the `callback` channel (a call not placed yet: the first, or a try again after no answer).
// Pure, with `now` passed in, so the tests need no fake timers.
import { format } from '../../content/i18n/format.ts';
import type { InboxTexts } from '../../content/i18n/inbox.ts';
import type { CallbackJson, CallOutcome, CallStatus } from '../../shared/callbacks.ts';
import type { DeliverySummary, LeadView } from '../../shared/inbox.ts';
import { dateText, dateTimeText } from '../../shared/inbox-time.ts';
import type { Locale } from '../../shared/locale.ts';
import { sofiaTime } from '../../shared/meeting-times.ts';
import { durationText } from '../conversations/conversation-text.ts';

/** A `callback` outbox entry; a pending one's `next_attempt_at` is when it is placed. */
type CallbackDelivery = DeliverySummary;

/** What the card says of the calls as a whole, or of one try. */
export type CallbackState =
  | { kind: 'scheduled'; at: string | null }
  | { kind: 'calling' }
  | { kind: 'ended' }
  | { kind: 'outcome'; outcome: CallOutcome; seconds: number | null }
  | { kind: 'next'; at: string }
  | { kind: 'placing' }
  | { kind: 'notPlaced' }
  | { kind: 'none' };

/** Vapi's statuses of a call under way, not yet ended. */
const UNDER_WAY: ReadonlySet<CallStatus> = new Set(['queued', 'ringing', 'in-progress', 'forwarding']);

const callbackDeliveries = (view: Pick<LeadView, 'deliveries'>): CallbackDelivery[] =>
  view.deliveries.filter((d) => d.channel === 'callback' && d.kind === 'callback.call');

/** The call not placed yet, the one due soonest; undefined when none waits. */
function waitingCall(view: Pick<LeadView, 'deliveries'>): CallbackDelivery | undefined {
  const due = (d: CallbackDelivery) => Date.parse(d.next_attempt_at ?? d.created_at);
  return callbackDeliveries(view)
    .filter((d) => d.status === 'pending')
    .sort((a, b) => due(a) - due(b))[0];
}

/** The id of a conversation's part of the lead's page, which its try links to. */
export const conversationAnchor = (conversationId: string) => `conversation-${conversationId}`;

/** What one call came to, or where it is while it has no outcome. */
export function tryStateOf(call: CallbackJson): CallbackState {
  if (call.outcome) return { kind: 'outcome', outcome: call.outcome, seconds: call.durationSeconds };
  if (call.status === 'scheduled') return { kind: 'scheduled', at: call.scheduledFor };
  if (call.status === 'ended') return { kind: 'ended' };
  return { kind: 'calling' };
}

/**
 * Where the calls stand: a call waiting to be placed first (a try again outlives the try before it),
 * then the latest call, then a call that could not be placed; `none` for a lead that asked and got none.
 */
export function callbackStateOf(view: Pick<LeadView, 'deliveries' | 'callbacks'>, now: number): CallbackState {
  const waiting = waitingCall(view);
  if (waiting) {
    const at = waiting.next_attempt_at ?? waiting.created_at;
    return Date.parse(at) > now ? { kind: 'next', at } : { kind: 'placing' };
  }
  const last = view.callbacks.at(-1);
  if (last) return tryStateOf(last);
  if (callbackDeliveries(view).some((d) => d.status === 'failed')) return { kind: 'notPlaced' };
  return { kind: 'none' };
}

/** Whether the lead's page has the card: a call placed or to be placed, or a lead that asked for one. */
export function hasCallback(view: Pick<LeadView, 'lead' | 'deliveries' | 'callbacks'>): boolean {
  return view.callbacks.length > 0 || view.lead.callback_consent_at !== null || callbackDeliveries(view).some((d) => d.status !== 'delivered');
}

/**
 * Whether the calls may still change by themselves: a call under way (or not yet reported on) or held
 * for later, or one to be placed.
 */
export function isLive(view: Pick<LeadView, 'deliveries' | 'callbacks'>): boolean {
  return waitingCall(view) !== undefined || view.callbacks.some((c) => c.outcome === null && (c.status === null || c.status === 'scheduled' || UNDER_WAY.has(c.status)));
}

/** Whether Alex may still be stopped: a call held for the calling hours or queued, or one to be placed. */
export function canStop(view: Pick<LeadView, 'deliveries' | 'callbacks'>): boolean {
  return waitingCall(view) !== undefined || view.callbacks.some((c) => c.outcome === null && (c.status === 'scheduled' || c.status === 'queued'));
}

/** A time on Sofia's clock, as the inbox writes one: "09:45" today, "15 Dec 2026, 09:00" on another day. */
export function callTimeText(at: string, now: number, locale: Locale): string {
  return dateText(at, locale) === dateText(now, locale) ? sofiaTime(at, locale) : dateTimeText(at, locale);
}

/** The state in words: "Scheduled for 15 Dec 2026, 09:00", "Answered · 3 min 12 s", "Next try 09:45". */
export function callbackStateText(state: CallbackState, t: Pick<InboxTexts, 'callback' | 'conversations' | 'assistants'>, locale: Locale, now: number): string {
  const s = t.callback.states;
  switch (state.kind) {
    case 'scheduled':
      return state.at ? format(s.scheduled, { time: callTimeText(state.at, now, locale) }) : s.calling;
    case 'next':
      return format(s.next, { time: callTimeText(state.at, now, locale) });
    case 'outcome':
      return state.outcome === 'answered' && state.seconds !== null
        ? `${s.answered} · ${durationText(state.seconds, t)}`
        : s[state.outcome];
    default:
      return s[state.kind];
  }
}
