import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { QueuedSqliteDialect, QueueLock, withStatementCache } from './sqlite-dialect.ts';

interface Db { t: { n: number } }

describe('the SQLite dialect', () => {
  const opened: Kysely<Db>[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
  });

  /** An in-memory database through the dialect, counting the statements better-sqlite3 prepares. */
  function open(kept?: number, lock?: QueueLock) {
    const sqlite = new SQLite(':memory:');
    const prepared: string[] = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((text: string) => {
      prepared.push(text);
      return prepare(text);
    }) as typeof sqlite.prepare;
    const db = new Kysely<Db>({ dialect: new QueuedSqliteDialect({ database: withStatementCache(sqlite, kept) }, lock ? { lock } : {}) });
    opened.push(db);
    return { db, prepared };
  }

  it('prepares each statement once and reuses it, within transactions too', async () => {
    const { db, prepared } = open();
    await sql`create table t (n integer)`.execute(db);
    for (let n = 0; n < 5; n++) {
      await db.transaction().execute((trx) => trx.insertInto('t').values({ n }).execute());
    }
    expect(await db.selectFrom('t').select('n').orderBy('n').execute()).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })));
    expect(prepared.filter((s) => s.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((s) => s === 'begin')).toHaveLength(1);
    expect(prepared.filter((s) => s === 'commit')).toHaveLength(1);
  });

  it('keeps only the most recently used statements', async () => {
    const { db, prepared } = open(2);
    const select = (n: number) => sql`select ${sql.lit(n)} as n`.execute(db);
    await select(1);
    await select(2);
    await select(1); // 1 is now the most recent, so 3 pushes 2 out
    await select(3);
    await select(1);
    await select(2);
    expect(prepared).toEqual(['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 2 as n']);
  });

  it('runs waiting transactions in the order they asked, each whole before the next', async () => {
    const { db } = open();
    await sql`create table t (n integer)`.execute(db);
    await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map((n) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('t').values({ n: n * 10 }).execute();
          await Promise.resolve();
          await trx.insertInto('t').values({ n: n * 10 + 1 }).execute();
        }),
      ),
    );
    const rows = await db.selectFrom('t').select('n').execute();
    expect(rows.map((r) => r.n)).toEqual([0, 1, 10, 11, 20, 21, 30, 31, 40, 41, 50, 51, 60, 61, 70, 71]);
  });

  it('lets the next query through after one fails', async () => {
    const { db } = open();
    await expect(sql`select * from missing`.execute(db)).rejects.toThrow(/no such table/);
    await expect(db.transaction().execute(() => Promise.reject(new Error('rolled back')))).rejects.toThrow('rolled back');
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('lets another take its turn in the queue: after the transaction under way, and before the queries asked after it', async () => {
    const lock = new QueueLock();
    const { db } = open(undefined, lock);
    await sql`create table t (n integer)`.execute(db);
    const order: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ n: 1 }).execute();
      await sleep(30);
      await trx.insertInto('t').values({ n: 2 }).execute();
      order.push('transaction');
    });
    await sleep(10);
    let done!: () => void;
    const held = lock.hold(() => {
      order.push('held');
      return new Promise<void>((resolve) => (done = resolve));
    });
    const after = db.insertInto('t').values({ n: 3 }).execute().then(() => order.push('after'));
    await transaction;
    await sleep(50);
    expect(order).toEqual(['transaction', 'held']);
    done();
    await Promise.all([held, after]);
    expect(order).toEqual(['transaction', 'held', 'after']);
  });
});
