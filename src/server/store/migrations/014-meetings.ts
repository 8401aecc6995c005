// Migration 2026-12-01-014-meetings. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// The discovery calls visitors book at a time of their choice: one row per meeting, its lead, its
// start and end, the seat it holds at that time (the agency takes at most MEETING_SEATS calls at once),
// the visitor's time zone, and the invitation's sequence. Two meetings can never hold the same seat at
// the same start (a unique index over the booked ones, so it holds across instances), and a lead has
// at most one booked meeting.
import { sql, type Kysely } from 'kysely';
import { indexOn, oneOf } from './dialect.ts';

const STATUSES = ['booked', 'cancelled', 'held', 'no_show'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meetings')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('lead_id', 'varchar(36)', (c) => c.notNull().references('discovery_calls.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('meetings_status_check', oneOf('status', STATUSES))
    .execute();
  await db.schema
    .createIndex('meetings_starts_at_seat_booked')
    .on('meetings')
    .columns(['starts_at', 'seat'])
    .unique()
    .where(sql.ref('status'), '=', 'booked')
    .execute();
  await db.schema.createIndex('meetings_lead_id_booked').on('meetings').column('lead_id').unique().where(sql.ref('status'), '=', 'booked').execute();
  await indexOn(db, 'meetings', ['lead_id']);
  await indexOn(db, 'meetings', ['status', 'starts_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meetings').execute();
}
