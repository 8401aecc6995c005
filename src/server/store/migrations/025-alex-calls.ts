// Migration 2026-12-07-025-alex-calls. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// A call Alex places to a lead who asked for it is a conversation like the web demo's, with what the
// web demo's never have: which of the lead's tries it is, when Vapi was asked to place it (when it
// waits for the calling hours), Vapi's last word on it (scheduled, queued, ringing, in-progress, ended)
// and what came of it (answered, booked, no answer, busy, voicemail, failed, stopped). Null for every
// conversation a visitor started. And the numbers whose person asked Alex, on such a call, not to be
// called by an AI again (hashed, as the outbox's keys hold a number), so no later request rings them;
// and the leads Alex is to call no more (an operator stopped it), so no later try rings them either.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('callback_attempt', 'integer').execute();
  await db.schema.alterTable('conversations').addColumn('scheduled_for', 'timestamptz').execute();
  await db.schema.alterTable('conversations').addColumn('call_status', 'varchar(20)').execute();
  await db.schema.alterTable('conversations').addColumn('outcome', 'varchar(20)').execute();
  await db.schema.createIndex('conversations_callbacks').on('conversations').columns(['lead_id', 'callback_attempt']).execute();
  await db.schema
    .createTable('ai_call_refusals')
    .addColumn('phone_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('lead_id', 'varchar(36)', (c) => c.references('discovery_calls.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('callback_stops')
    .addColumn('lead_id', 'varchar(36)', (c) => c.primaryKey().references('discovery_calls.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('callback_stops').execute();
  await db.schema.dropTable('ai_call_refusals').execute();
  await db.schema.dropIndex('conversations_callbacks').execute();
  for (const column of ['outcome', 'call_status', 'scheduled_for', 'callback_attempt']) {
    await db.schema.alterTable('conversations').dropColumn(column).execute();
  }
}
