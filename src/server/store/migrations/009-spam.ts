// Migration 2026-11-26-009-spam. FROZEN: it has run on databases that exist; a change to the schema is
// a new migration (see index.ts), never an edit here.
// Spam (server/booking/; docs/decisions/019-spam-traps.md): why a request was taken for spam, the
// timeline entries of flagging and restoring, and the secret that signs the booking form's tokens.
import { sql, type Kysely } from 'kysely';
import { indexOn, isPostgres, oneOf } from './dialect.ts';

/** The timeline's entries on the day this migration was written (LEAD_EVENT_TYPES then): spam and restored join. */
const LEAD_EVENT_TYPES = ['created', 'notification.delivered', 'notification.failed', 'status', 'note', 'spam', 'restored'];

/** The timeline's entries as migration 002 wrote them into its check, which undoing this one restores. */
const FIRST_LEAD_EVENT_TYPES = ['created', 'notification.delivered', 'notification.failed', 'status', 'note'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_calls').addColumn('spam_reason', 'varchar(20)').execute();
  // The Spam view, newest first, and the sweep of spam older than SPAM_RETENTION_DAYS.
  await indexOn(db, 'discovery_calls', ['spam_reason', 'created_at']);
  await leadEventTypes(db, LEAD_EVENT_TYPES);
  await db.schema
    .createTable('site_secrets')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_secrets').execute();
  await sql`delete from lead_events where type in ('spam', 'restored')`.execute(db);
  await leadEventTypes(db, FIRST_LEAD_EVENT_TYPES);
  await db.schema.dropIndex('discovery_calls_spam_reason_created_at').execute();
  await db.schema.alterTable('discovery_calls').dropColumn('spam_reason').execute();
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
