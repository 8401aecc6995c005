// SQLite's group commit (group-commit.ts, docs/decisions/026-group-commit.md): the leads that come in
// together share one transaction, and one lead's failure is its own alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxRows } from '../notifications/outbox.ts';
import { GEORGI, visitor } from '../testing/leads.ts';
import type { Database } from '../store/database.ts';
import { createLeadStore, type LeadStoreOptions } from './lead-store.ts';
import { LEADS_PER_COMMIT } from './group-commit.ts';
import { migrate } from '../store/migrations/index.ts';
import { QueuedSqliteDialect, withStatementCache } from '../store/sqlite-dialect.ts';

/**
 * A query that is not listed: the one connection runs queries in the order they were asked for, so once
 * it has run, so has what the store asked for without waiting (the search merge).
 */
const SETTLED = "select 'settled'";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A migrated SQLite store whose statements from here on are listed, in the order they ran. */
async function loggedStore(options: LeadStoreOptions = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
  const statements: string[] = [];
  let logging = false;
  const db = new Kysely<Database>({
    dialect: new QueuedSqliteDialect({ database: withStatementCache(new SQLite(path.join(dir, 'leads.sqlite'))) }),
    log: (event) => {
      if (logging && event.query.sql !== SETTLED) statements.push(event.query.sql.split(' ').slice(0, 3).join(' ').toLowerCase());
    },
  });
  await migrate(db);
  logging = true;
  const store = createLeadStore(db, options);
  cleanup = async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const count = async (table: 'discovery_calls' | 'outbox') =>
    Number((await db.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const settled = () => db.executeQuery(CompiledQuery.raw(SETTLED));
  return { db, store, statements, count, settled };
}

describe('SQLite group commit', () => {
  it('writes leads that come in together in one transaction, each answered with its own lead', async () => {
    const { store, statements, count } = await loggedStore();
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => store.create(visitor(n))));
    expect(statements.filter((s) => s === 'begin')).toHaveLength(1);
    expect(statements.filter((s) => s === 'commit')).toHaveLength(1);
    // In multi-row INSERTs of a power of two: 16 and 4.
    expect(statements.filter((s) => s.startsWith('insert into "discovery_calls"'))).toHaveLength(2);
    expect(results.map((r) => r.lead.email)).toEqual(Array.from({ length: 20 }, (_, n) => visitor(n).email));
    expect(new Set(results.map((r) => r.lead.id)).size).toBe(20);
    expect(results.every((r) => r.created)).toBe(true);
    expect(await count('discovery_calls')).toBe(20);
  });

  it('writes a lead that comes in alone as one statement, with no transaction, then a step of the search merge', async () => {
    const { store, statements, settled } = await loggedStore();
    await store.create(GEORGI);
    await settled();
    expect(statements).toEqual(['insert into "discovery_calls"', 'insert into "discovery_calls_search"']);
  });

  it("merges the search table's segments a step after each write, its own merging off", async () => {
    const { db, store, statements, settled } = await loggedStore();
    await Promise.all(Array.from({ length: 20 }, (_, n) => store.create(visitor(n))));
    await settled();
    expect(statements.at(-1)).toBe('insert into "discovery_calls_search"');
    expect(statements.indexOf('commit')).toBe(statements.length - 2);
    const { rows } = await sql<{ k: string; v: number }>`select k, v from discovery_calls_search_config where k in ('automerge', 'crisismerge') order by k`.execute(db);
    expect(rows).toEqual([{ k: 'automerge', v: 0 }, { k: 'crisismerge', v: 64 }]);
    // And the search still finds each of them.
    const { rows: found } = await sql<{ n: number }>`select count(*) as n from discovery_calls_search where discovery_calls_search match '"visitor1"'`.execute(db);
    expect(found[0]!.n).toBe(11); // visitor1, visitor10 … visitor19
  });

  it(`writes at most ${LEADS_PER_COMMIT} leads per transaction`, async () => {
    const { store, statements, count } = await loggedStore();
    await Promise.all(Array.from({ length: LEADS_PER_COMMIT + 1 }, (_, n) => store.create(visitor(n))));
    // The one left over is written apart: a lead alone is one statement, with no transaction.
    expect(statements.filter((s) => s === 'commit')).toHaveLength(1);
    expect(statements.filter((s) => s.startsWith('insert into "discovery_calls"'))).toHaveLength(4); // 64 + 32 + 4, and 1
    expect(await count('discovery_calls')).toBe(LEADS_PER_COMMIT + 1);
  });

  it("fails only the lead whose rows cannot be written; the others are written, that one not at all", async () => {
    // The lead named Bad gets an outbox row the database refuses (no channel): its lead row is written
    // first, so only a rolled-back transaction keeps it out.
    const { db, store, count } = await loggedStore({
      outboxFor: (lead) =>
        outboxRows([{ leadId: lead.id, channel: lead.first_name === 'Bad' ? (null as never) : 'webhook', kind: 'lead.created', dedupeKey: `lead.created:${lead.id}` }], new Date()),
    });
    const inputs = Array.from({ length: 10 }, (_, n) => (n === 4 ? { ...visitor(n), first_name: 'Bad' } : visitor(n)));
    const results = await Promise.allSettled(inputs.map((input) => store.create(input)));
    expect(results.map((r) => r.status)).toEqual(inputs.map((_, n) => (n === 4 ? 'rejected' : 'fulfilled')));
    expect(await count('discovery_calls')).toBe(9);
    expect(await count('outbox')).toBe(9);
    const names = await db.selectFrom('discovery_calls').select('first_name').execute();
    expect(names.map((r) => r.first_name)).not.toContain('Bad');
  });

  it('creates one lead for two requests of one idempotency key in the same transaction; both answer with it', async () => {
    const { store, count } = await loggedStore();
    const [first, second] = await Promise.all([store.create(GEORGI, 'same-key'), store.create(GEORGI, 'same-key')]);
    expect(first!.created).toBe(true);
    expect(second!.created).toBe(false);
    expect(second!.sameInput).toBe(true);
    expect(second!.lead.id).toBe(first!.lead.id);
    expect(await count('discovery_calls')).toBe(1);
  });
});
