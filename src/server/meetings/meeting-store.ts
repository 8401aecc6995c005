// The meetings in the store every instance shares. A meeting is booked by one insert per seat that does
// nothing on a conflict: the unique index over the booked meetings' start and seat (migration 014)
// decides between two visitors at once, on any instance. A move changes the meeting's row in place (its
// id is the invitation's UID) to a seat no booked meeting holds at the new time, under the same index.
// Each change moves the lead, writes its timeline entry and its notices (outbox rows) in one transaction.
import type { Kysely, Transaction } from 'kysely';
import { addLeadEvent } from '../leads/lead-timeline.ts';
import { meetingOfRow, type MeetingNotice } from '../notifications/meeting-mail.ts';
import { enqueue } from '../notifications/outbox.ts';
import type { MeetingChange, MeetingRef, NewEntry } from '../notifications/entries.ts';
import { isUniqueViolation, newRowId, type Database } from '../store/database.ts';
import type { Interval } from './availability.ts';

export type Meeting = MeetingNotice;

/** The notices a meeting's change writes in its transaction (notifications' plan), and what to wake after. */
export interface MeetingNotices {
  entries(kind: MeetingChange, meeting: MeetingRef): NewEntry[];
  afterWrite?(): void;
  /** Whether the visitor is sent the invitation (mail is configured): the page says so. */
  invitesVisitor?: boolean;
}

const NO_NOTICES: MeetingNotices = { entries: () => [] };

const toMeeting = meetingOfRow;

/**
 * The booked meetings that overlap [from, to). Each time read as it comes (a string from SQLite, a Date
 * from PostgreSQL) in one step: the free slots read a month of meetings at every request.
 */
export async function bookedBetween(db: Kysely<Database>, from: Date, to: Date): Promise<Interval[]> {
  const rows = await db
    .selectFrom('meetings')
    .select(['starts_at', 'ends_at'])
    .where('status', '=', 'booked')
    .where('starts_at', '<', to.toISOString())
    .where('ends_at', '>', from.toISOString())
    .execute();
  return rows.map((r) => ({ start: new Date(r.starts_at), end: new Date(r.ends_at) }));
}

/** The meetings booked from a client network (its networkHash) that have not started at `at`. */
export async function heldFrom(db: Kysely<Database>, bookedFrom: string, at: Date): Promise<number> {
  const row = await db
    .selectFrom('meetings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('booked_from', '=', bookedFrom)
    .where('status', '=', 'booked')
    .where('starts_at', '>', at.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The lead's booked meeting, if it has one. */
export async function bookedMeetingOf(db: Kysely<Database>, leadId: string): Promise<Meeting | undefined> {
  const row = await db.selectFrom('meetings').selectAll().where('lead_id', '=', leadId).where('status', '=', 'booked').executeTakeFirst();
  return row && toMeeting(row);
}

/** The lead's latest meeting, whatever became of it: what its manage page shows. */
export async function latestMeetingOf(db: Kysely<Database>, leadId: string): Promise<Meeting | undefined> {
  const row = await db.selectFrom('meetings').selectAll().where('lead_id', '=', leadId).orderBy('updated_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row && toMeeting(row);
}

export interface BookRequest {
  leadId: string;
  slot: Interval;
  seats: number;
  timeZone: string;
  now?: Date;
  notices?: MeetingNotices;
  /** The client network the visitor's page booked from, hashed (networkHash); none for an assistant's booking. */
  bookedFrom?: string;
}

async function announce(trx: Transaction<Database>, notices: MeetingNotices, kind: MeetingChange, meeting: Meeting, at: Date) {
  await addLeadEvent(trx, { lead_id: meeting.leadId, type: kind, detail: meeting.start.toISOString(), created_at: at.toISOString() });
  await enqueue(trx, notices.entries(kind, meeting), at);
}

/** The lead's status, with its timeline entry, when it is not that already. */
async function moveLead(trx: Transaction<Database>, leadId: string, status: 'scheduled' | 'pending', at: string, from?: 'scheduled') {
  let update = trx.updateTable('discovery_calls').set({ status, updated_at: at, status_since: at }).where('id', '=', leadId).where('status', '!=', status);
  if (from) update = update.where('status', '=', from);
  const moved = await update.executeTakeFirst();
  if (moved.numUpdatedRows > 0n) await addLeadEvent(trx, { lead_id: leadId, type: 'status', detail: status, created_at: at });
}

/**
 * Books the slot for the lead on the first seat free at that time: the meeting, or `taken` when every
 * seat is held (or the lead has a booked meeting already, which the caller looks at first).
 */
export async function bookMeeting(db: Kysely<Database>, request: BookRequest): Promise<Meeting | 'taken'> {
  const at = request.now ?? new Date();
  const now = at.toISOString();
  const notices = request.notices ?? NO_NOTICES;
  const booked = await db.transaction().execute(async (trx) => {
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
          booked_from: request.bookedFrom ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      const meeting: Meeting = { id, leadId: request.leadId, start: request.slot.start, end: request.slot.end, timeZone: request.timeZone, sequence: 0, status: 'booked' };
      // A booked time stops the 24-hour clock: the call is agreed.
      await moveLead(trx, request.leadId, 'scheduled', now);
      await announce(trx, notices, 'meeting.booked', meeting, at);
      return meeting;
    }
    return 'taken' as const;
  });
  if (booked !== 'taken') notices.afterWrite?.();
  return booked;
}

export interface MoveRequest {
  meeting: Meeting;
  slot: Interval;
  seats: number;
  timeZone?: string;
  now?: Date;
  notices?: MeetingNotices;
}

/**
 * Moves a booked meeting to another slot, on a seat no booked meeting holds then: the meeting with its
 * next sequence; `taken` when every seat is held; `gone` when the meeting is no longer the booked one
 * it was (cancelled or moved meanwhile). Two moves to one seat at once: the unique index refuses the
 * second, which looks again and takes the next seat, or finds the time taken.
 */
export async function rescheduleMeeting(db: Kysely<Database>, request: MoveRequest): Promise<Meeting | 'taken' | 'gone'> {
  const at = request.now ?? new Date();
  const now = at.toISOString();
  const notices = request.notices ?? NO_NOTICES;
  const { meeting, slot } = request;
  const start = slot.start.toISOString();
  for (let attempt = 0; attempt <= request.seats; attempt++) {
    try {
      const moved = await db.transaction().execute(async (trx) => {
        for (let seat = 0; seat < request.seats; seat++) {
          const updated = await trx
            .updateTable('meetings')
            .set({ starts_at: start, ends_at: slot.end.toISOString(), seat, sequence: meeting.sequence + 1, updated_at: now, ...(request.timeZone ? { time_zone: request.timeZone } : {}) })
            .where('id', '=', meeting.id)
            .where('status', '=', 'booked')
            .where('sequence', '=', meeting.sequence)
            .where(({ not, exists, selectFrom }) =>
              not(exists(selectFrom('meetings as held').select('held.id').where('held.starts_at', '=', start).where('held.seat', '=', seat).where('held.status', '=', 'booked'))),
            )
            .executeTakeFirst();
          if (updated.numUpdatedRows > 0n) {
            const next: Meeting = { ...meeting, start: slot.start, end: slot.end, sequence: meeting.sequence + 1, timeZone: request.timeZone ?? meeting.timeZone };
            await announce(trx, notices, 'meeting.rescheduled', next, at);
            return next;
          }
          const still = await trx.selectFrom('meetings').select('id').where('id', '=', meeting.id).where('status', '=', 'booked').where('sequence', '=', meeting.sequence).executeTakeFirst();
          if (!still) return 'gone' as const;
        }
        return 'taken' as const;
      });
      if (typeof moved !== 'string') notices.afterWrite?.();
      return moved;
    } catch (err) {
      // Another move or booking took the seat between our look and our write: look again.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return 'taken';
}

/**
 * Cancels the lead's booked meeting: the meeting as cancelled (its next sequence, for the CANCEL), or
 * undefined when none is booked. The slot is free at once, and the lead waits for a call again.
 */
export async function cancelMeeting(
  db: Kysely<Database>,
  meeting: Meeting,
  options: { now?: Date; notices?: MeetingNotices; /** An operator's cancellation: the visitor's link books nothing again. */ closeLink?: boolean } = {},
): Promise<Meeting | undefined> {
  const at = options.now ?? new Date();
  const now = at.toISOString();
  const notices = options.notices ?? NO_NOTICES;
  const cancelled = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('meetings')
      .set({ status: 'cancelled', sequence: meeting.sequence + 1, updated_at: now })
      .where('id', '=', meeting.id)
      .where('status', '=', 'booked')
      .where('sequence', '=', meeting.sequence)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return undefined;
    const gone: Meeting = { ...meeting, status: 'cancelled', sequence: meeting.sequence + 1 };
    await announce(trx, notices, 'meeting.cancelled', gone, at);
    await moveLead(trx, meeting.leadId, 'pending', now, 'scheduled');
    if (options.closeLink) await trx.updateTable('discovery_calls').set({ meeting_link_closed_at: now }).where('id', '=', meeting.leadId).execute();
    return gone;
  });
  if (cancelled) notices.afterWrite?.();
  return cancelled;
}
