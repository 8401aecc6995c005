// Migration 2026-12-07-019-meeting-links. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// A visitor's link to their call can be closed (an operator cancelled the call): it then books nothing
// again. And a meeting booked from the visitor's page keeps the client network it was booked from
// (a SHA-256 of it, never the address), so one network cannot hold every free time.
import type { Kysely } from 'kysely';
import { indexOn } from './dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').addColumn('meeting_link_closed_at', 'timestamptz').execute();
  await db.schema.alterTable('meetings').addColumn('booked_from', 'varchar(64)').execute();
  await indexOn(db, 'meetings', ['booked_from', 'status', 'starts_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('meetings_booked_from_status_starts_at').execute();
  await db.schema.alterTable('meetings').dropColumn('booked_from').execute();
  await db.schema.alterTable('discovery_calls').dropColumn('meeting_link_closed_at').execute();
}
