import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE } from './database.ts';
import type { CheckpointOptions } from './sqlite-checkpoints.ts';

describe('WAL checkpoints in the background (SQLite)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A database with 100 pages committed to its WAL, fewer than the serving connection checkpoints itself at. */
  async function written(backgroundCheckpoints: boolean) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'));
    dirs.push(dir);
    const { db } = openDatabase({ dataDir: dir, backgroundCheckpoints });
    await sql`create table t (b blob)`.execute(db);
    const file = path.join(dir, SQLITE_FILE);
    const before = fs.statSync(file).size;
    for (let i = 0; i < 100; i++) await sql`insert into t values (randomblob(4000))`.execute(db);
    return { db, file, before };
  }

  /**
   * The database file's size once it holds all 100 rows, or as it is after two seconds. Not its first growth:
   * a checkpoint that ran while the rows were still being written copied only the ones committed by then.
   */
  async function grown(file: string, before: number) {
    const whole = before + 100 * 4000;
    for (let waited = 0; waited < 2000 && fs.statSync(file).size <= whole; waited += 50) await sleep(50);
    return fs.statSync(file).size;
  }

  it('copies what was committed into the database file, while the server goes on', async () => {
    const { db, file, before } = await written(true);
    expect(await grown(file, before)).toBeGreaterThan(before + 100 * 4000);
    await db.destroy();
  });

  it('leaves the pages in the WAL without it, below SQLite’s own threshold (the check above means something)', async () => {
    const { db, file, before } = await written(false);
    expect(await grown(file, before)).toBe(before);
    await db.destroy();
  });

  /**
   * How many times the WAL started over while 3,000 rows (about 9,000 pages) were written one after
   * the other, each in a turn of the event loop of its own, as a server under a load that never pauses
   * writes them. Read from the WAL's header: its checkpoint sequence number grows by one at each start.
   */
  async function restartsDuringWrites(checkpoints: CheckpointOptions) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'));
    dirs.push(dir);
    const wal = path.join(dir, `${SQLITE_FILE}-wal`);
    const sequence = () => fs.readFileSync(wal).readUInt32BE(12);
    const { db } = openDatabase({ dataDir: dir, backgroundCheckpoints: checkpoints });
    const insert = () => sql`insert into t values (randomblob(4000))`.execute(db);
    await sql`create table t (b blob)`.execute(db);
    // Time for the worker to start and copy the WAL, which the next write then starts over.
    await sleep(300);
    await insert();
    const before = sequence();
    for (let i = 0; i < 3000; i++) {
      await nextTurn();
      await insert();
    }
    const restarts = sequence() - before;
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    await db.destroy();
    return { restarts, rows: rows[0]?.n };
  }

  it('starts the WAL over under writes that never pause, past its threshold, with a pause of the queries', async () => {
    const { restarts, rows } = await restartsDuringWrites({ everyMs: 10, restartPages: 100 });
    expect(rows).toBe(3001);
    expect(restarts).toBeGreaterThanOrEqual(3);
  });

  it('does not start it over under such writes without the pauses (the check above means something)', async () => {
    const { restarts } = await restartsDuringWrites({ everyMs: 10, restartPages: 1_000_000 });
    expect(restarts).toBeLessThanOrEqual(1);
  });

  it('stops with the database, which then reads as written', async () => {
    const { db, file } = await written(true);
    await db.destroy();
    const { db: again } = openDatabase({ dataDir: path.dirname(file) });
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(again);
    expect(rows[0]?.n).toBe(100);
    await again.destroy();
  });
});
