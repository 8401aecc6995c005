// `npm run bench`: page weight of the prerendered pages (bench/bytes.ts), Lighthouse on them beside an
// empty page (bench/lighthouse.ts), the press-to-ready times under 4× CPU throttling
// (bench/interaction.ts), booking-API throughput on both stores, and the leads inbox's list at scale
// (bench/inbox.ts). It measures, prints the page budgets (scripts/page-budgets.ts) beside the figures
// and the failed ones last, and exits 0 whatever they say.
// Flags: --skip-api, --duration N (seconds, default 10), --skip-inbox, --inbox-leads N (default 100000),
// --skip-pages (no Lighthouse), --lighthouse-runs N (runs per page and form factor, default 3),
// --skip-interaction.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { measureBytes, printBytes } from './bytes.ts';
import { benchInbox } from './inbox.ts';
import { printInteraction } from './interaction.ts';
import { printLighthouse } from './lighthouse.ts';
import { benchPages } from './pages.ts';
import { withThrowawayDatabase } from './postgres.ts';

const CLIENT_DIR = 'dist/client';
const SERVER_ENTRY = 'dist/node/server/main.js';
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const BOOKING = JSON.stringify({
  first_name: 'Bench', email: 'bench@example.com', phone: '+359 88 123 4567', business_name: 'Bench Ltd',
  service: 'Support Automation', product: 'Customer Support Chat Assistant', custom_service: '', locale: 'en',
});

const args = process.argv.slice(2);
const skipApi = args.includes('--skip-api');
const durationArg = args.indexOf('--duration');
const duration = durationArg === -1 ? 10 : Number(args[durationArg + 1]);
if (!Number.isInteger(duration) || duration < 1) {
  console.error('[bench] --duration needs a whole number of seconds, e.g. --duration 5');
  process.exit(2);
}
const skipInbox = args.includes('--skip-inbox');
const inboxLeadsArg = args.indexOf('--inbox-leads');
const inboxLeads = inboxLeadsArg === -1 ? 100_000 : Number(args[inboxLeadsArg + 1]);
if (!Number.isInteger(inboxLeads) || inboxLeads < 1) {
  console.error('[bench] --inbox-leads needs a whole number of leads, e.g. --inbox-leads 10000');
  process.exit(2);
}

const skipPages = args.includes('--skip-pages');
const skipInteraction = args.includes('--skip-interaction');
const lighthouseRunsArg = args.indexOf('--lighthouse-runs');
const lighthouseRuns = lighthouseRunsArg === -1 ? 3 : Number(args[lighthouseRunsArg + 1]);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1) {
  console.error('[bench] --lighthouse-runs needs a whole number of runs, e.g. --lighthouse-runs 5');
  process.exit(2);
}
const INTERACTION_SAMPLES = 10;

const log = (line: string) => console.log(`[bench] ${line}`);
const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;

if (!fs.existsSync(path.join(CLIENT_DIR, 'index.html')) || !fs.existsSync(SERVER_ENTRY)) {
  log('no build found; running `npm run build` first');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

// ---- Pages: bytes, Lighthouse, interaction (bytes.ts, pages.ts) ----

const bytesResult = measureBytes();
printBytes(bytesResult);
if (skipPages) log('Lighthouse skipped (--skip-pages)');
if (skipInteraction) log('interaction timings skipped (--skip-interaction)');
const pagesResult = await benchPages({
  lighthouseRuns, skipLighthouse: skipPages, skipInteraction, interactionSamples: INTERACTION_SAMPLES, bytes: bytesResult, log,
});
if (pagesResult.lighthouse) printLighthouse(pagesResult.lighthouse);
if (pagesResult.interaction) printInteraction(pagesResult.interaction);
console.log();

// ---- API throughput ----

interface ApiResult { reqPerSec: number; p50Ms: number; p99Ms: number; requests: number; non2xx: number; errors: number; timeouts: number }
type StoreOutcome = ApiResult | { skipped: string };

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

async function benchServer(label: string, storeEnv: Record<string, string>): Promise<ApiResult> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BOOKING_RATE_LIMIT: 'off', LOG_LEVEL: 'warn', ...storeEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  let running = true;
  void exited.then(() => (running = false));
  try {
    log(`${label}: starting server on ${base}`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (!running) throw new Error(`${label}: server exited with code ${child.exitCode} before it was healthy`);
      const status = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status, () => 0);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`${label}: /api/health not 200 after 30 s (last: ${status || 'no answer'})`);
      await sleep(200);
    }
    const load = (seconds: number) =>
      autocannon({
        url: `${base}/api/discovery-calls`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: BOOKING,
        connections: CONNECTIONS,
        duration: seconds,
      });
    log(`${label}: warming up ${WARMUP_SECONDS} s...`);
    await load(WARMUP_SECONDS);
    log(`${label}: measuring ${duration} s...`);
    const { requests, latency, non2xx, errors, timeouts } = await load(duration);
    return { reqPerSec: requests.average, p50Ms: latency.p50, p99Ms: latency.p99, requests: requests.total, non2xx, errors, timeouts };
  } finally {
    if (running) {
      child.kill('SIGTERM');
      // A server that ignores SIGTERM must not outlive the benchmark.
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
  }
}

async function benchSqlite(): Promise<StoreOutcome> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sqlite-'));
  try {
    // An empty DATABASE_URL counts as unset, so an exported one cannot turn this run into PostgreSQL.
    return await benchServer('sqlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<StoreOutcome> {
  const outcome = await withThrowawayDatabase('bench', (url) => benchServer('postgres', { DATABASE_URL: url }));
  if ('skipped' in outcome) log(`postgres: skipped: ${outcome.skipped}`);
  return outcome;
}

const api: Record<string, StoreOutcome> = {};
if (skipApi) log('API benchmark skipped (--skip-api)');
else {
  api.sqlite = await benchSqlite();
  api.postgres = await benchPostgres();
}

if (skipInbox) log('inbox benchmark skipped (--skip-inbox)');
const inbox = skipInbox ? null : await benchInbox({ leads: inboxLeads });

// The page budgets (scripts/page-budgets.ts), judged here rather than in tests: times vary by machine.
const budgets = [...bytesResult.budgets, ...(pagesResult.lighthouse?.budgets ?? []), ...(pagesResult.interaction?.budgets ?? [])];
const failed = budgets.filter((b) => !b.pass);

const resultsFile = path.join('bench', 'results.json');
const results = {
  timestamp: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  pageWeight: bytesResult,
  lighthouse: pagesResult.lighthouse,
  interaction: pagesResult.interaction,
  api: skipApi ? null : { endpoint: 'POST /api/discovery-calls', connections: CONNECTIONS, durationSeconds: duration, ...api },
  inbox,
  budgets,
};
fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

console.log(`\nSummary (node ${process.version}, ${results.cpus} CPUs; written to ${resultsFile})`);
for (const p of bytesResult.pages) {
  console.log(`  ${p.page.padEnd(14)} initial JS (gzip): ${bytes(p.initialJs.gzip)}   CSS (gzip): ${bytes(p.css.gzip)}   HTML (gzip): ${bytes(p.html.gzip)}`);
}
if (!skipApi) {
  const show = (name: string, o: StoreOutcome | undefined) =>
    !o ? `${name}: -` : 'skipped' in o ? `${name}: skipped`
      : `${name}: ${Math.round(o.reqPerSec)} req/s p99 ${o.p99Ms} ms${o.non2xx + o.errors ? ` (${o.non2xx} non-2xx, ${o.errors} errors)` : ''}`;
  console.log(`  POST /api/discovery-calls  ${show('sqlite', api.sqlite)} | ${show('postgres', api.postgres)}`);
}
if (inbox) {
  const sqlite = inbox.sqlite && !('skipped' in inbox.sqlite) ? inbox.sqlite : undefined;
  const postgres = inbox.postgres && !('skipped' in inbox.postgres) ? inbox.postgres : undefined;
  const show = (t: { p50Ms: number; p95Ms: number } | undefined) => (t ? `p50 ${t.p50Ms} ms p95 ${t.p95Ms} ms` : 'skipped');
  console.log(`  GET /api/admin/leads at ${inboxLeads.toLocaleString('en-US')} leads:`);
  for (const name of Object.keys(sqlite?.api ?? postgres?.api ?? {})) {
    console.log(`    ${name.padEnd(30)} sqlite ${show(sqlite?.api[name]).padEnd(24)} | postgres ${show(postgres?.api[name])}`);
  }
}
console.log(
  failed.length
    ? `\nBudgets: ${failed.length} of ${budgets.length} failed: ${failed.map((b) => `${b.name} ${b.value} (${b.kind === 'max' ? '≤' : '≥'} ${b.limit})`).join('; ')}`
    : `\nBudgets: all ${budgets.length} met`,
);
