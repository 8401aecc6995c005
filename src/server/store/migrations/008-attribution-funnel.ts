// Migration 2026-11-25-008-attribution-funnel. FROZEN: it has run on databases that exist; a change to
// the schema is a new migration (see index.ts), never an edit here.
// First-touch attribution on each lead, and the funnel's daily counts (docs/decisions/015-attribution-and-funnel.md).
import { sql, type Kysely } from 'kysely';
import { indexOn } from './dialect.ts';

/**
 * The attribution keys on the day this migration was written (shared/attribution.ts' ATTRIBUTION_KEYS
 * then), each a column of the lead's, in this order.
 */
const ATTRIBUTION_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'referrer_host',
  'landing_path',
];

/** The longest value kept then, in characters (ATTRIBUTION_MAX): each column's length, and the funnel's source's. */
const ATTRIBUTION_TYPE = 'varchar(200)';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const key of ATTRIBUTION_KEYS) {
    await db.schema.alterTable('discovery_calls').addColumn(key, sql.raw(ATTRIBUTION_TYPE)).execute();
  }
  // The list filtered by source or campaign, newest first.
  await indexOn(db, 'discovery_calls', ['utm_source', 'created_at']);
  await indexOn(db, 'discovery_calls', ['utm_campaign', 'created_at']);
  await db.schema
    .createTable('funnel_days')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('locale', 'varchar(10)', (c) => c.notNull())
    .addColumn('source', sql.raw(ATTRIBUTION_TYPE), (c) => c.notNull())
    .addColumn('step', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('funnel_days_pkey', ['day', 'locale', 'source', 'step'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funnel_days').execute();
  await db.schema.dropIndex('discovery_calls_utm_campaign_created_at').execute();
  await db.schema.dropIndex('discovery_calls_utm_source_created_at').execute();
  for (const key of [...ATTRIBUTION_KEYS].reverse()) await db.schema.alterTable('discovery_calls').dropColumn(key).execute();
}
