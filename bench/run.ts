// `npm run bench`: page weight of the prerendered pages (bench/bytes.ts), Lighthouse on them beside an
// empty page (bench/lighthouse.ts), the press-to-ready times under 4× CPU throttling
// (bench/interaction.ts), `POST /api/discovery-calls` and `GET /` on both stores beside a bare
// `node:http` server doing the same work (bench/api.ts), the meeting picker's free slots under load
// (bench/meeting-slots.ts), the assistants' tool calls at 20 at once (bench/assistant-tools.ts), and the
// leads inbox's list at scale (bench/inbox.ts), and the time from a booking to Alex's call back
// (bench/callback-latency.ts). It measures, prints the page budgets
// (scripts/page-budgets.ts) beside the figures and the failed ones last, and exits 0 whatever they say.
// Flags: --skip-api, --duration N (seconds, default 10), --skip-inbox, --inbox-leads N (default 100000),
// --skip-pages (no Lighthouse), --lighthouse-runs N (runs per page and form factor, default 3),
// --skip-interaction, --skip-slots, --skip-assistants, --skip-callback.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiBudgets, benchApi, printApi } from './api.ts';
import { benchAssistantTools, printAssistantTools } from './assistant-tools.ts';
import { benchCallbackLatency, CALLBACK_BUDGET_MS } from './callback-latency.ts';
import { budget } from './report.ts';
import { measureBytes, printBytes } from './bytes.ts';
import { benchInbox } from './inbox.ts';
import { printInteraction } from './interaction.ts';
import { printLighthouse } from './lighthouse.ts';
import { benchMeetingSlots, printMeetingSlots } from './meeting-slots.ts';
import { benchPages } from './pages.ts';
import { SERVER_ENTRY } from './site-server.ts';

const CLIENT_DIR = 'dist/client';


const args = process.argv.slice(2);
const skipApi = args.includes('--skip-api');
const durationArg = args.indexOf('--duration');
const duration = durationArg === -1 ? 10 : Number(args[durationArg + 1]);
if (!Number.isInteger(duration) || duration < 1) {
  console.error('[bench] --duration needs a whole number of seconds, e.g. --duration 5');
  process.exit(2);
}
const skipSlots = args.includes('--skip-slots');
const skipAssistants = args.includes('--skip-assistants');
const skipCallback = args.includes('--skip-callback');
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

// ---- API throughput (bench/api.ts) ----

const api = skipApi ? null : await benchApi({ duration });
if (skipApi) log('API benchmark skipped (--skip-api)');

// ---- The meeting picker's slots under load (bench/meeting-slots.ts), the API section's duration ----

const slots = skipSlots ? null : await benchMeetingSlots({ duration });
if (skipSlots) log('meeting slots benchmark skipped (--skip-slots)');

// ---- The assistants' tool calls, POST /api/vapi (bench/assistant-tools.ts): fixed counts, not --duration ----

const assistants = skipAssistants ? null : await benchAssistantTools();
if (skipAssistants) log('assistant tools benchmark skipped (--skip-assistants)');

// ---- Alex calling back (bench/callback-latency.ts): booking to Vapi's POST /call ----

const callback = skipCallback ? null : await benchCallbackLatency(log);
if (skipCallback) log('callback benchmark skipped (--skip-callback)');

if (skipInbox) log('inbox benchmark skipped (--skip-inbox)');
const inbox = skipInbox ? null : await benchInbox({ leads: inboxLeads });

// The page budgets (scripts/page-budgets.ts) and the API's (bench/api.ts), judged here rather than in
// tests: times vary by machine.
const budgets = [
  ...bytesResult.budgets,
  ...(pagesResult.lighthouse?.budgets ?? []),
  ...(pagesResult.interaction?.budgets ?? []),
  ...(api ? apiBudgets(api) : []),
  ...(callback ? [budget('booking to Alex’s call, p95 ms', callback.p95Ms, 'max', CALLBACK_BUDGET_MS), budget('Alex’s calls placed twice', callback.strayCalls, 'max', 0)] : []),
];
const failed = budgets.filter((b) => !b.pass);

const resultsFile = path.join('bench', 'results.json');
const results = {
  timestamp: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  pageWeight: bytesResult,
  lighthouse: pagesResult.lighthouse,
  interaction: pagesResult.interaction,
  api,
  meetingSlots: slots,
  assistantTools: assistants,
  callback,
  inbox,
  budgets,
};
fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

console.log(`\nSummary (node ${process.version}, ${results.cpus} CPUs; written to ${resultsFile})`);
for (const p of bytesResult.pages) {
  console.log(`  ${p.page.padEnd(14)} initial JS (gzip): ${bytes(p.initialJs.gzip)}   CSS (gzip): ${bytes(p.css.gzip)}   HTML (gzip): ${bytes(p.html.gzip)}`);
}
if (api) printApi(api);
if (slots) printMeetingSlots(slots);
if (assistants) printAssistantTools(assistants);
if (callback) console.log(`  booking to Alex's call (Vapi's POST /call), ${callback.bookings} bookings: p50 ${callback.p50Ms} ms, p95 ${callback.p95Ms} ms, max ${callback.maxMs} ms`);
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
