// Migration 2026-12-03-016-operator-calendars. FROZEN: it has run on databases that exist; a change to
// the schema is a new migration (see index.ts), never an edit here.
// Each operator's calendar feed of the agency's calls: its secret address is signed from the operator's
// id and this version (meetings/calendar-feed.ts), so renewing the address is one more version, and the
// old address stops.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('calendar_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').dropColumn('calendar_version').execute();
}
