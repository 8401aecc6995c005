// The benchmark's API section (issue 13 §1): `POST /api/discovery-calls` with autocannon at 10 and 50
// connections on SQLite and on PostgreSQL, and `GET /`, each beside the physical limit of the same work
// on this machine, a bare `node:http` server (bench/bare-server.ts), started and loaded the same way.
// Our throughput is reported as a ratio of the bare one; absolute figures drift with the machine's load,
// the ratio much less, and the two are loaded in turn for several rounds (API_ROUNDS) so that a drift
// during the run weighs on both. It measures and reports; bench/run.ts prints it and writes
// bench/results.json.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { withThrowawayDatabase } from '../tools/postgres.ts';
import { budget, type BudgetCheck } from './report.ts';
import { startServerProcess, type ServerProcess } from './site-server.ts';

const SERVER_ENTRY = 'dist/node/server/main.js';
const BARE_SERVER = 'bench/bare-server.ts';
export const API_CONNECTIONS = [10, 50] as const;
export const WARMUP_SECONDS = 2;
/**
 * Ours and the bare server are loaded in turn this many times at each number of connections, the order
 * swapped every round (ours then bare, bare then ours, …), and the round of median ratio is reported:
 * a change in the machine's load during the run then weighs on both sides, and one disturbed round
 * does not decide the figure. Five, not three: on the shared two-core machine the rounds of one run
 * spread over ten points or more, and with three one disturbed round in two decided the median.
 */
export const API_ROUNDS = 5;
const BOOKING = JSON.stringify({
  first_name: 'Bench', email: 'bench@example.com', phone: '+359 88 123 4567', business_name: 'Bench Ltd',
  service: 'Support Automation', product: 'Customer Support Chat Assistant', custom_service: '', locale: 'en',
});
/** What a browser sends: our server and the bare one pick brotli for it. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en' };
/**
 * Our server as the benchmark runs it: no rate limit (every request comes from one address), and the
 * form's time trap off, as the load posts without a form token (with it on, every request would be
 * taken for spam: stored, but another path). Logs at the default level, written to /dev/null.
 */
export const OUR_ENV = { BOOKING_RATE_LIMIT: 'off', BOOKING_MIN_FILL_SECONDS: '0', LOG_LEVEL: 'info' };

export interface Load {
  reqPerSec: number; p50Ms: number; p99Ms: number; requests: number; non2xx: number; errors: number; timeouts: number;
  /**
   * The server process's CPU time (user + system) per request answered, in microseconds: what a request
   * costs, which the machine's other load changes much less than it changes the throughput. Absent
   * where /proc is not there to read it.
   */
  cpuUsPerRequest?: number;
}
/**
 * Ours beside the bare server at one number of connections: the round of median ratio (`ratio` is our
 * throughput over the bare one's), and every round's ratio in the order measured.
 */
export interface Pair { ours: Load; bare: Load; ratio: number; rounds: number[] }
export type StoreOutcome = Record<`${(typeof API_CONNECTIONS)[number]}`, Pair> | { skipped: string };
export interface ApiOutcome {
  endpoint: string;
  connections: readonly number[];
  durationSeconds: number;
  sqlite: StoreOutcome;
  postgres: StoreOutcome;
  /** `GET /` at 50 connections, as a browser asks for it (brotli), beside a bare static server. */
  page: Pair & { path: '/'; connections: number; encoding: string; bytes: number; bareBytes: number };
}

const log = (line: string) => console.log(`[bench] ${line}`);

/** Issue 13's budgets for the API, at 50 connections: our throughput beside the bare server's, and SQLite's tail. */
export const API_BUDGETS = {
  connections: 50,
  /** POST on each database, and GET /, as a share of the bare server's requests per second. */
  shareOfBare: 0.7,
  /** POST on SQLite, 99th percentile latency. */
  sqliteP99Ms: 15,
} as const;

/** The API's budgets judged on a run's figures; a database the run skipped is not judged. */
export function apiBudgets(api: ApiOutcome): BudgetCheck[] {
  const at = `${API_BUDGETS.connections}` as const;
  const checks: BudgetCheck[] = [];
  for (const store of ['sqlite', 'postgres'] as const) {
    const o = api[store];
    if ('skipped' in o) continue;
    checks.push(budget(`POST ${store} at ${at} connections, share of bare`, o[at].ratio, 'min', API_BUDGETS.shareOfBare));
    if (store === 'sqlite') checks.push(budget(`POST sqlite at ${at} connections, p99 ms`, o[at].ours.p99Ms, 'max', API_BUDGETS.sqliteP99Ms));
  }
  checks.push(budget(`GET / at ${api.page.connections} connections, share of bare`, api.page.ratio, 'min', API_BUDGETS.shareOfBare));
  return checks;
}

type Running = ServerProcess;

/** Starts a server process on a free port, its log lines written nowhere, once healthy. */
function start(label: string, args: string[], env: Record<string, string>): Promise<Running> {
  log(`${label}: starting`);
  return startServerProcess(label, args, env, { quiet: true });
}

/** A process's CPU time so far, user and system, in microseconds (Linux's /proc); undefined elsewhere. */
export function cpuTimeUs(pid: number): number | undefined {
  try {
    // After the command's name in parentheses: fields 14 and 15 of the line are utime and stime, in ticks.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1e6) / CLOCK_TICKS : undefined;
  } catch {
    return undefined;
  }
}
/** Linux's USER_HZ: 100 on every architecture Node runs on. */
const CLOCK_TICKS = 100;

/** autocannon on one URL for `seconds`: its figures, and the server process's CPU time per request. */
export async function load(url: string, connections: number, seconds: number, options: Partial<autocannon.Options>, pid: number): Promise<Load> {
  const cpuBefore = cpuTimeUs(pid);
  const { requests, latency, non2xx, errors, timeouts } = await autocannon({ url, connections, duration: seconds, ...options });
  const cpuAfter = cpuTimeUs(pid);
  return {
    reqPerSec: requests.average, p50Ms: latency.p50, p99Ms: latency.p99, requests: requests.total, non2xx, errors, timeouts,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && requests.total
      ? { cpuUsPerRequest: Math.round((cpuAfter - cpuBefore) / requests.total) }
      : {}),
  };
}

/**
 * Both servers warmed up, then loaded in turn for API_ROUNDS rounds, the order swapped each round; the
 * round of median ratio is the pair reported.
 */
async function alternate(
  label: string,
  sides: { ours: { server: Running; url: string }; bare: { server: Running; url: string } },
  duration: number,
  options: Partial<autocannon.Options>,
  connections: number,
): Promise<Pair> {
  log(`${label}: ${connections} connections, warming up ${WARMUP_SECONDS} s each, then ${API_ROUNDS} rounds of ${duration} s each, in turn...`);
  for (const side of [sides.ours, sides.bare]) await load(side.url, connections, WARMUP_SECONDS, options, side.server.pid);
  const rounds: Omit<Pair, 'rounds'>[] = [];
  for (let r = 0; r < API_ROUNDS; r++) {
    const loads: Partial<Record<'ours' | 'bare', Load>> = {};
    for (const name of r % 2 ? (['bare', 'ours'] as const) : (['ours', 'bare'] as const)) {
      loads[name] = await load(sides[name].url, connections, duration, options, sides[name].server.pid);
    }
    rounds.push({ ours: loads.ours!, bare: loads.bare!, ratio: ratio(loads.ours!, loads.bare!) });
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
  return { ...median, rounds: rounds.map((r) => r.ratio) };
}

async function withServer<T>(label: string, args: string[], env: Record<string, string>, fn: (server: Running) => Promise<T>): Promise<T> {
  const server = await start(label, args, env);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

const ours = (env: Record<string, string>) => ({ args: [SERVER_ENTRY], env: { ...OUR_ENV, ...env } });
const bare = (...args: string[]) => ({ args: ['--import', 'tsx', BARE_SERVER, ...args, '$PORT'], env: {} });
const ratio = (a: Load, b: Load) => Math.round((a.reqPerSec / b.reqPerSec) * 1000) / 1000;

const POST = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: BOOKING };

/** Ours and the bare server both running, each on its own store, loaded in turn (alternate). */
async function bookingPairs(store: 'sqlite' | 'postgres', where: () => { url?: string; dir?: string }, duration: number) {
  const w = where();
  const o = ours(w.url ? { DATABASE_URL: w.url } : { DATA_DIR: w.dir!, DATABASE_URL: '' });
  const b = where();
  return withServer(`${store} ours`, o.args, o.env, (oursServer) =>
    withServer(`${store} bare`, bare('booking', store, b.url ?? b.dir!).args, {}, async (bareServer) => {
      const pairs: Partial<Record<string, Pair>> = {};
      const sides = {
        ours: { server: oursServer, url: `${oursServer.base}/api/discovery-calls` },
        bare: { server: bareServer, url: `${bareServer.base}/api/discovery-calls` },
      };
      for (const c of API_CONNECTIONS) pairs[String(c)] = await alternate(`POST ${store}`, sides, duration, POST, c);
      return pairs as Record<`${(typeof API_CONNECTIONS)[number]}`, Pair>;
    }),
  );
}

async function benchSqlite(duration: number): Promise<StoreOutcome> {
  const dirs: string[] = [];
  try {
    // An empty DATABASE_URL counts as unset, so an exported one cannot turn this run into PostgreSQL.
    return await bookingPairs('sqlite', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sqlite-'));
      dirs.push(dir);
      return { dir };
    }, duration);
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(duration: number): Promise<StoreOutcome> {
  // Each server its own throwaway database, so the bare insert does not pay for our rows' indexes.
  const urls: string[] = [];
  const outcome = await withThrowawayDatabase('bench_ours', (oursUrl) =>
    withThrowawayDatabase('bench_bare', (bareUrl) => {
      urls.push(oursUrl, bareUrl);
      return bookingPairs('postgres', () => ({ url: urls.shift()! }), duration);
    }),
  );
  if ('skipped' in outcome) {
    log(`postgres: skipped: ${outcome.skipped}`);
    return outcome;
  }
  return outcome;
}

/** One GET with a browser's headers: the status, the encoding and the bytes on the wire. */
export function probe(url: string, headers: Record<string, string>): Promise<{ status: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'identity'), body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

async function benchPage(duration: number): Promise<ApiOutcome['page']> {
  // At the number of connections its budget is judged at.
  const connections = API_BUDGETS.connections;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-'));
  try {
    const { args, env } = ours({ DATA_DIR: dir, DATABASE_URL: '' });
    const served = path.join(dir, 'index.html');
    return await withServer('GET / ours', args, env, async (oursServer) => {
      // Loaded once first: ours compresses the page at its best once, in the background, on the first
      // requests (site/precompressed.ts), and until then answers with a quicker, larger copy.
      await load(`${oursServer.base}/`, connections, WARMUP_SECONDS, { headers: BROWSER_HEADERS }, oursServer.pid);
      // The bare server sends the very bytes ours sent: the page with the settings written in, and as
      // ours compressed it for a browser (brotli) and for a client that takes gzip alone.
      const plain = await probe(`${oursServer.base}/`, { 'accept-language': 'en' });
      const asBrowser = await probe(`${oursServer.base}/`, BROWSER_HEADERS);
      const gzipOnly = await probe(`${oursServer.base}/`, { ...BROWSER_HEADERS, 'accept-encoding': 'gzip' });
      if (plain.status !== 200 || asBrowser.status !== 200 || asBrowser.encoding !== 'br' || gzipOnly.encoding !== 'gzip') {
        throw new Error(`GET / answered ${plain.status}/${asBrowser.status} (${asBrowser.encoding}, ${gzipOnly.encoding}); expected 200 in br and gzip`);
      }
      fs.writeFileSync(served, plain.body);
      fs.writeFileSync(`${served}.br`, asBrowser.body);
      fs.writeFileSync(`${served}.gz`, gzipOnly.body);
      return withServer('GET / bare', bare('static', served, '-').args, {}, async (bareServer) => {
        const fromBare = await probe(`${bareServer.base}/`, BROWSER_HEADERS);
        if (fromBare.encoding !== asBrowser.encoding) throw new Error(`bare static server sent ${fromBare.encoding}, ours ${asBrowser.encoding}`);
        const sides = { ours: { server: oursServer, url: `${oursServer.base}/` }, bare: { server: bareServer, url: `${bareServer.base}/` } };
        const pair = await alternate('GET /', sides, duration, { headers: BROWSER_HEADERS }, connections);
        return { path: '/' as const, connections, encoding: asBrowser.encoding, bytes: asBrowser.body.length, bareBytes: fromBare.body.length, ...pair };
      });
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchApi({ duration }: { duration: number }): Promise<ApiOutcome> {
  const sqlite = await benchSqlite(duration);
  const postgres = await benchPostgres(duration);
  const page = await benchPage(duration);
  return { endpoint: 'POST /api/discovery-calls', connections: API_CONNECTIONS, durationSeconds: duration, sqlite, postgres, page };
}

export const fmt = (l: Load) =>
  `${String(Math.round(l.reqPerSec)).padStart(6)} req/s  p50 ${String(l.p50Ms).padStart(3)} ms  p99 ${String(l.p99Ms).padStart(3)} ms` +
  (l.cpuUsPerRequest === undefined ? '' : `  cpu ${String(l.cpuUsPerRequest).padStart(4)} µs/req`) +
  (l.non2xx + l.errors + l.timeouts ? ` (${l.non2xx} non-2xx, ${l.errors} errors, ${l.timeouts} timeouts)` : '');

const percent = (r: number) => Math.round(r * 100);
/** The reported round's share of bare, and every round's. */
const share = (p: Pair) => `${percent(p.ratio)} % of bare (rounds ${p.rounds.map(percent).join(', ')})`;

/** The section's table, for the benchmark's output. */
export function printApi(api: ApiOutcome) {
  console.log('\nAPI (autocannon; ours beside a bare node:http server doing the same work, bench/bare-server.ts)');
  for (const store of ['sqlite', 'postgres'] as const) {
    const o = api[store];
    if ('skipped' in o) {
      console.log(`  POST ${store.padEnd(8)} skipped: ${o.skipped}`);
      continue;
    }
    for (const c of API_CONNECTIONS) {
      const p = o[`${c}`];
      console.log(`  POST ${store.padEnd(8)} ${String(c).padStart(2)} conn  ours ${fmt(p.ours)} | bare ${fmt(p.bare)} | ${share(p)}`);
    }
  }
  const p = api.page;
  console.log(`  GET /  (${p.encoding}, ${p.bytes} B; bare ${p.bareBytes} B) ${p.connections} conn  ours ${fmt(p.ours)} | bare ${fmt(p.bare)} | ${share(p)}`);
}
