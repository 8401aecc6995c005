// Migration 2026-11-22-001-discovery-calls. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// The leads (the booking form's discovery calls).
import type { Kysely } from 'kysely';
import { indexOn, oneOf } from './dialect.ts';

/** A lead's statuses on the day this migration was written (shared/booking.ts' LEAD_STATUSES then). */
const LEAD_STATUSES = ['pending', 'contacted', 'scheduled', 'won', 'lost'];

export async function up(db: Kysely<unknown>): Promise<void> {
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discovery_calls').execute();
}
