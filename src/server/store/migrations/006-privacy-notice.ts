// Migration 2026-11-25-006-privacy-notice. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// Which privacy notice a booking was shown (server/site/privacy-notice.ts): the version of its text and its
// language. Null for the leads stored before, which were shown none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').addColumn('privacy_notice_version', 'varchar(64)').execute();
  await db.schema.alterTable('discovery_calls').addColumn('privacy_notice_locale', 'varchar(10)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').dropColumn('privacy_notice_locale').execute();
  await db.schema.alterTable('discovery_calls').dropColumn('privacy_notice_version').execute();
}
