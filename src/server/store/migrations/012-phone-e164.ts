// Migration 2026-11-29-012-phone-e164. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// A lead's phone number in E.164 (`+359888123456`), beside `phone` as the visitor typed it: written
// with each new lead (leads/phone.ts). E.164 is a `+` and at most 15 digits. Null for a number that
// cannot be read as one, and for the leads stored before this migration: they are left as they are,
// and the inbox's search finds them by the digits that were typed (docs/decisions/031-phone-numbers.md).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').addColumn('phone_e164', 'varchar(16)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').dropColumn('phone_e164').execute();
}
