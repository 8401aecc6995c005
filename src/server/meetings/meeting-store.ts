// The meetings in the store every instance shares. A meeting is booked by one insert per seat that does
// nothing on a conflict: the unique index over the booked meetings' start and seat (migration 014)
// decides between two visitors at once, on any instance, and the lead moves to `scheduled` in the same
// transaction.
import type { Kysely } from 'kysely';
import { addLeadEvent, iso } from '../leads/lead-store.ts';
import { newRowId, type Database } from '../store/database.ts';
import type { Interval } from './availability.ts';

export interface Meeting {
  id: string;
  leadId: string;
  start: Date;
  end: Date;
  timeZone: string;
  sequence: number;
}

/** The booked meetings that overlap [from, to). */
export async function bookedBetween(db: Kysely<Database>, from: Date, to: Date): Promise<Interval[]> {
  const rows = await db
    .selectFrom('meetings')
    .select(['starts_at', 'ends_at'])
    .where('status', '=', 'booked')
    .where('starts_at', '<', to.toISOString())
    .where('ends_at', '>', from.toISOString())
    .execute();
  return rows.map((r) => ({ start: new Date(iso(r.starts_at)), end: new Date(iso(r.ends_at)) }));
}

/** The lead's booked meeting, if it has one. */
export async function bookedMeetingOf(db: Kysely<Database>, leadId: string): Promise<Meeting | undefined> {
  const row = await db.selectFrom('meetings').selectAll().where('lead_id', '=', leadId).where('status', '=', 'booked').executeTakeFirst();
  return row && { id: row.id, leadId: row.lead_id, start: new Date(iso(row.starts_at)), end: new Date(iso(row.ends_at)), timeZone: row.time_zone, sequence: row.sequence };
}

export interface BookRequest {
  leadId: string;
  slot: Interval;
  seats: number;
  timeZone: string;
  now?: Date;
}

/**
 * Books the slot for the lead on the first seat free at that time: the meeting, or `taken` when every
 * seat is held (or the lead has a booked meeting already, which the caller looks at first).
 */
export async function bookMeeting(db: Kysely<Database>, request: BookRequest): Promise<Meeting | 'taken'> {
  const now = (request.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    for (let seat = 0; seat < request.seats; seat++) {
      const id = newRowId();
      const inserted = await trx
        .insertInto('meetings')
        .values({
          id,
          lead_id: request.leadId,
          starts_at: request.slot.start.toISOString(),
          ends_at: request.slot.end.toISOString(),
          seat,
          status: 'booked',
          time_zone: request.timeZone,
          sequence: 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      // A booked time stops the 24-hour clock: the call is agreed.
      await trx.updateTable('discovery_calls').set({ status: 'scheduled', updated_at: now, status_since: now }).where('id', '=', request.leadId).execute();
      await addLeadEvent(trx, { lead_id: request.leadId, type: 'status', detail: 'scheduled', created_at: now });
      return { id, leadId: request.leadId, start: request.slot.start, end: request.slot.end, timeZone: request.timeZone, sequence: 0 };
    }
    return 'taken';
  });
}
