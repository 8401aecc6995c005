import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newRowId, openDatabase } from './database.ts';
import { TEST_DATABASE_URL } from '../testing/store.ts';

describe.skipIf(!TEST_DATABASE_URL)('a PostgreSQL connection lost while the store holds it', () => {
  const url = TEST_DATABASE_URL ?? '';
  const { db } = openDatabase({ url });
  const admin = new pg.Client({ connectionString: url });
  afterAll(async () => {
    await db.destroy();
    await admin.end();
  });

  // Between two statements of a transaction the client is out of the pool and runs no query: its
  // connection's end is an 'error' event only a listener of ours can take, or it ends the process
  // (vitest reports it as an unhandled error).
  it('fails the transaction under way, not the process, and the next query gets a new connection', async () => {
    await admin.connect();
    const work = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await sleep(200);
      await sql`select 1`.execute(trx);
    });
    await expect(work).rejects.toThrow();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});

describe('the SQLite file as the store opens it', () => {
  it('keeps WAL, overwrites what is deleted, and keeps temporary files (statement journals) in memory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-test-'));
    const { db } = openDatabase({ dataDir });
    try {
      const setting = async (name: string) => (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0];
      expect(await setting('journal_mode')).toEqual({ journal_mode: 'wal' });
      expect(await setting('secure_delete')).toEqual({ secure_delete: 1 });
      expect(await setting('temp_store')).toEqual({ temp_store: 2 }); // MEMORY
    } finally {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a new row’s id', () => {
  it('is a UUID that sorts after every id made before it, so indexes of ids grow at their end', () => {
    const ids = Array.from({ length: 2000 }, newRowId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
