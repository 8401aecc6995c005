// Stores for tests: a SQLite file in a temporary folder, or a PostgreSQL schema of its own (so test
// files can run in parallel against one database), each migrated and removed afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Dialect, type OpenDatabase } from '../store/database.ts';
import { createLeadStore, type LeadStore, type LeadStoreOptions } from '../leads/lead-store.ts';
import { migrate } from '../store/migrations/index.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The dialects to run store tests against: PostgreSQL only where TEST_DATABASE_URL names one. */
export const TEST_DIALECTS: Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestStore extends OpenDatabase {
  store: LeadStore;
  /** The PostgreSQL schema the store works in; undefined on SQLite. */
  schema: string | undefined;
  cleanup(): Promise<void>;
}

/** Migrates the opened database; cleanup closes the store, then removes what held it. */
async function migrated(
  opened: OpenDatabase,
  schema: string | undefined,
  remove: () => Promise<void> | void,
  storeOptions: (opened: OpenDatabase) => LeadStoreOptions,
): Promise<TestStore> {
  try {
    await migrate(opened.db, schema);
  } catch (err) {
    await opened.db.destroy();
    await remove();
    throw err;
  }
  const store = createLeadStore(opened.db, storeOptions(opened));
  return {
    ...opened,
    store,
    schema,
    async cleanup() {
      await opened.close();
      await remove();
    },
  };
}

/**
 * pg_trgm in `public`, before any test schema exists: the inbox's migration would otherwise create it
 * in the first test schema on its search path, and dropping that schema (cascade) would take the
 * search index of every other test file running beside it.
 */
async function sharedTrigramExtension(admin: pg.Client): Promise<void> {
  try {
    await admin.query('create extension if not exists pg_trgm schema public');
  } catch (err) {
    // Two test files creating it at once: one wins, the other's unique violation means it exists.
    const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_extension where extname = 'pg_trgm'");
    if (rows[0]?.n !== 1) throw err;
  }
}

/** `storeOptions` gives the lead store its hooks once the database is open (notifications). */
export async function createTestStore(
  dialect: Dialect,
  storeOptions: (opened: OpenDatabase) => LeadStoreOptions = () => ({}),
): Promise<TestStore> {
  if (dialect === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leads-test-'));
    return migrated(openDatabase({ dataDir }), undefined, () => fs.rmSync(dataDir, { recursive: true, force: true }), storeOptions);
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await sharedTrigramExtension(admin);
  await admin.query(`create schema ${schema}`);
  return migrated(
    openDatabase({ url: TEST_DATABASE_URL, schema }),
    schema,
    async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
    storeOptions,
  );
}

/** The store of a block's tests, as useTestStore hands it: each field read from beforeAll on. */
export type UsedStore = Omit<TestStore, 'cleanup' | 'close'>;

/** A store for the tests of the block it is called in, on one database: opened before them, removed after them. */
export function useTestStore(dialect: Dialect, storeOptions?: (opened: OpenDatabase) => LeadStoreOptions): UsedStore {
  let opened: TestStore | undefined;
  beforeAll(async () => {
    opened = await createTestStore(dialect, storeOptions);
  });
  afterAll(() => opened?.cleanup());
  const open = () => {
    if (!opened) throw new Error('The test store opens in beforeAll: use it inside a hook or a test');
    return opened;
  };
  return {
    dialect,
    get db() {
      return open().db;
    },
    get store() {
      return open().store;
    },
    get schema() {
      return open().schema;
    },
  };
}
