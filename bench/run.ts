// `npm run bench`: page weight of the prerendered pages, booking-API throughput on both stores, and the
// leads inbox's list at scale (bench/inbox.ts). It measures and prints; it judges nothing.
// Flags: --skip-api, --duration N (seconds, default 10), --skip-inbox, --inbox-leads N (default 100000).
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { benchInbox } from './inbox.ts';
import { withThrowawayDatabase } from './postgres.ts';

const CLIENT_DIR = 'dist/client';
const SERVER_ENTRY = 'dist/node/server/main.js';
const PAGES = { '/': 'index.html', '/bg/': 'bg/index.html' } as const;
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

const log = (line: string) => console.log(`[bench] ${line}`);
const gz = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;
const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;

if (!fs.existsSync(path.join(CLIENT_DIR, 'index.html')) || !fs.existsSync(SERVER_ENTRY)) {
  log('no build found; running `npm run build` first');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

// ---- Page weight ----

// Attributes in any order and quoting: Vite writes `<script type="module" crossorigin src=...>`.
function tags(html: string, name: string): Map<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((tag) => {
    const attrs = new Map<string, string>();
    for (const m of (tag[1] ?? '').matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs.set((m[1] ?? '').toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
    }
    return attrs;
  });
}

const asset = (href: string) => path.join(CLIENT_DIR, href.split(/[?#]/)[0] ?? href);

interface PageWeight { page: string; initialJs: number; css: number; html: number; jsFiles: string[] }

function pageWeight(page: string, file: string): PageWeight {
  const html = fs.readFileSync(path.join(CLIENT_DIR, file), 'utf8');
  const jsFiles = new Set<string>();
  for (const a of tags(html, 'script')) {
    const src = a.get('src');
    if (a.get('type') === 'module' && src?.startsWith('/assets/')) jsFiles.add(src);
  }
  const links = tags(html, 'link');
  for (const a of links) {
    const href = a.get('href');
    if (a.get('rel') === 'modulepreload' && href?.startsWith('/assets/')) jsFiles.add(href);
  }
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? '');
  const linkedCss = links
    .filter((a) => a.get('rel') === 'stylesheet' && a.get('href')?.startsWith('/'))
    .map((a) => fs.readFileSync(asset(a.get('href') ?? ''), 'utf8'));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    page,
    initialJs: sum([...jsFiles].map((f) => gz(fs.readFileSync(asset(f))))),
    css: sum([...inlineCss, ...linkedCss].map(gz)),
    html: gz(html),
    jsFiles: [...jsFiles],
  };
}

const pages = Object.entries(PAGES).map(([page, file]) => pageWeight(page, file));
const initial = new Set(pages.flatMap((p) => p.jsFiles.map((f) => path.basename(f))));
const lazyChunks = fs
  .readdirSync(path.join(CLIENT_DIR, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.has(f))
  .map((f) => ({ file: `assets/${f}`, gzip: gz(fs.readFileSync(path.join(CLIENT_DIR, 'assets', f))) }));

console.log('\nPage weight (gzip -9; the HTML column includes the inlined CSS)');
console.log(`  ${'page'.padEnd(8)}${'initial JS'.padStart(14)}${'CSS'.padStart(12)}${'HTML'.padStart(12)}`);
for (const p of pages) {
  console.log(`  ${p.page.padEnd(8)}${bytes(p.initialJs).padStart(14)}${bytes(p.css).padStart(12)}${bytes(p.html).padStart(12)}`);
}
console.log('  lazy chunks:');
for (const c of lazyChunks) console.log(`    ${c.file.padEnd(40)}${bytes(c.gzip).padStart(12)}`);
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

const resultsFile = path.join('bench', 'results.json');
const results = {
  timestamp: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  pageWeight: { pages, lazyChunks },
  api: skipApi ? null : { endpoint: 'POST /api/discovery-calls', connections: CONNECTIONS, durationSeconds: duration, ...api },
  inbox,
};
fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

console.log(`\nSummary (node ${process.version}, ${results.cpus} CPUs; written to ${resultsFile})`);
for (const p of pages) {
  console.log(`  ${p.page.padEnd(5)} initial JS (gzip): ${bytes(p.initialJs)}   CSS (gzip): ${bytes(p.css)}   HTML (gzip): ${bytes(p.html)}`);
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
