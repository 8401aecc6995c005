// The leads inbox at scale (issue 10 §4): 100,000 seeded leads on SQLite and on PostgreSQL (a throwaway
// database), and the time the list's API takes to answer a logged-in operator: the first page, a page
// far back by its cursor, searches (a rare term, a common one, a phone number, two letters) and
// filtered pages, p50 and p95 of each. Then the same searches without the trigram indexes, to show
// what they buy. It measures and prints; it judges nothing.
// Usage: npx tsx bench/inbox.ts [--leads N] [--runs N]   (npm run bench runs it too)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { listLeads } from '../src/server/leads/lead-queries.ts';
import { createServices } from '../src/server/services.ts';
import { createLogger } from '../src/server/http/logging.ts';
import { testConfig } from '../src/server/testing/config.ts';
import { sessionCookie } from '../src/server/operators/session-cookie.ts';
import { openDatabase, type OpenDatabase } from '../src/server/store/database.ts';
import { searchTerms } from '../src/server/leads/lead-search.ts';
import { migrate } from '../src/server/store/migrations/index.ts';
import { INBOX_API } from '../src/shared/inbox.ts';
import { withThrowawayDatabase } from '../tools/postgres.ts';
import { COMMON_TERM, RARE_TERM, seedLeads } from './seed-leads.ts';

const WARMUP = 5;

export interface Timing {
  p50Ms: number;
  p95Ms: number;
  /** How many leads the page held: a search that found nothing would time nothing. */
  leads: number;
}

export interface InboxOutcome {
  leads: number;
  seedMs: number;
  /** Through the API, per scenario. */
  api: Record<string, Timing>;
  /** The searches' query alone, with no trigram index: the leads read and compared newest first. */
  withoutTrigrams: Record<string, Timing>;
}

const SEARCHES: Record<string, string> = {
  'search: rare term': `q=${encodeURIComponent(RARE_TERM)}`,
  'search: common term': `q=${COMMON_TERM}`,
  // Either side of FEW_MATCHES (lead-queries.ts), where SQLite changes how it searches.
  'search: 0.6 % of leads': `q=${encodeURIComponent('Пирин Авто')}`,
  'search: 1.1 % of leads': 'q=evie',
  'search: phone digits': `q=${encodeURIComponent('88 123')}`,
  'search: two letters': `q=${encodeURIComponent('зо')}`,
};

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

async function time(runs: number, request: () => Promise<{ statusCode: number; json: () => unknown }>): Promise<Timing> {
  const samples: number[] = [];
  let leads = 0;
  for (let i = 0; i < WARMUP + runs; i++) {
    const started = performance.now();
    const res = await request();
    const took = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`the list answered ${res.statusCode}: ${JSON.stringify(res.json())}`);
    leads = (res.json() as { leads: unknown[] }).leads.length;
    if (i >= WARMUP) samples.push(took);
  }
  samples.sort((a, b) => a - b);
  return { p50Ms: round(percentile(samples, 0.5)), p95Ms: round(percentile(samples, 0.95)), leads };
}

/** Seeds the database, then times each scenario through the app, as an operator's browser would ask. */
async function measure(label: string, opened: OpenDatabase, count: number, runs: number): Promise<InboxOutcome> {
  const { db, dialect } = opened;
  const log = (line: string) => console.log(`[bench] inbox ${label}: ${line}`);
  await migrate(db);
  const started = performance.now();
  await seedLeads(db, { count });
  const seedMs = Math.round(performance.now() - started);
  log(`${count.toLocaleString('en-US')} leads seeded in ${seedMs} ms`);
  // PostgreSQL's autovacuum would gather statistics on a table this size soon after; now, at once.
  if (dialect === 'postgres') await sql`analyze discovery_calls`.execute(db);

  const services = await createServices(testConfig(), createLogger(false), { database: opened });
  const { operators } = services;
  const operator = await operators.accounts.create('bench@example.com', 'a long bench password');
  if (!operator) throw new Error('could not create the operator');
  const { token } = await operators.sessions.create(operator.id);
  const cookie = sessionCookie(token, false).split(';')[0]!;
  const app = await buildApp(services, { clientDir: os.tmpdir() });
  const list = (query: string) => () => app.inject({ method: 'GET', url: `${INBOX_API.leads}?${query}`, headers: { cookie } });

  // A page a year back: the cursor of the last lead before that day, whatever the filters.
  const yearAgo = new Date(Date.now() - 365 * 24 * 3_600_000).toISOString().slice(0, 10);
  const { next } = await listLeads(db, dialect, { to: yearAgo, limit: 1 }, new Date());
  const scenarios: Record<string, string> = {
    'first page': '',
    'a page a year back (cursor)': `cursor=${next ?? ''}`,
    ...SEARCHES,
    'status + service': `status=won&service=${encodeURIComponent('Conversion Systems')}`,
    overdue: 'overdue=true',
    unseen: 'unseen=true',
    'date range (a month)': `from=${yearAgo.slice(0, 8)}01&to=${yearAgo.slice(0, 8)}28`,
  };

  const api: Record<string, Timing> = {};
  try {
    for (const [name, query] of Object.entries(scenarios)) {
      api[name] = await time(runs, list(query));
      log(`${name.padEnd(28)} p50 ${api[name].p50Ms} ms  p95 ${api[name].p95Ms} ms  (${api[name].leads} leads)`);
    }

    // The alternative measured: no trigram index, so a search compares the folded column of lead after
    // lead, newest first, until the page is full or the leads run out. The query alone is timed.
    if (dialect === 'postgres') await sql`drop index discovery_calls_search_text_trigram`.execute(db);
    const withoutTrigrams: Record<string, Timing> = {};
    for (const [name, query] of Object.entries(SEARCHES)) {
      const terms = searchTerms(new URLSearchParams(query).get('q') ?? '');
      const matches = sql.join(
        terms.map((term) => (dialect === 'postgres' ? sql`search_text like ${`%${term}%`}` : sql`instr(search_text, ${term}) > 0`)),
        sql` or `,
      );
      withoutTrigrams[name] = await time(runs, async () => {
        const { rows } = await sql`select id from discovery_calls where ${matches} order by created_at desc, id desc limit 26`.execute(db);
        return { statusCode: 200, json: () => ({ leads: rows.slice(0, 25) }) };
      });
      log(`without trigrams, ${name.padEnd(20)} p50 ${withoutTrigrams[name].p50Ms} ms  p95 ${withoutTrigrams[name].p95Ms} ms`);
    }
    return { leads: count, seedMs, api, withoutTrigrams };
  } finally {
    await app.close();
  }
}

export interface InboxBenchOptions {
  leads?: number;
  runs?: number;
}

/** Both databases, one after the other; PostgreSQL is skipped, with the reason, when unreachable. */
export async function benchInbox({ leads = 100_000, runs = 100 }: InboxBenchOptions = {}): Promise<Record<string, InboxOutcome | { skipped: string }>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-'));
  const results: Record<string, InboxOutcome | { skipped: string }> = {};
  const sqlite = openDatabase({ dataDir });
  try {
    results.sqlite = await measure('sqlite', sqlite, leads, runs);
  } finally {
    await sqlite.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  results.postgres = await withThrowawayDatabase('bench_inbox', async (url) => {
    const postgres = openDatabase({ url });
    try {
      return await measure('postgres', postgres, leads, runs);
    } finally {
      await postgres.db.destroy();
    }
  });
  if ('skipped' in results.postgres) console.log(`[bench] inbox postgres: skipped: ${results.postgres.skipped}`);
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flag = (name: string, fallback: number) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? fallback : Number(process.argv[at + 1]);
  };
  await benchInbox({ leads: flag('--leads', 100_000), runs: flag('--runs', 100) });
}
