// Schema migrations, run at start. Written once with Kysely's schema builder so both dialects get the
// same table; Kysely's migrator records what ran and holds a lock, so a second start (or a second
// instance) does nothing.
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { ATTRIBUTION_KEYS, ATTRIBUTION_MAX } from '../../../shared/attribution.ts';
import { LEAD_STATUSES } from '../../../shared/booking.ts';
import { CHANNELS, LEAD_EVENT_TYPES, OUTBOX_KINDS, OUTBOX_STATUSES } from '../../notifications/outbox.ts';
import { leadSearchText } from '../../leads/lead-search.ts';

/** `column in ('a', 'b', …)`, for a check constraint holding a column to a list of values. */
const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/** An index named after its table and columns, as every index here is. */
const indexOn = (db: Kysely<unknown>, table: string, columns: string[]) =>
  db.schema.createIndex(`${table}_${columns.join('_')}`).on(table).columns(columns).execute();

/** The timeline's entries as migration 002 wrote them into its check: a migration never changes once run. */
const FIRST_LEAD_EVENT_TYPES = ['created', 'notification.delivered', 'notification.failed', 'status', 'note'];

const migrations: Record<string, Migration> = {
  '2026-11-22-001-discovery-calls': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('discovery_calls')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('phone', 'varchar(40)', (c) => c.notNull())
        .addColumn('business_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('service', 'varchar(100)', (c) => c.notNull())
        .addColumn('product', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('custom_service', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('locale', 'varchar(10)', (c) => c.notNull())
        .addColumn('idempotency_key', 'varchar(100)', (c) => c.unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addCheckConstraint('discovery_calls_status_check', oneOf('status', LEAD_STATUSES))
        .execute();
      // The operator's list: newest first, often filtered by status.
      await indexOn(db, 'discovery_calls', ['status', 'created_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('discovery_calls').execute();
    },
  },
  // Notifications through an outbox (src/server/notifications/): the entries are written in the lead's
  // own transaction, so a lead is never stored without them, and sent by a background deliverer.
  '2026-11-24-002-notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('lead_id', 'varchar(36)', (c) => c.notNull().references('discovery_calls.id').onDelete('cascade'))
        .addColumn('channel', 'varchar(20)', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('dedupe_key', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
        .addColumn('retry_until', 'timestamptz', (c) => c.notNull())
        .addColumn('locked_until', 'timestamptz')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('delivered_at', 'timestamptz')
        .addCheckConstraint('outbox_channel_check', oneOf('channel', CHANNELS))
        .addCheckConstraint('outbox_kind_check', oneOf('kind', OUTBOX_KINDS))
        .addCheckConstraint('outbox_status_check', oneOf('status', OUTBOX_STATUSES))
        .execute();
      // The deliverer's claim: pending entries whose time has come, oldest first.
      await indexOn(db, 'outbox', ['status', 'next_attempt_at']);
      await indexOn(db, 'outbox', ['lead_id']);

      await db.schema
        .createTable('delivery_attempts')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('outbox_id', 'varchar(36)', (c) => c.notNull().references('outbox.id').onDelete('cascade'))
        .addColumn('channel', 'varchar(20)', (c) => c.notNull())
        .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .execute();
      // A channel's health: its latest attempts.
      await indexOn(db, 'delivery_attempts', ['channel', 'attempted_at']);
      await indexOn(db, 'delivery_attempts', ['outbox_id']);

      await db.schema
        .createTable('lead_events')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('lead_id', 'varchar(36)', (c) => c.notNull().references('discovery_calls.id').onDelete('cascade'))
        .addColumn('type', 'varchar(40)', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('operator_id', 'varchar(100)')
        .addColumn('operator_email', 'varchar(254)')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addCheckConstraint('lead_events_type_check', oneOf('type', FIRST_LEAD_EVENT_TYPES))
        .execute();
      // A lead's timeline, in order.
      await indexOn(db, 'lead_events', ['lead_id', 'created_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('lead_events').execute();
      await db.schema.dropTable('delivery_attempts').execute();
      await db.schema.dropTable('outbox').execute();
    },
  },
  // Operator accounts and their sessions (src/server/operators/).
  '2026-11-24-003-operators': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operators')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('operator_sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('operator_id', 'varchar(36)', (c) => c.notNull().references('operators.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // Removing an operator or resetting a password ends all of their sessions.
      await indexOn(db, 'operator_sessions', ['operator_id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('operator_sessions').execute();
      await db.schema.dropTable('operators').execute();
    },
  },
  // The leads inbox (src/server/inbox/): whether anyone has opened a lead, what its search compares,
  // and the indexes its list reads in order (docs/decisions/010-inbox-queries.md).
  '2026-11-24-004-inbox': {
    async up(db: Kysely<unknown>) {
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
    },
    async down(db: Kysely<unknown>) {
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
    },
  },
  // The inbox's chart (inbox/stats.ts) counts a span's leads by day, service and status: with all three
  // in one index the count reads the index alone, not a row per lead (about four times faster on SQLite
  // with 100,000 leads; `npx tsx bench/inbox-export.ts`).
  '2026-11-24-005-inbox-chart': {
    async up(db: Kysely<unknown>) {
      await indexOn(db, 'discovery_calls', ['created_at', 'service', 'status']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('discovery_calls_created_at_service_status').execute();
    },
  },
  // Which privacy notice a booking was shown (server/privacy-notice.ts): the version of its text and its
  // language. Null for the leads stored before, which were shown none.
  '2026-11-25-006-privacy-notice': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('discovery_calls').addColumn('privacy_notice_version', 'varchar(64)').execute();
      await db.schema.alterTable('discovery_calls').addColumn('privacy_notice_locale', 'varchar(10)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('discovery_calls').dropColumn('privacy_notice_locale').execute();
      await db.schema.alterTable('discovery_calls').dropColumn('privacy_notice_version').execute();
    },
  },
  // Erasure and retention (leads/erasure.ts, leads/retention.ts; docs/decisions/014-erasure-and-retention.md):
  // when each lead took the status it has (the daily sweep erases the leads closed long enough ago), a
  // person's leads found by their email, and the audit of what was erased, which holds no personal data.
  '2026-11-25-007-erasure': {
    async up(db: Kysely<unknown>) {
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
    },
    async down(db: Kysely<unknown>) {
      if (!isPostgres(db)) {
        await sql`insert into discovery_calls_search (discovery_calls_search, rank) values ('secure-delete', 0)`.execute(db);
        await sql`drop trigger discovery_calls_search_update`.execute(db);
        await sql`drop trigger discovery_calls_search_delete`.execute(db);
        await sql`drop trigger discovery_calls_search_insert`.execute(db);
        await sql`drop table discovery_calls_search_rows`.execute(db);
        await searchTriggers(db);
      }
      await db.schema.dropTable('erasures').execute();
      await db.schema.dropIndex('discovery_calls_email').execute();
      await db.schema.dropIndex('discovery_calls_status_status_since').execute();
      await db.schema.alterTable('discovery_calls').dropColumn('status_since').execute();
    },
  },
  // First-touch attribution on each lead, and the funnel's daily counts (docs/decisions/015-attribution-and-funnel.md).
  '2026-11-25-008-attribution-funnel': {
    async up(db: Kysely<unknown>) {
      for (const key of ATTRIBUTION_KEYS) {
        await db.schema.alterTable('discovery_calls').addColumn(key, sql.raw(`varchar(${ATTRIBUTION_MAX})`)).execute();
      }
      // The list filtered by source or campaign, newest first.
      await indexOn(db, 'discovery_calls', ['utm_source', 'created_at']);
      await indexOn(db, 'discovery_calls', ['utm_campaign', 'created_at']);
      await db.schema
        .createTable('funnel_days')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('locale', 'varchar(10)', (c) => c.notNull())
        .addColumn('source', sql.raw(`varchar(${ATTRIBUTION_MAX})`), (c) => c.notNull())
        .addColumn('step', 'varchar(10)', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('funnel_days_pkey', ['day', 'locale', 'source', 'step'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('funnel_days').execute();
      await db.schema.dropIndex('discovery_calls_utm_campaign_created_at').execute();
      await db.schema.dropIndex('discovery_calls_utm_source_created_at').execute();
      for (const key of [...ATTRIBUTION_KEYS].reverse()) await db.schema.alterTable('discovery_calls').dropColumn(key).execute();
    },
  },
  // Spam (server/booking/; docs/decisions/019-spam-traps.md): why a request was taken for spam, the
  // timeline entries of flagging and restoring, and the secret that signs the booking form's tokens.
  '2026-11-26-009-spam': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('discovery_calls').addColumn('spam_reason', 'varchar(20)').execute();
      // The Spam view, newest first, and the sweep of spam older than SPAM_RETENTION_DAYS.
      await indexOn(db, 'discovery_calls', ['spam_reason', 'created_at']);
      await leadEventTypes(db, LEAD_EVENT_TYPES);
      await db.schema
        .createTable('site_secrets')
        .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('value', 'varchar(200)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('site_secrets').execute();
      await sql`delete from lead_events where type in ('spam', 'restored')`.execute(db);
      await leadEventTypes(db, FIRST_LEAD_EVENT_TYPES);
      await db.schema.dropIndex('discovery_calls_spam_reason_created_at').execute();
      await db.schema.alterTable('discovery_calls').dropColumn('spam_reason').execute();
    },
  },
  // A lead's arrival on its timeline is its own created_at (leads/lead-store.ts' arrivalOf;
  // docs/decisions/023-arrival-derived.md): the entries that repeated it go. Undone, each lead gets
  // one again, at its created_at, with a new id.
  '2026-11-27-010-arrival-derived': {
    async up(db: Kysely<unknown>) {
      await sql`delete from lead_events where type = 'created'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      const id = isPostgres(db) ? sql`gen_random_uuid()::text` : sql`lower(hex(randomblob(16)))`;
      await sql`insert into lead_events (id, lead_id, type, detail, created_at)
        select ${id}, id, 'created', '', created_at from discovery_calls`.execute(db);
    },
  },
  // SQLite: the search table's segments merged a few pages after every write of leads (the lead store's
  // SEARCH_MERGE), not in one go when a level fills, which held a write for 10–40 ms
  // (docs/decisions/026-group-commit.md). The crisis merge stays, later, should that fall behind.
  '2026-11-28-011-search-merge-steps': {
    async up(db: Kysely<unknown>) {
      if (isPostgres(db)) return;
      await searchTableSetting(db, 'automerge', 0);
      await searchTableSetting(db, 'crisismerge', 64);
    },
    async down(db: Kysely<unknown>) {
      if (isPostgres(db)) return;
      // FTS5's defaults.
      await searchTableSetting(db, 'automerge', 4);
      await searchTableSetting(db, 'crisismerge', 16);
    },
  },
};

/** SQLite: one of the search table's (FTS5) settings, kept in the table itself. Integers only. */
async function searchTableSetting(db: Kysely<unknown>, name: 'automerge' | 'crisismerge', value: number): Promise<void> {
  // Written into the statement: FTS5 wants an integer, and a JavaScript number is bound as a real.
  await sql`insert into discovery_calls_search (discovery_calls_search, rank) values (${sql.lit(name)}, ${sql.lit(value)})`.execute(db);
}

/**
 * Holds lead_events.type to `types`. PostgreSQL changes the check in place; SQLite cannot, so the table
 * is copied into one with the new check (rows, ids and order unchanged) and takes its name. Its columns
 * repeat migration 002's on purpose: a migration that has run must never change with a shared helper.
 */
async function leadEventTypes(db: Kysely<unknown>, types: readonly string[]): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table lead_events drop constraint lead_events_type_check`.execute(db);
    await sql`alter table lead_events add constraint lead_events_type_check check (${oneOf('type', types)})`.execute(db);
    return;
  }
  await db.schema
    .createTable('lead_events_new')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('lead_id', 'varchar(36)', (c) => c.notNull().references('discovery_calls.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', 'varchar(100)')
    .addColumn('operator_email', 'varchar(254)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('lead_events_type_check', oneOf('type', types))
    .execute();
  await sql`insert into lead_events_new (id, lead_id, type, detail, operator_id, operator_email, created_at)
    select id, lead_id, type, detail, operator_id, operator_email, created_at from lead_events`.execute(db);
  await db.schema.dropTable('lead_events').execute();
  await db.schema.alterTable('lead_events_new').renameTo('lead_events').execute();
  await indexOn(db, 'lead_events', ['lead_id', 'created_at']);
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

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
 * whose key is not an integer.
 */
async function trigramTable(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table discovery_calls_search using fts5(search_text, lead_id unindexed, tokenize = 'trigram')`.execute(db);
  await sql`insert into discovery_calls_search (search_text, lead_id) select search_text, id from discovery_calls`.execute(db);
  await searchTriggers(db);
}

/** The search table's first triggers, which find a lead's row by reading the whole table (see below). */
async function searchTriggers(db: Kysely<unknown>): Promise<void> {
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

/** Writes `search_text` for the leads stored before it existed, a thousand at a time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function foldExistingLeads(db: Kysely<any>): Promise<void> {
  for (let after = ''; ; ) {
    const rows: { id: string; first_name: string; email: string; business_name: string; phone: string }[] = await db
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

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/**
 * The migrator over this file's migrations. `schema` names the PostgreSQL schema the connection works
 * in (tests): Kysely looks for its bookkeeping tables in every schema otherwise, and would take another
 * schema's for this one's.
 */
// Migrations see the database as it was when they were written, not as the current types say.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function migrator(db: Kysely<any>, schema?: string): Migrator {
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Brings the database up to date; returns the migrations it ran. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrate(db: Kysely<any>, schema?: string): Promise<string[]> {
  const { error, results } = await migrator(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
