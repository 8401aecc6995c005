// Migration 2026-12-02-015-meeting-notices. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// What a meeting sends and what its lead's timeline says: the outbox learns the meetings' kinds
// (booked, rescheduled, cancelled, the reminders before it, and the "book another time" after a
// no-show) and which meeting an entry is about; the timeline learns a meeting's changes.
import { sql, type Kysely } from 'kysely';
import { indexOn, isPostgres, oneOf } from './dialect.ts';

/** The outbox's kinds on the day this migration was written (OUTBOX_KINDS then). */
const OUTBOX_KINDS = [
  'lead.created',
  'lead.reminder',
  'visitor.confirmation',
  'meeting.booked',
  'meeting.rescheduled',
  'meeting.cancelled',
  'meeting.reminder',
  'meeting.no_show',
];
/** The kinds as migration 002 wrote them into its check, which undoing this one restores. */
const FIRST_OUTBOX_KINDS = ['lead.created', 'lead.reminder', 'visitor.confirmation'];

/** The timeline's entries on the day this migration was written (LEAD_EVENT_TYPES then). */
const LEAD_EVENT_TYPES = [
  'created',
  'notification.delivered',
  'notification.failed',
  'status',
  'note',
  'spam',
  'restored',
  'meeting.booked',
  'meeting.rescheduled',
  'meeting.cancelled',
  'meeting.held',
  'meeting.no_show',
];
/** The timeline's entries as migration 009 left its check. */
const SPAM_LEAD_EVENT_TYPES = ['created', 'notification.delivered', 'notification.failed', 'status', 'note', 'spam', 'restored'];

const CHANNELS = ['webhook', 'email', 'visitor'];
const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await outbox(db, OUTBOX_KINDS, true);
  await leadEventTypes(db, LEAD_EVENT_TYPES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from lead_events where type like 'meeting.%'`.execute(db);
  await leadEventTypes(db, SPAM_LEAD_EVENT_TYPES);
  await sql`delete from delivery_attempts where outbox_id in (select id from outbox where kind like 'meeting.%')`.execute(db);
  await sql`delete from outbox where kind like 'meeting.%'`.execute(db);
  await outbox(db, FIRST_OUTBOX_KINDS, false);
}

/**
 * Holds outbox.kind to `kinds`, with or without the `meeting_id` column. PostgreSQL changes the table in
 * place; SQLite cannot change a check, so the table is copied into one with the new check (rows and ids
 * unchanged) and takes its name: delivery_attempts names its table, and finds the copy under it. Its
 * columns repeat migration 002's on purpose: a migration that has run must never change with a helper.
 */
async function outbox(db: Kysely<unknown>, kinds: readonly string[], withMeeting: boolean): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table outbox drop constraint outbox_kind_check`.execute(db);
    await sql`alter table outbox add constraint outbox_kind_check check (${oneOf('kind', kinds)})`.execute(db);
    if (withMeeting) await db.schema.alterTable('outbox').addColumn('meeting_id', 'varchar(36)').execute();
    else await db.schema.alterTable('outbox').dropColumn('meeting_id').execute();
    return;
  }
  // One transaction: the copy, the drop and the rename hold together or not at all.
  await db.transaction().execute(async (trx) => {
    const columns = ['id', 'lead_id', 'channel', 'kind', 'dedupe_key', 'status', 'attempts', 'next_attempt_at', 'retry_until', 'locked_until', 'last_error', 'created_at', 'delivered_at'];
    let table = trx.schema
      .createTable('outbox_new')
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
      .addColumn('delivered_at', 'timestamptz');
    if (withMeeting) table = table.addColumn('meeting_id', 'varchar(36)');
    await table
      .addCheckConstraint('outbox_channel_check', oneOf('channel', CHANNELS))
      .addCheckConstraint('outbox_kind_check', oneOf('kind', kinds))
      .addCheckConstraint('outbox_status_check', oneOf('status', OUTBOX_STATUSES))
      .execute();
    const list = sql.join(columns.map((c) => sql.ref(c)));
    await sql`insert into outbox_new (${list}) select ${list} from outbox`.execute(trx);
    // Dropping the old table deletes its rows first, and with them, by their foreign key, the attempts
    // that name them: those are kept aside and put back once the copy has taken the table's name.
    await sql`create temporary table delivery_attempts_kept as select * from delivery_attempts`.execute(trx);
    await trx.schema.dropTable('outbox').execute();
    await trx.schema.alterTable('outbox_new').renameTo('outbox').execute();
    await sql`insert into delivery_attempts select * from delivery_attempts_kept`.execute(trx);
    await sql`drop table delivery_attempts_kept`.execute(trx);
    await indexOn(trx, 'outbox', ['status', 'next_attempt_at']);
    await indexOn(trx, 'outbox', ['lead_id']);
  });
}

/** Holds lead_events.type to `types`, as migration 009 does (its columns repeated here on purpose). */
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
