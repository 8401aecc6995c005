// Schema migrations, run at start. Written once with Kysely's schema builder so both dialects get the
// same table; Kysely's migrator records what ran and holds a lock, so a second start (or a second
// instance) does nothing.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { LEAD_STATUSES } from '../../shared/booking.ts';

const migrations: Record<string, Migration> = {
  '2026-11-22-001-discovery-calls': {
    async up(db: Kysely<unknown>) {
      const statuses = sql.join(LEAD_STATUSES.map((s) => sql.lit(s)));
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
        .addCheckConstraint('discovery_calls_status_check', sql`status in (${statuses})`)
        .execute();
      // The operator's list: newest first, often filtered by status.
      await db.schema
        .createIndex('discovery_calls_status_created_at')
        .on('discovery_calls')
        .columns(['status', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('discovery_calls').execute();
    },
  },
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
      await db.schema.createIndex('operator_sessions_operator_id').on('operator_sessions').column('operator_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('operator_sessions').execute();
      await db.schema.dropTable('operators').execute();
    },
  },
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/**
 * Brings the database up to date; returns the migrations it ran. `schema` names the PostgreSQL schema
 * the connection works in (tests): Kysely looks for its bookkeeping tables in every schema otherwise, and
 * would take another schema's for this one's.
 */
// Migrations see the database as it was when they were written, not as the current types say.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrate(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
