// `npm run bench`: page weight of the prerendered pages, booking-API throughput on both stores, and the
// leads inbox's list at scale (bench/inbox.ts). It measures and prints; it judges nothing.
// Flags: --skip-api, --duration N (seconds, default 10), --skip-inbox, --inbox-leads N (default 100000).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchApi, printApi } from './api.ts';
import { benchInbox } from './inbox.ts';

const CLIENT_DIR = 'dist/client';
const SERVER_ENTRY = 'dist/node/server/main.js';
const PAGES = { '/': 'index.html', '/bg/': 'bg/index.html' } as const;

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

// ---- API throughput (bench/api.ts) ----

const api = skipApi ? null : await benchApi({ duration });
if (skipApi) log('API benchmark skipped (--skip-api)');

if (skipInbox) log('inbox benchmark skipped (--skip-inbox)');
const inbox = skipInbox ? null : await benchInbox({ leads: inboxLeads });

const resultsFile = path.join('bench', 'results.json');
const results = {
  timestamp: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  pageWeight: { pages, lazyChunks },
  api,
  inbox,
};
fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

console.log(`\nSummary (node ${process.version}, ${results.cpus} CPUs; written to ${resultsFile})`);
for (const p of pages) {
  console.log(`  ${p.page.padEnd(5)} initial JS (gzip): ${bytes(p.initialJs)}   CSS (gzip): ${bytes(p.css)}   HTML (gzip): ${bytes(p.html)}`);
}
if (api) printApi(api);
if (inbox) {
  const sqlite = inbox.sqlite && !('skipped' in inbox.sqlite) ? inbox.sqlite : undefined;
  const postgres = inbox.postgres && !('skipped' in inbox.postgres) ? inbox.postgres : undefined;
  const show = (t: { p50Ms: number; p95Ms: number } | undefined) => (t ? `p50 ${t.p50Ms} ms p95 ${t.p95Ms} ms` : 'skipped');
  console.log(`  GET /api/admin/leads at ${inboxLeads.toLocaleString('en-US')} leads:`);
  for (const name of Object.keys(sqlite?.api ?? postgres?.api ?? {})) {
    console.log(`    ${name.padEnd(30)} sqlite ${show(sqlite?.api[name]).padEnd(24)} | postgres ${show(postgres?.api[name])}`);
  }
}
