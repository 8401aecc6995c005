// Migration 2026-12-07-023-attempt-gone. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// A delivery attempt records whether the receiver answered that it is gone for good (a deleted Slack
// hook's `no_service`, a Telegram chat that no longer exists, a webhook's 410), so a channel's health
// reads it from the attempt rather than from a status code that means "gone" for one service alone.
// Null for the attempts before it (their 410 still reads as gone).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delivery_attempts').addColumn('gone', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delivery_attempts').dropColumn('gone').execute();
}
