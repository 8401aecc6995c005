// Migration 2026-12-07-024-callback-consent. FROZEN: it has run on databases that exist; a change to
// the schema is a new migration (see index.ts), never an edit here.
// A visitor may ask Alex, the agency's AI assistant, to phone them back at once. The lead keeps that
// consent: when it was given and the version of the words it was given to (null for every lead that
// did not ask, and for those before).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').addColumn('callback_consent_at', 'timestamptz').execute();
  await db.schema.alterTable('discovery_calls').addColumn('callback_consent_version', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').dropColumn('callback_consent_version').execute();
  await db.schema.alterTable('discovery_calls').dropColumn('callback_consent_at').execute();
}
