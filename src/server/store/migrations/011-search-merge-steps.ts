// Migration 2026-11-28-011-search-merge-steps. FROZEN: it has run on databases that exist; a change to
// the schema is a new migration (see index.ts), never an edit here.
// SQLite: the search table's segments merged a few pages after every write of leads (the lead store's
// SEARCH_MERGE), not in one go when a level fills, which held a write for 10–40 ms
// (docs/decisions/026-group-commit.md). The crisis merge stays, later, should that fall behind.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await searchTableSetting(db, 'automerge', 0);
  await searchTableSetting(db, 'crisismerge', 64);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // FTS5's defaults.
  await searchTableSetting(db, 'automerge', 4);
  await searchTableSetting(db, 'crisismerge', 16);
}

/** SQLite: one of the search table's (FTS5) settings, kept in the table itself. Integers only. */
async function searchTableSetting(db: Kysely<unknown>, name: 'automerge' | 'crisismerge', value: number): Promise<void> {
  // Written into the statement: FTS5 wants an integer, and a JavaScript number is bound as a real.
  await sql`insert into discovery_calls_search (discovery_calls_search, rank) values (${sql.lit(name)}, ${sql.lit(value)})`.execute(db);
}
