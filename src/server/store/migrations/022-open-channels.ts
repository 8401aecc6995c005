// Migration 2026-12-07-022-open-channels. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// The outbox's channel and kind are checked by the code that writes them (the registry of channels,
// notifications/channels/), not by CHECK lists: a new channel or kind then needs no migration. The
// status keeps its list. PostgreSQL drops the two constraints in place and widens the columns; SQLite
// cannot drop a constraint, so the table is copied into one without them (rows and ids unchanged) and
// takes its name, the delivery attempts kept aside meanwhile, as migration 020 does. Going back puts the
// lists of that day back, after removing the entries they would refuse.
import { sql, type Kysely } from 'kysely';
import { indexOn, isPostgres, oneOf } from './dialect.ts';

/** The outbox's kinds, channels and statuses on the day this migration was written. */
const OUTBOX_KINDS = ['lead.created', 'lead.reminder', 'visitor.confirmation', 'meeting.booked', 'meeting.rescheduled', 'meeting.cancelled', 'meeting.reminder', 'meeting.no_show'];
const CHANNELS = ['webhook', 'email', 'visitor'];
const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table outbox drop constraint outbox_channel_check, drop constraint outbox_kind_check,
      alter column channel type varchar(32), alter column kind type varchar(64)`.execute(db);
    return;
  }
  await rebuild(db, false);
}

/** The entries the old lists refuse, and their attempts: removed before the lists come back. */
async function removeRefused(db: Kysely<unknown>): Promise<void> {
  const refused = sql`channel not in (${sql.join(CHANNELS.map((c) => sql.lit(c)))}) or kind not in (${sql.join(OUTBOX_KINDS.map((k) => sql.lit(k)))})`;
  await sql`delete from delivery_attempts where outbox_id in (select id from outbox where ${refused})`.execute(db);
  await sql`delete from outbox where ${refused}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // PostgreSQL runs a migration in one transaction: the removal and the lists together.
    await removeRefused(db);
    await sql`alter table outbox alter column channel type varchar(20), alter column kind type varchar(40),
      add constraint outbox_channel_check check (${oneOf('channel', CHANNELS)}),
      add constraint outbox_kind_check check (${oneOf('kind', OUTBOX_KINDS)})`.execute(db);
    return;
  }
  await rebuild(db, true);
}

async function rebuild(db: Kysely<unknown>, checked: boolean): Promise<void> {
  // SQLite: in one transaction with the copy, so a failed copy removes nothing.
  await db.transaction().execute(async (trx) => {
    if (checked) await removeRefused(trx);
    const columns = ['id', 'lead_id', 'channel', 'kind', 'dedupe_key', 'status', 'attempts', 'next_attempt_at', 'retry_until', 'locked_until', 'last_error', 'created_at', 'delivered_at', 'meeting_id', 'facts'];
    let table = trx.schema
      .createTable('outbox_new')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('lead_id', 'varchar(36)', (c) => c.references('discovery_calls.id').onDelete('cascade'))
      .addColumn('channel', checked ? 'varchar(20)' : 'varchar(32)', (c) => c.notNull())
      .addColumn('kind', checked ? 'varchar(40)' : 'varchar(64)', (c) => c.notNull())
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
      .addColumn('facts', 'text');
    if (checked) {
      table = table.addCheckConstraint('outbox_channel_check', oneOf('channel', CHANNELS)).addCheckConstraint('outbox_kind_check', oneOf('kind', OUTBOX_KINDS));
    }
    await table.addCheckConstraint('outbox_status_check', oneOf('status', OUTBOX_STATUSES)).execute();
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
