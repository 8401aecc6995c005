// The calls Alex places to a lead who asked for one (notifications/channels/callback.ts places them):
// each is a conversation of the lead (migration 025) from the moment Vapi answers with its id, with
// which try it is, Vapi's last status and, once its report came, what came of it. What holds a call
// back is read here too: a lead is phoned only while nothing has happened to it since it asked.
import type { Kysely } from 'kysely';
import { callOutcomeOf, type CallbackJson, type CallOutcome, type CallStatus } from '../../shared/callbacks.ts';
import type { Locale } from '../../shared/locale.ts';
import { iso, newRowId, type Database } from '../store/database.ts';
import { phoneHash } from './phone.ts';

/** A call Vapi took: its id, its status (`scheduled` when it waits for the calling hours) and when it is to ring. */
export interface PlacedCall {
  leadId: string;
  callId: string;
  locale: Locale;
  status: CallStatus | null;
  scheduledFor: Date | null;
}

/** Keeps a call Vapi took as the lead's next try; the try's number (0: the lead is gone, nothing kept). */
export async function recordPlacedCall(db: Kysely<Database>, call: PlacedCall, at: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // A lead erased while its call was being placed keeps nothing of it.
    if (!(await trx.selectFrom('discovery_calls').select('id').where('id', '=', call.leadId).executeTakeFirst())) return 0;
    const row = await trx
      .selectFrom('conversations')
      .select((eb) => eb.fn.max('callback_attempt').as('last'))
      .where('lead_id', '=', call.leadId)
      .executeTakeFirst();
    const attempt = Number(row?.last ?? 0) + 1;
    await trx
      .insertInto('conversations')
      .values({
        id: newRowId(),
        call_id: call.callId,
        channel: 'voice',
        locale: call.locale,
        lead_id: call.leadId,
        callback_attempt: attempt,
        call_status: call.status,
        scheduled_for: call.scheduledFor?.toISOString() ?? null,
        created_at: at.toISOString(),
      })
      // A message of the call may have come first (it names the lead too): the row is made a try.
      .onConflict((oc) =>
        oc.column('call_id').doUpdateSet({ callback_attempt: attempt, lead_id: call.leadId, scheduled_for: call.scheduledFor?.toISOString() ?? null }),
      )
      .execute();
    return attempt;
  });
}

/** Whether a conversation's end-of-call report has come. */
export async function isReported(db: Kysely<Database>, callId: string): Promise<boolean> {
  const row = await db.selectFrom('conversations').select('reported_at').where('call_id', '=', callId).executeTakeFirst();
  return row?.reported_at !== null && row?.reported_at !== undefined;
}

/** Vapi's status-update of a call Alex placed; an ended call is not taken back to an earlier status. */
export async function recordCallStatus(db: Kysely<Database>, callId: string, status: CallStatus): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ call_status: status })
    .where('call_id', '=', callId)
    .where('callback_attempt', 'is not', null)
    .where((eb) => eb.or([eb('call_status', 'is', null), eb('call_status', '!=', 'ended')]))
    .execute();
}

/** What came of a call Alex placed, once its report is stored; undefined for a conversation a visitor started. */
export interface SettledCall {
  leadId: string;
  attempt: number;
  outcome: CallOutcome;
}

/**
 * Reads what came of a call Alex placed from its report (its `endedReason`, and whether a booking was
 * made in it) and keeps it; the first reading stands.
 */
export async function settleCall(db: Kysely<Database>, callId: string): Promise<SettledCall | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select(['lead_id', 'callback_attempt', 'ended_reason', 'outcome'])
    .where('call_id', '=', callId)
    .executeTakeFirst();
  if (!row?.lead_id || row.callback_attempt === null) return undefined;
  if (row.outcome) return { leadId: row.lead_id, attempt: Number(row.callback_attempt), outcome: row.outcome };
  const booking = await db
    .selectFrom('assistant_tool_calls')
    .select('tool_call_id')
    .where('call_id', '=', callId)
    .where('name', '=', 'book_discovery_call')
    .where('lead_id', '=', row.lead_id)
    .where('answer', 'like', '{"result"%')
    .executeTakeFirst();
  const meeting = booking
    ? await db.selectFrom('meetings').select('id').where('lead_id', '=', row.lead_id).where('status', '=', 'booked').executeTakeFirst()
    : undefined;
  const outcome = callOutcomeOf(row.ended_reason, meeting !== undefined);
  await db.updateTable('conversations').set({ outcome, call_status: 'ended' }).where('call_id', '=', callId).where('outcome', 'is', null).execute();
  return { leadId: row.lead_id, attempt: Number(row.callback_attempt), outcome };
}

/**
 * Why a lead is no longer to be phoned, or undefined while it still waits for the call it asked for:
 * gone, taken for spam, touched by an operator (its status changed), its number's person asked not to be
 * called by an AI, or its meeting booked.
 */
export async function callbackHeld(db: Kysely<Database>, leadId: string): Promise<string | undefined> {
  const lead = await db.selectFrom('discovery_calls').select(['status', 'spam_reason', 'phone_e164']).where('id', '=', leadId).executeTakeFirst();
  if (!lead) return 'the request no longer exists';
  if (lead.spam_reason !== null) return 'the request was taken for spam';
  const stop = await db.selectFrom('callback_stops').select('reason').where('lead_id', '=', leadId).executeTakeFirst();
  if (stop) return stop.reason;
  if (lead.status !== 'pending') return `an operator marked the request ${lead.status}`;
  if (lead.phone_e164 && (await db.selectFrom('ai_call_refusals').select('phone_hash').where('phone_hash', '=', phoneHash(lead.phone_e164)).executeTakeFirst())) {
    return 'the person asked not to be called by an AI';
  }
  const meeting = await db.selectFrom('meetings').select('id').where('lead_id', '=', leadId).where('status', '=', 'booked').executeTakeFirst();
  if (meeting) return 'a time is booked';
  return undefined;
}

/**
 * Keeps that the person of a lead's number asked not to be called by an AI again: no later request with
 * that number is rung by Alex. Whether the lead has a number to keep it for.
 */
export async function declineAiCalls(db: Kysely<Database>, leadId: string, at: Date): Promise<boolean> {
  const lead = await db.selectFrom('discovery_calls').select('phone_e164').where('id', '=', leadId).executeTakeFirst();
  if (!lead?.phone_e164) return false;
  await db
    .insertInto('ai_call_refusals')
    .values({ phone_hash: phoneHash(lead.phone_e164), lead_id: leadId, created_at: at.toISOString() })
    .onConflict((oc) => oc.column('phone_hash').doNothing())
    .execute();
  return true;
}

/** When the person of a lead's number asked not to be called by an AI; null while they have not. */
export async function aiCallsDeclinedAt(db: Kysely<Database>, phoneE164: string | null): Promise<string | null> {
  if (!phoneE164) return null;
  const row = await db.selectFrom('ai_call_refusals').select('created_at').where('phone_hash', '=', phoneHash(phoneE164)).executeTakeFirst();
  return row ? iso(row.created_at) : null;
}

/** Keeps that Alex is to call a lead no more, and why; the first reason stands. */
export async function recordCallbackStop(db: Kysely<Database>, leadId: string, reason: string, at: Date): Promise<void> {
  const lead = await db.selectFrom('discovery_calls').select('id').where('id', '=', leadId).executeTakeFirst();
  if (!lead) return;
  await db
    .insertInto('callback_stops')
    .values({ lead_id: leadId, reason: reason.slice(0, 200), created_at: at.toISOString() })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
}

/** The calls Vapi still holds to place (scheduled for the calling hours), with their leads. */
export async function scheduledCalls(db: Kysely<Database>, leadId?: string): Promise<{ callId: string; leadId: string }[]> {
  let query = db
    .selectFrom('conversations')
    .select(['call_id', 'lead_id'])
    .where('callback_attempt', 'is not', null)
    .where('call_status', '=', 'scheduled')
    .where('outcome', 'is', null);
  if (leadId) query = query.where('lead_id', '=', leadId);
  const rows = await query.execute();
  return rows.flatMap((r) => (r.lead_id ? [{ callId: r.call_id, leadId: r.lead_id }] : []));
}

/** How many calls Alex placed ring (or rang) from `from` to `to`: placed then, or scheduled for then; not those taken back. */
export async function callsRingingBetween(db: Kysely<Database>, from: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('callback_attempt', 'is not', null)
    .where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', '!=', 'stopped')]))
    .where((eb) => eb.fn.coalesce('scheduled_for', 'created_at'), '>=', from.toISOString())
    .where((eb) => eb.fn.coalesce('scheduled_for', 'created_at'), '<', to.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A call taken back before it rang. */
export async function markStopped(db: Kysely<Database>, callId: string): Promise<void> {
  await db.updateTable('conversations').set({ outcome: 'stopped', call_status: 'ended' }).where('call_id', '=', callId).where('outcome', 'is', null).execute();
}

/** The calls Alex placed to a lead, first try first. */
export async function callbacksOfLead(db: Kysely<Database>, leadId: string): Promise<CallbackJson[]> {
  const rows = await db
    .selectFrom('conversations')
    .select(['id', 'call_id', 'callback_attempt', 'call_status', 'outcome', 'scheduled_for', 'started_at', 'duration_seconds', 'created_at'])
    .where('lead_id', '=', leadId)
    .where('callback_attempt', 'is not', null)
    .orderBy('callback_attempt')
    .execute();
  return rows.map((r) => ({
    callId: r.call_id,
    conversationId: r.id,
    attempt: Number(r.callback_attempt),
    status: r.call_status,
    outcome: r.outcome,
    scheduledFor: r.scheduled_for === null ? null : iso(r.scheduled_for),
    startedAt: r.started_at === null ? null : iso(r.started_at),
    durationSeconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
    createdAt: iso(r.created_at),
  }));
}


/** The record of Alex's calls on one database, as the channel that places them uses it. */
export interface CallbackBook {
  /** Why a lead is no longer to be phoned, or undefined while it waits for its call. */
  held(leadId: string): Promise<string | undefined>;
  /** Keeps a call Vapi took; the try's number. */
  placed(call: PlacedCall): Promise<number>;
  /** The calls Vapi holds to place, of one lead or of all. */
  scheduled(leadId?: string): Promise<{ callId: string; leadId: string }[]>;
  /** A call taken back before it rang. */
  stopped(callId: string): Promise<void>;
  /** The calls that ring (or rang) from `from` to `to`: placed then, or scheduled for then. */
  ringingBetween(from: Date, to: Date): Promise<number>;
}

export const callbackBook = (db: Kysely<Database>, now: () => Date): CallbackBook => ({
  held: (leadId) => callbackHeld(db, leadId),
  placed: (call) => recordPlacedCall(db, call, now()),
  scheduled: (leadId) => scheduledCalls(db, leadId),
  stopped: (callId) => markStopped(db, callId),
  ringingBetween: (from, to) => callsRingingBetween(db, from, to),
});
