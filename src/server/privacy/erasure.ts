// Erasure: a lead goes with everything that hangs off it (its timeline and notes, its notifications and
// their delivery logs, its search row), in one transaction, and leaves an audit entry that says why,
// when, by whom and how many, and nothing about the person (docs/decisions/014-erasure-and-retention.md).
// The operator erases a person (every lead with their email) on request; the daily sweep
// (retention.ts) erases the leads kept long enough.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ErasureReason, ExportedMeeting, PersonExport } from '../../shared/inbox.ts';
import { createOutbox, deliverySummaryOf, enqueue } from '../notifications/outbox.ts';
import { confirmationKeyPrefix, type MeetingRef, type NewEntry } from '../notifications/entries.ts';
import { meetingOfRow } from '../notifications/meeting-mail.ts';
import { iso, newRowId, type Database, type Dialect } from '../store/database.ts';
import { leadById } from '../leads/lead-store.ts';
import { leadEvents } from '../leads/lead-timeline.ts';
import { aiCallsDeclinedAt, callbacksOfLead } from '../leads/callbacks.ts';
import { conversationsOfLead } from '../leads/conversation-store.ts';
import { leadsWithEmail, timelineEntryOf } from '../leads/lead-queries.ts';

/** Who erased and why, for the audit entry. */
export interface ErasureAudit {
  reason: ErasureReason;
  /** The operator who asked; null for the site's own sweep. */
  operatorId: string | null;
  at: Date;
  /**
   * The entries a call's cancellation writes (notifications' meetingNotices.entries): with it, a call
   * still ahead that the erasure takes away is announced as cancelled to the visitor and the webhook,
   * by entries that outlive the lead and are deleted once sent.
   */
  cancellations?: (meeting: MeetingRef) => NewEntry[];
}

/** Writes, before the leads go, the cancellation of each of their calls still ahead (ErasureAudit.cancellations). */
async function announceCancelled(trx: Transaction<Database>, ids: readonly string[], audit: ErasureAudit): Promise<void> {
  if (!audit.cancellations) return;
  const at = audit.at;
  const ahead = await trx.selectFrom('meetings').selectAll().where('lead_id', 'in', ids).where('status', '=', 'booked').where('starts_at', '>', at.toISOString()).execute();
  for (const row of ahead) {
    const lead = await leadById(trx, row.lead_id);
    if (!lead) continue;
    const meeting = { ...meetingOfRow(row), status: 'cancelled' as const, sequence: row.sequence + 1 };
    const entries = audit
      .cancellations({ id: meeting.id, leadId: meeting.leadId, sequence: meeting.sequence })
      // The operator erased it: their own mail would tell them nothing new.
      .filter((e) => e.channel !== 'email')
      .map((e) => ({ ...e, leadId: null, facts: { at, lead, meeting, erased: true } }));
    await enqueue(trx, entries, at);
  }
}

/** Leads deleted by one statement: well under either database's limit on bound values. */
const CHUNK = 500;

/**
 * Deletes the leads and what hangs off them inside the caller's transaction, and writes the audit
 * entry when any went; returns how many went. Deleting what is already gone deletes nothing, so two
 * sweeps, or a sweep and an operator, may erase the same leads at once: each counts only its own.
 * The children go first, explicitly, rather than by the tables' ON DELETE CASCADE alone; the cascades
 * still catch what a notification being recorded at that moment adds (outbox.ts's `record`).
 */
export async function eraseLeads(trx: Transaction<Database>, ids: readonly string[], audit: ErasureAudit): Promise<number> {
  let erased = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await announceCancelled(trx, chunk, audit);
    await trx
      .deleteFrom('delivery_attempts')
      .where('outbox_id', 'in', (eb) => eb.selectFrom('outbox').select('id').where('lead_id', 'in', chunk))
      .execute();
    await trx.deleteFrom('outbox').where('lead_id', 'in', chunk).execute();
    await trx.deleteFrom('lead_events').where('lead_id', 'in', chunk).execute();
    await trx.deleteFrom('meetings').where('lead_id', 'in', chunk).execute();
    // The conversations that made the leads, and the tools' answers that name them.
    await trx.deleteFrom('conversations').where('lead_id', 'in', chunk).execute();
    await trx.deleteFrom('assistant_tool_calls').where('lead_id', 'in', chunk).execute();
    // Alex's calls stopped for them go; a refusal of AI calls stays, honoured, naming no lead.
    await trx.deleteFrom('callback_stops').where('lead_id', 'in', chunk).execute();
    await trx.updateTable('ai_call_refusals').set({ lead_id: null }).where('lead_id', 'in', chunk).execute();
    // The search row goes by the table's trigger on SQLite (store/migrations/); on PostgreSQL it is an index.
    const deleted = await trx.deleteFrom('discovery_calls').where('id', 'in', chunk).executeTakeFirst();
    erased += Number(deleted.numDeletedRows);
  }
  if (erased > 0) {
    await trx
      .insertInto('erasures')
      .values({ id: newRowId(), reason: audit.reason, lead_count: erased, operator_id: audit.operatorId, erased_at: audit.at.toISOString() })
      .execute();
  }
  return erased;
}

/**
 * SQLite: the log of recent writes (WAL) still holds the pages as they were before the erasure until
 * it is copied into the file; copying it now and emptying it leaves the erased rows nowhere. Best
 * effort: a reader holding an old snapshot (a backup under way) keeps it from emptying, and the next
 * checkpoint does it.
 */
export async function forgetOldPages(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

/** How many leads carry the email (as the store keeps it: personQuery has normalised it). */
export async function leadCountOf(db: Kysely<Database>, email: string): Promise<number> {
  const row = await db
    .selectFrom('discovery_calls')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type PersonErasure = { erased: number } | { changed: number };

/**
 * Erases every lead with the email, if there are still `expected` of them; otherwise erases nothing
 * and says how many there are now. With them goes the outbox's memory of the address (the visitor
 * confirmation's dedupe key holds its hash), whichever lead it hangs off.
 */
export async function erasePerson(
  db: Kysely<Database>,
  email: string,
  expected: number,
  audit: Omit<ErasureAudit, 'reason'>,
): Promise<PersonErasure> {
  return db.transaction().execute(async (trx) => {
    const ids = (await trx.selectFrom('discovery_calls').select('id').where('email', '=', email).execute()).map((r) => r.id);
    if (ids.length !== expected) return { changed: ids.length };
    const remembered = trx.selectFrom('outbox').select('id').where('dedupe_key', 'like', `${confirmationKeyPrefix(email)}%`);
    await trx.deleteFrom('delivery_attempts').where('outbox_id', 'in', remembered).execute();
    await trx.deleteFrom('outbox').where('dedupe_key', 'like', `${confirmationKeyPrefix(email)}%`).execute();
    return { erased: await eraseLeads(trx, ids, { ...audit, reason: 'request' }) };
  });
}

/** A lead's meetings, oldest first, as the person's export lists them. */
async function meetingsOf(db: Kysely<Database>, leadId: string): Promise<ExportedMeeting[]> {
  const rows = await db
    .selectFrom('meetings')
    .select(['starts_at', 'ends_at', 'status', 'time_zone', 'created_at', 'updated_at'])
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    start: iso(r.starts_at),
    end: iso(r.ends_at),
    status: r.status,
    time_zone: r.time_zone,
    booked_at: iso(r.created_at),
    changed_at: iso(r.updated_at),
  }));
}

/** Every lead with the email, each with its timeline, notifications and meetings; undefined when none has it. */
export async function personExport(db: Kysely<Database>, dialect: Dialect, email: string, now: Date): Promise<PersonExport | undefined> {
  const leads = await leadsWithEmail(db, email);
  if (leads.length === 0) return undefined;
  const outbox = createOutbox(db, dialect);
  return {
    email,
    exported_at: now.toISOString(),
    leads: await Promise.all(
      leads.map(async (lead) => {
        const [events, deliveries, meetings, conversations, callbacks, aiCallsDeclined] = await Promise.all([
          leadEvents(db, lead.id),
          outbox.deliveriesOf(lead.id),
          meetingsOf(db, lead.id),
          conversationsOfLead(db, lead.id),
          callbacksOfLead(db, lead.id),
          aiCallsDeclinedAt(db, lead.phone_e164),
        ]);
        // The operators' addresses are theirs, not the person's: the timeline says what happened and when.
        const timeline = events.map(timelineEntryOf).map(({ operator_email: _operator, ...entry }) => entry);
        return { ...lead, timeline, deliveries: deliveries.map(deliverySummaryOf), meetings, conversations, callbacks, ai_calls_declined_at: aiCallsDeclined };
      }),
    ),
  };
}
