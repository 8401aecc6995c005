// Migration 2026-12-07-018-frozen-notices. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// An outbox entry says what was true when it was written: the lead and the meeting as they were then,
// and when that was (JSON: { "at": "…", "lead": {…}, "meeting": {…} }). Every attempt sends what it
// holds, so a retry after a cancellation still tells of the booking it was written for. Null only for
// entries written before this migration; the deliverer fills those in at their next attempt.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('facts', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('facts').execute();
}
