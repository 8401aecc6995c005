// Migration 2026-11-24-002-notifications. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// Notifications through an outbox (src/server/notifications/): the entries are written in the lead's
// own transaction, so a lead is never stored without them, and sent by a background deliverer.
import type { Kysely } from 'kysely';
import { indexOn, oneOf } from './dialect.ts';

// The values of the day this migration was written (notifications/outbox.ts then; shared/inbox.ts now).
const CHANNELS = ['webhook', 'email', 'visitor'];
const OUTBOX_KINDS = ['lead.created', 'lead.reminder', 'visitor.confirmation'];
const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'];
/** The timeline's entries then; migration 009 widened the check (spam, restored). */
const LEAD_EVENT_TYPES = ['created', 'notification.delivered', 'notification.failed', 'status', 'note'];

export async function up(db: Kysely<unknown>): Promise<void> {
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
    .addCheckConstraint('lead_events_type_check', oneOf('type', LEAD_EVENT_TYPES))
    .execute();
  // A lead's timeline, in order.
  await indexOn(db, 'lead_events', ['lead_id', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_events').execute();
  await db.schema.dropTable('delivery_attempts').execute();
  await db.schema.dropTable('outbox').execute();
}
