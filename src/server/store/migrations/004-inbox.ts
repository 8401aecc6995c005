// Migration 2026-11-24-004-inbox. FROZEN: it has run on databases that exist; a change to the schema
// is a new migration (see index.ts), never an edit here.
// The leads inbox (src/server/inbox/): whether anyone has opened a lead, what its search compares,
// and the indexes its list reads in order (docs/decisions/010-inbox-queries.md).
import { sql, type Kysely } from 'kysely';
import { indexOn, isPostgres } from './dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').addColumn('seen_at', 'timestamptz').execute();
  await db.schema
    .alterTable('discovery_calls')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await foldExistingLeads(db);
  // The list, newest first, a page after another: the keyset (created_at, id), alone and after a
  // status (the status filter, and the overdue one, which is `pending` and old).
  await indexOn(db, 'discovery_calls', ['created_at', 'id']);
  await db.schema.dropIndex('discovery_calls_status_created_at').execute();
  await indexOn(db, 'discovery_calls', ['status', 'created_at', 'id']);
  // The unseen leads are few once anyone reads the inbox, and may be old: their own small index.
  await db.schema
    .createIndex('discovery_calls_created_at_id_unseen')
    .on('discovery_calls')
    .columns(['created_at', 'id'])
    .where(sql.ref('seen_at'), 'is', null)
    .execute();
  if (isPostgres(db)) await trigramIndex(db);
  else await trigramTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await db.schema.dropIndex('discovery_calls_search_text_trigram').ifExists().execute();
  else {
    for (const change of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`discovery_calls_search_${change}`)}`.execute(db);
    await sql`drop table discovery_calls_search`.execute(db);
  }
  await db.schema.dropIndex('discovery_calls_created_at_id_unseen').execute();
  await db.schema.dropIndex('discovery_calls_status_created_at_id').execute();
  await indexOn(db, 'discovery_calls', ['status', 'created_at']);
  await db.schema.dropIndex('discovery_calls_created_at_id').execute();
  await db.schema.alterTable('discovery_calls').dropColumn('search_text').execute();
  await db.schema.alterTable('discovery_calls').dropColumn('seen_at').execute();
}

// The lead's search text as the inbox folded it on the day this migration was written: a copy of
// leads/lead-search.ts' leadSearchText then (src/server/store/lead-search.ts, commit 493a021), so the
// leads this migration folds read as they did, whatever that file becomes. The folding is done in
// JavaScript because neither database can be trusted with it: SQLite's lower() and LIKE only fold ASCII,
// and PostgreSQL's lower() folds Cyrillic only under a UTF-8 ctype the database may not have.

/** Between the fields, so a search never matches across two of them: folded text never holds it. */
const SEPARATOR = '\n';

/** Full-width letters as plain ones, every letter in its lower case (Cyrillic included), each run of whitespace as one space. */
const fold = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The spacing and punctuation a phone number is written with: `+359 (88) 123-45-67`, `0888/123.456`. */
const PHONE_PUNCTUATION = /[\s().+\-/]/g;

/** A phone number as its digits alone, however it was typed. */
const phoneDigits = (phone: string): string => phone.replace(PHONE_PUNCTUATION, '');

interface LeadToFold {
  id: string;
  first_name: string;
  email: string;
  business_name: string;
  phone: string;
}

/** The column `search_text` of a lead. */
const leadSearchText = (lead: LeadToFold): string =>
  [lead.first_name, lead.email, lead.business_name, phoneDigits(lead.phone)].map(fold).join(SEPARATOR);

/** Writes `search_text` for the leads stored before it existed, a thousand at a time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function foldExistingLeads(db: Kysely<any>): Promise<void> {
  for (let after = ''; ; ) {
    const rows: LeadToFold[] = await db
      .selectFrom('discovery_calls')
      .select(['id', 'first_name', 'email', 'business_name', 'phone'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    for (const row of rows) {
      await db.updateTable('discovery_calls').set({ search_text: leadSearchText(row) }).where('id', '=', row.id).execute();
    }
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
  }
}

/**
 * PostgreSQL: a trigram index (pg_trgm) that LIKE '%term%' uses. pg_trgm is a trusted extension, so a
 * database's owner may create it; where it cannot be created the search still works, reading every
 * lead, and nothing else of the migration is lost (the savepoint).
 */
async function trigramIndex(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return;
  }
  // The extension lives in one schema per database, which need not be on this connection's path (the
  // tests work in schemas of their own): its operator class is named with its schema.
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  await sql`create index discovery_calls_search_text_trigram on discovery_calls
    using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
}

/**
 * SQLite: an FTS5 table with the trigram tokenizer, kept by triggers, so every writer keeps it right.
 * It holds the lead's id rather than sharing its rowid: VACUUM may renumber the rowids of a table
 * whose key is not an integer. Migration 007 replaces these triggers with ones that find a lead's row
 * through a table of their own.
 */
async function trigramTable(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table discovery_calls_search using fts5(search_text, lead_id unindexed, tokenize = 'trigram')`.execute(db);
  await sql`insert into discovery_calls_search (search_text, lead_id) select search_text, id from discovery_calls`.execute(db);
  await sql`create trigger discovery_calls_search_insert after insert on discovery_calls begin
    insert into discovery_calls_search (search_text, lead_id) values (new.search_text, new.id);
  end`.execute(db);
  await sql`create trigger discovery_calls_search_update after update of id, search_text on discovery_calls begin
    delete from discovery_calls_search where lead_id = old.id;
    insert into discovery_calls_search (search_text, lead_id) values (new.search_text, new.id);
  end`.execute(db);
  await sql`create trigger discovery_calls_search_delete after delete on discovery_calls begin
    delete from discovery_calls_search where lead_id = old.id;
  end`.execute(db);
}
