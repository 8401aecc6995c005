// Schema migrations, run at start. Written once with Kysely's schema builder so both dialects get the
// same table; Kysely's migrator records what ran and holds a lock, so a second start (or a second
// instance) does nothing.
//
// Migrations are FROZEN. Each is a file of its own (NNN-name.ts) that imports nothing but kysely and
// this folder's frozen helpers (dialect.ts), and writes out every value it needs (statuses, channels,
// lengths, the folding of a lead's search text) as it was on the day it was written: a migration that
// has run on a database must build the same schema when it runs on a new one, whatever today's code
// says. A change to the schema is a NEW file, listed last below; never edit an old one, nor a helper
// it uses. schema.test.ts holds them to it: a database made at once and one made a migration at a time
// must have the same schema, and no file here may import the site's live code.
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as migration001 from './001-discovery-calls.ts';
import * as migration002 from './002-notifications.ts';
import * as migration003 from './003-operators.ts';
import * as migration004 from './004-inbox.ts';
import * as migration005 from './005-inbox-chart.ts';
import * as migration006 from './006-privacy-notice.ts';
import * as migration007 from './007-erasure.ts';
import * as migration008 from './008-attribution-funnel.ts';
import * as migration009 from './009-spam.ts';
import * as migration010 from './010-arrival-derived.ts';
import * as migration011 from './011-search-merge-steps.ts';
import * as migration012 from './012-phone-e164.ts';
import * as migration013 from './013-form-token-uses.ts';
import * as migration014 from './014-meetings.ts';
import * as migration015 from './015-meeting-notices.ts';
import * as migration016 from './016-operator-calendars.ts';
import * as migration017 from './017-assistants.ts';
import * as migration018 from './018-frozen-notices.ts';
import * as migration019 from './019-meeting-links.ts';
import * as migration020 from './020-notices-after-erasure.ts';
import * as migration021 from './021-timeline-notifications.ts';
import * as migration022 from './022-open-channels.ts';
import * as migration023 from './023-attempt-gone.ts';
import * as migration024 from './024-callback-consent.ts';
import * as migration025 from './025-alex-calls.ts';

/**
 * Each migration under the name Kysely records for it in `kysely_migration`: these names never change
 * (a renamed one would run again on every existing database). Kysely runs them in the order of their
 * names, which is this order.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22-001-discovery-calls': migration001,
  '2026-11-24-002-notifications': migration002,
  '2026-11-24-003-operators': migration003,
  '2026-11-24-004-inbox': migration004,
  '2026-11-24-005-inbox-chart': migration005,
  '2026-11-25-006-privacy-notice': migration006,
  '2026-11-25-007-erasure': migration007,
  '2026-11-25-008-attribution-funnel': migration008,
  '2026-11-26-009-spam': migration009,
  '2026-11-27-010-arrival-derived': migration010,
  '2026-11-28-011-search-merge-steps': migration011,
  '2026-11-29-012-phone-e164': migration012,
  '2026-11-30-013-form-token-uses': migration013,
  '2026-12-01-014-meetings': migration014,
  '2026-12-02-015-meeting-notices': migration015,
  '2026-12-03-016-operator-calendars': migration016,
  '2026-12-04-017-assistants': migration017,
  '2026-12-07-018-frozen-notices': migration018,
  '2026-12-07-019-meeting-links': migration019,
  '2026-12-07-020-notices-after-erasure': migration020,
  '2026-12-07-021-timeline-notifications': migration021,
  '2026-12-07-022-open-channels': migration022,
  '2026-12-07-023-attempt-gone': migration023,
  '2026-12-07-024-callback-consent': migration024,
  '2026-12-07-025-alex-calls': migration025,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/**
 * The migrator over this folder's migrations. `schema` names the PostgreSQL schema the connection works
 * in (tests): Kysely looks for its bookkeeping tables in every schema otherwise, and would take another
 * schema's for this one's.
 */
// Migrations see the database as it was when they were written, not as the current types say.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function migrator(db: Kysely<any>, schema?: string): Migrator {
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/**
 * The database was migrated by a newer version of the site than this one (an image rolled back across
 * a migration): this version does not know its schema, and waiting will not help.
 */
export class NewerDatabaseError extends Error {}

/** Brings the database up to date; returns the migrations it ran. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrate(db: Kysely<any>, schema?: string): Promise<string[]> {
  const { error, results } = await migrator(db, schema).migrateToLatest();
  const unknown = error instanceof Error ? /previously executed migration (\S+) is missing/.exec(error.message)?.[1] : undefined;
  if (unknown) {
    throw new NewerDatabaseError(
      `the database has migration ${unknown}, which this version of the site does not know: a newer version migrated it. ` +
        'Run that version again, or restore the backup taken before the upgrade (docs/operating.md, "Rolling back").',
    );
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
