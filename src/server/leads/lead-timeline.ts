// A lead's timeline: its arrival (its own created_at, never stored), then what was stored after it: a
// status change, a note, a restoration from spam, a call's outcome, each with the operator who made it.
import type { Kysely, Selectable } from 'kysely';
import { iso, newRowId, type Database, type LeadEventsTable } from '../store/database.ts';

/** An entry of a lead's timeline, its time as an ISO-8601 string. */
export type LeadEvent = Omit<Selectable<LeadEventsTable>, 'created_at'> & { created_at: string };

/** The operator who made a change, for the timeline. */
export interface Operator {
  id: string;
  email: string;
}

/** Adds an entry to a lead's timeline, inside the caller's transaction where it has one. */
export async function addLeadEvent(
  db: Kysely<Database>,
  event: Pick<LeadEvent, 'lead_id' | 'type' | 'detail' | 'created_at'> & Partial<Pick<LeadEvent, 'channel' | 'kind'>> & { by?: Operator | undefined },
): Promise<void> {
  await db
    .insertInto('lead_events')
    .values({
      id: newRowId(),
      lead_id: event.lead_id,
      type: event.type,
      detail: event.detail,
      channel: event.channel ?? null,
      kind: event.kind ?? null,
      operator_id: event.by?.id ?? null,
      operator_email: event.by?.email ?? null,
      created_at: event.created_at,
    })
    .execute();
}

/**
 * A lead's first timeline entry, its arrival: not stored, since the lead's created_at already says it
 * (one source for the fact, and one row fewer for every booking to write;
 * docs/decisions/023-arrival-derived.md). Its id is the lead's own, no stored entry's.
 */
const arrivalOf = (leadId: string, createdAt: string): LeadEvent => ({
  id: leadId,
  lead_id: leadId,
  type: 'created',
  detail: '',
  channel: null,
  kind: null,
  operator_id: null,
  operator_email: null,
  created_at: createdAt,
});

/** A lead's timeline, oldest first: its arrival (its own created_at), then what was stored after it. */
export async function leadEvents(db: Kysely<Database>, leadId: string): Promise<LeadEvent[]> {
  const [lead, rows] = await Promise.all([
    db.selectFrom('discovery_calls').select('created_at').where('id', '=', leadId).executeTakeFirst(),
    db
      .selectFrom('lead_events')
      .selectAll()
      // Stored by a server from before the arrival was derived (migration 010 removes them).
      .where('type', '!=', 'created')
      .where('lead_id', '=', leadId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  if (!lead) return [];
  return [arrivalOf(leadId, iso(lead.created_at)), ...rows.map((r) => ({ ...r, created_at: iso(r.created_at) }))];
}
