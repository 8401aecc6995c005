// The benchmark's API section (issue 13 §1): `POST /api/discovery-calls` with autocannon at 10 and 50
// connections on SQLite and on PostgreSQL, and `GET /`, each beside the physical limit of the same work
// on this machine, a bare `node:http` server (bench/bare-server.ts), started and loaded the same way.
// Our throughput is reported as a ratio of the bare one; absolute figures drift with the machine's load,
// the ratio much less. It measures and reports; bench/run.ts prints it and writes bench/results.json.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { withThrowawayDatabase } from './postgres.ts';
import { startServerProcess, type ServerProcess } from './site-server.ts';

const SERVER_ENTRY = 'dist/node/server/main.js';
const BARE_SERVER = 'bench/bare-server.ts';
export const API_CONNECTIONS = [10, 50] as const;
const WARMUP_SECONDS = 2;
const BOOKING = JSON.stringify({
  first_name: 'Bench', email: 'bench@example.com', phone: '+359 88 123 4567', business_name: 'Bench Ltd',
  service: 'Support Automation', product: 'Customer Support Chat Assistant', custom_service: '', locale: 'en',
});
/** What a browser sends: our server and the bare one pick brotli for it. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en' };
/**
 * Our server as the benchmark runs it: no rate limit (every request comes from one address), and the
 * form's time trap off, as the load posts without a form token (with it on, every request would be
 * taken for spam: stored, but another path). Logs at the default level, written to /dev/null.
 */
const OUR_ENV = { BOOKING_RATE_LIMIT: 'off', BOOKING_MIN_FILL_SECONDS: '0', LOG_LEVEL: 'info' };

export interface Load {
  reqPerSec: number; p50Ms: number; p99Ms: number; requests: number; non2xx: number; errors: number; timeouts: number;
  /**
   * The server process's CPU time (user + system) per request answered, in microseconds: what a request
   * costs, which the machine's other load changes much less than it changes the throughput. Absent
   * where /proc is not there to read it.
   */
  cpuUsPerRequest?: number;
}
/** Ours beside the bare server at one number of connections; `ratio` is our throughput over the bare one's. */
export interface Pair { ours: Load; bare: Load; ratio: number }
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

type Running = ServerProcess;

/** Starts a server process on a free port, its log lines written nowhere, once healthy. */
function start(label: string, args: string[], env: Record<string, string>): Promise<Running> {
  log(`${label}: starting`);
  return startServerProcess(label, args, env, { quiet: true });
}

/** A process's CPU time so far, user and system, in microseconds (Linux's /proc); undefined elsewhere. */
function cpuTimeUs(pid: number): number | undefined {
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

async function load(url: string, connections: number, seconds: number, options: Partial<autocannon.Options>, pid: number): Promise<Load> {
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

/** Warm-up, then the measure, at each number of connections. */
async function measure(label: string, server: Running, url: string, duration: number, options: Partial<autocannon.Options>, connections: readonly number[]) {
  const out: Record<number, Load> = {};
  for (const c of connections) {
    log(`${label}: ${c} connections, warming up ${WARMUP_SECONDS} s, measuring ${duration} s...`);
    await load(url, c, WARMUP_SECONDS, options, server.pid);
    out[c] = await load(url, c, duration, options, server.pid);
  }
  return out;
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

/**
 * Ours and the bare server both running, each on its own store, and measured in turn at each number of
 * connections (ours, then bare), so that a change in the machine's load between the two weighs as
 * little as it can.
 */
async function bookingPairs(store: 'sqlite' | 'postgres', where: () => { url?: string; dir?: string }, duration: number) {
  const w = where();
  const o = ours(w.url ? { DATABASE_URL: w.url } : { DATA_DIR: w.dir!, DATABASE_URL: '' });
  const b = where();
  return withServer(`${store} ours`, o.args, o.env, (oursServer) =>
    withServer(`${store} bare`, bare('booking', store, b.url ?? b.dir!).args, {}, async (bareServer) => {
      const pairs: Partial<Record<string, Pair>> = {};
      for (const c of API_CONNECTIONS) {
        const oursLoad = (await measure(`${store} ours`, oursServer, `${oursServer.base}/api/discovery-calls`, duration, POST, [c]))[c]!;
        const bareLoad = (await measure(`${store} bare`, bareServer, `${bareServer.base}/api/discovery-calls`, duration, POST, [c]))[c]!;
        pairs[String(c)] = { ours: oursLoad, bare: bareLoad, ratio: ratio(oursLoad, bareLoad) };
      }
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
function probe(url: string, headers: Record<string, string>): Promise<{ status: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'identity'), body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

async function benchPage(duration: number): Promise<ApiOutcome['page']> {
  const connections = 50;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-'));
  try {
    const { args, env } = ours({ DATA_DIR: dir, DATABASE_URL: '' });
    const served = path.join(dir, 'index.html');
    const [oursLoad, encoding, bytes] = await withServer('GET / ours', args, env, async (server) => {
      const loads = await measure('GET / ours', server, `${server.base}/`, duration, { headers: BROWSER_HEADERS }, [connections]);
      // The bare server sends the very bytes ours sent: the page with the settings written in, and as
      // ours compressed it for a browser (brotli) and for a client that takes gzip alone.
      const plain = await probe(`${server.base}/`, { 'accept-language': 'en' });
      const asBrowser = await probe(`${server.base}/`, BROWSER_HEADERS);
      const gzipOnly = await probe(`${server.base}/`, { ...BROWSER_HEADERS, 'accept-encoding': 'gzip' });
      if (plain.status !== 200 || asBrowser.status !== 200 || asBrowser.encoding !== 'br' || gzipOnly.encoding !== 'gzip') {
        throw new Error(`GET / answered ${plain.status}/${asBrowser.status} (${asBrowser.encoding}, ${gzipOnly.encoding}); expected 200 in br and gzip`);
      }
      fs.writeFileSync(served, plain.body);
      fs.writeFileSync(`${served}.br`, asBrowser.body);
      fs.writeFileSync(`${served}.gz`, gzipOnly.body);
      return [loads[connections]!, asBrowser.encoding, asBrowser.body.length] as const;
    });
    const [bareLoad, bareBytes] = await withServer('GET / bare', bare('static', served, '-').args, {}, async (server) => {
      const asBrowser = await probe(`${server.base}/`, BROWSER_HEADERS);
      if (asBrowser.encoding !== encoding) throw new Error(`bare static server sent ${asBrowser.encoding}, ours ${encoding}`);
      const loads = await measure('GET / bare', server, `${server.base}/`, duration, { headers: BROWSER_HEADERS }, [connections]);
      return [loads[connections]!, asBrowser.body.length] as const;
    });
    return { path: '/', connections, encoding, bytes, bareBytes, ours: oursLoad, bare: bareLoad, ratio: ratio(oursLoad, bareLoad) };
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

const fmt = (l: Load) =>
  `${String(Math.round(l.reqPerSec)).padStart(6)} req/s  p50 ${String(l.p50Ms).padStart(3)} ms  p99 ${String(l.p99Ms).padStart(3)} ms` +
  (l.cpuUsPerRequest === undefined ? '' : `  cpu ${String(l.cpuUsPerRequest).padStart(4)} µs/req`) +
  (l.non2xx + l.errors + l.timeouts ? ` (${l.non2xx} non-2xx, ${l.errors} errors, ${l.timeouts} timeouts)` : '');

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
      console.log(`  POST ${store.padEnd(8)} ${String(c).padStart(2)} conn  ours ${fmt(p.ours)} | bare ${fmt(p.bare)} | ${Math.round(p.ratio * 100)} % of bare`);
    }
  }
  const p = api.page;
  console.log(`  GET /  (${p.encoding}, ${p.bytes} B; bare ${p.bareBytes} B) ${p.connections} conn  ours ${fmt(p.ours)} | bare ${fmt(p.bare)} | ${Math.round(p.ratio * 100)} % of bare`);
}
