// Migration 2026-12-07-020-notices-after-erasure. FROZEN: it has run on databases that exist; a change
// to the schema is a new migration (see index.ts), never an edit here.
// A notice may outlive its lead: erasing a person whose call is booked tells them, and the webhook, that
// the call is cancelled, by entries that name no lead (lead_id null) and hold what they say themselves
// (facts); they are deleted once sent. PostgreSQL drops the column's NOT NULL in place; SQLite cannot,
// so the table is copied into one without it (rows and ids unchanged) and takes its name, the delivery
// attempts kept aside meanwhile, as migration 015 does. Its columns are written out here on purpose.
import { sql, type Kysely } from 'kysely';
import { indexOn, isPostgres, oneOf } from './dialect.ts';

/** The outbox's kinds, channels and statuses on the day this migration was written. */
const OUTBOX_KINDS = ['lead.created', 'lead.reminder', 'visitor.confirmation', 'meeting.booked', 'meeting.rescheduled', 'meeting.cancelled', 'meeting.reminder', 'meeting.no_show'];
const CHANNELS = ['webhook', 'email', 'visitor'];
const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await leadOptional(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from delivery_attempts where outbox_id in (select id from outbox where lead_id is null)`.execute(db);
  await sql`delete from outbox where lead_id is null`.execute(db);
  await leadOptional(db, false);
}

async function leadOptional(db: Kysely<unknown>, optional: boolean): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table outbox alter column lead_id ${optional ? sql`drop` : sql`set`} not null`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const columns = ['id', 'lead_id', 'channel', 'kind', 'dedupe_key', 'status', 'attempts', 'next_attempt_at', 'retry_until', 'locked_until', 'last_error', 'created_at', 'delivered_at', 'meeting_id', 'facts'];
    await trx.schema
      .createTable('outbox_new')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('lead_id', 'varchar(36)', (c) => (optional ? c : c.notNull()).references('discovery_calls.id').onDelete('cascade'))
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
      .addColumn('meeting_id', 'varchar(36)')
      .addColumn('facts', 'text')
      .addCheckConstraint('outbox_channel_check', oneOf('channel', CHANNELS))
      .addCheckConstraint('outbox_kind_check', oneOf('kind', OUTBOX_KINDS))
      .addCheckConstraint('outbox_status_check', oneOf('status', OUTBOX_STATUSES))
      .execute();
    const list = sql.join(columns.map((c) => sql.ref(c)));
    await sql`insert into outbox_new (${list}) select ${list} from outbox`.execute(trx);
    await sql`create temporary table delivery_attempts_kept as select * from delivery_attempts`.execute(trx);
    await trx.schema.dropTable('outbox').execute();
    await trx.schema.alterTable('outbox_new').renameTo('outbox').execute();
    await sql`insert into delivery_attempts select * from delivery_attempts_kept`.execute(trx);
    await sql`drop table delivery_attempts_kept`.execute(trx);
    await indexOn(trx, 'outbox', ['status', 'next_attempt_at']);
    await indexOn(trx, 'outbox', ['lead_id']);
  });
}
