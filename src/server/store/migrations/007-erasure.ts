// Migration 2026-11-25-007-erasure. FROZEN: it has run on databases that exist; a change to the schema
// is a new migration (see index.ts), never an edit here.
// Erasure and retention (leads/erasure.ts, leads/retention.ts; docs/decisions/014-erasure-and-retention.md):
// when each lead took the status it has (the daily sweep erases the leads closed long enough ago), a
// person's leads found by their email, and the audit of what was erased, which holds no personal data.
import { sql, type Kysely } from 'kysely';
import { indexOn, isPostgres } from './dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').addColumn('status_since', 'timestamptz').execute();
  // The status change still in force is the lead's latest one; a lead without any took its status
  // when it came in (pending) or at its last change (stored before the timeline existed).
  await sql`update discovery_calls set status_since = coalesce(
      (select max(e.created_at) from lead_events e where e.lead_id = discovery_calls.id and e.type = 'status'),
      case when status = 'pending' then created_at else updated_at end)`.execute(db);
  await indexOn(db, 'discovery_calls', ['status', 'status_since']);
  await indexOn(db, 'discovery_calls', ['email']);
  await db.schema
    .createTable('erasures')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // request | retention (later spam): no check constraint, so a reason is added without rebuilding
    // the table (SQLite cannot change a constraint in place).
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('lead_count', 'integer', (c) => c.notNull())
    // The operator who asked; null for the site's own sweep. Not a reference: the audit outlives accounts.
    .addColumn('operator_id', 'varchar(36)')
    .addColumn('erased_at', 'timestamptz', (c) => c.notNull())
    .execute();
  if (!isPostgres(db)) await searchRowsByLead(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`insert into discovery_calls_search (discovery_calls_search, rank) values ('secure-delete', 0)`.execute(db);
    await sql`drop trigger discovery_calls_search_update`.execute(db);
    await sql`drop trigger discovery_calls_search_delete`.execute(db);
    await sql`drop trigger discovery_calls_search_insert`.execute(db);
    await sql`drop table discovery_calls_search_rows`.execute(db);
    await firstSearchTriggers(db);
  }
  await db.schema.dropTable('erasures').execute();
  await db.schema.dropIndex('discovery_calls_email').execute();
  await db.schema.dropIndex('discovery_calls_status_status_since').execute();
  await db.schema.alterTable('discovery_calls').dropColumn('status_since').execute();
}

/**
 * SQLite: the search table's triggers find a lead's row by its search rowid, kept in a table of its own
 * (lead id → rowid; FTS5's own rowids survive VACUUM), rather than by `lead_id`, which FTS5 cannot
 * index: deleting a lead read the whole search table, so erasing thousands at once (the retention
 * sweep's first run) took minutes at 100,000 leads. The deleted lead's words also leave the index at
 * once (FTS5's secure-delete, SQLite 3.44 and later) instead of staying until a later merge.
 */
async function searchRowsByLead(db: Kysely<unknown>): Promise<void> {
  await sql`create table discovery_calls_search_rows (lead_id varchar(36) primary key, search_rowid integer not null)`.execute(db);
  await sql`insert into discovery_calls_search_rows (lead_id, search_rowid) select lead_id, rowid from discovery_calls_search`.execute(db);
  for (const change of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`discovery_calls_search_${change}`)}`.execute(db);
  await sql`create trigger discovery_calls_search_insert after insert on discovery_calls begin
    insert into discovery_calls_search (search_text, lead_id) values (new.search_text, new.id);
    insert into discovery_calls_search_rows (lead_id, search_rowid) values (new.id, last_insert_rowid());
  end`.execute(db);
  await sql`create trigger discovery_calls_search_update after update of id, search_text on discovery_calls begin
    delete from discovery_calls_search where rowid = (select search_rowid from discovery_calls_search_rows where lead_id = old.id);
    delete from discovery_calls_search_rows where lead_id = old.id;
    insert into discovery_calls_search (search_text, lead_id) values (new.search_text, new.id);
    insert into discovery_calls_search_rows (lead_id, search_rowid) values (new.id, last_insert_rowid());
  end`.execute(db);
  await sql`create trigger discovery_calls_search_delete after delete on discovery_calls begin
    delete from discovery_calls_search where rowid = (select search_rowid from discovery_calls_search_rows where lead_id = old.id);
    delete from discovery_calls_search_rows where lead_id = old.id;
  end`.execute(db);
  await sql`insert into discovery_calls_search (discovery_calls_search, rank) values ('secure-delete', 1)`.execute(db);
}

/**
 * SQLite, undoing: the search table's triggers as migration 004 made them, which find a lead's row by
 * reading the whole table. Written out here, not shared with 004: neither migration may change with
 * the other.
 */
async function firstSearchTriggers(db: Kysely<unknown>): Promise<void> {
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
