// Migration 2026-11-27-010-arrival-derived. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// A lead's arrival on its timeline is its own created_at (leads/lead-store.ts' arrivalOf;
// docs/decisions/023-arrival-derived.md): the entries that repeated it go. Undone, each lead gets
// one again, at its created_at, with a new id.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from lead_events where type = 'created'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const id = isPostgres(db) ? sql`gen_random_uuid()::text` : sql`lower(hex(randomblob(16)))`;
  await sql`insert into lead_events (id, lead_id, type, detail, created_at)
    select ${id}, id, 'created', '', created_at from discovery_calls`.execute(db);
}
