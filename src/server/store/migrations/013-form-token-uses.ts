// Migration 2026-11-30-013-form-token-uses. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// The booking form's tokens that have been used, each by the request that used it first (its
// idempotency key, so a retry of that request is still that request): a token is good for one lead.
// Rows older than a token may live are swept away.
import type { Kysely } from 'kysely';
import { indexOn } from './dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_token_uses')
    .addColumn('token_id', 'varchar(43)', (c) => c.primaryKey())
    .addColumn('claimed_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await indexOn(db, 'form_token_uses', ['used_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_token_uses').execute();
}
