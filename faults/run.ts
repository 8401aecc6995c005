// `npm run test:faults [scenario…]`: every fault scenario against the built server, one after another,
// each bounded in time and all of them together to six minutes; one line per scenario as it ends, then
// the table. Exits with 1 when a promise broke (or a scenario did not finish in its time), 0 otherwise;
// a scenario that cannot run on this machine (no PostgreSQL, no Redis, not root) says so and does not
// fail the run. See docs/decisions/017-faults-with-real-processes.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { cleanUp, ROOT, SERVER_ENTRY, type Figures } from './harness.ts';
import { disk } from './disk.ts';
import { pgCut } from './pg-cut.ts';
import { sigterm } from './sigterm.ts';
import { sqliteKill } from './sqlite-kill.ts';
import { twoInstances } from './two-instances.ts';
import { webhookOutage } from './webhook-outage.ts';

interface Scenario {
  name: string;
  title: string;
  run: () => Promise<Figures>;
  /** Past this the scenario counts as failed and is abandoned. */
  limitMs: number;
}

// Each takes a tenth to a fifth of its limit on two quiet cores; the sqlite-kill one waits out a
// 60-second lease.
const SCENARIOS: Scenario[] = [
  { name: 'pg-cut', title: 'PostgreSQL connections cut', run: pgCut, limitMs: 90_000 },
  { name: 'sqlite-kill', title: 'SIGKILL during a SQLite load', run: sqliteKill, limitMs: 120_000 },
  { name: 'sigterm', title: 'SIGTERM under load', run: sigterm, limitMs: 60_000 },
  { name: 'disk', title: 'Data folder read-only, then full', run: disk, limitMs: 60_000 },
  { name: 'two-instances', title: 'Two instances, one PostgreSQL and Redis', run: twoInstances, limitMs: 60_000 },
  { name: 'webhook-outage', title: 'Webhook receiver down for an hour', run: webhookOutage, limitMs: 60_000 },
];

/** The whole run's bound: a scenario gets what is left of it, if less than its own limit. */
const TOTAL_MS = 6 * 60_000;
const startedAt = performance.now();

interface Row extends Figures {
  scenario: Scenario;
  seconds: number;
}

function line(row: Row): string {
  const verdict = row.skipped ? `skipped: ${row.skipped}` : row.broken.length ? `FAILED: ${row.broken.join('; ')}` : 'ok';
  const figures = row.skipped
    ? ''
    : `sent ${row.sent}, acknowledged ${row.acknowledged}, stored ${row.stored}, duplicates ${row.duplicates}, lost ${row.lost}; `;
  return `[faults] ${row.scenario.name} (${row.seconds.toFixed(1)} s): ${figures}${row.notes.join('; ')}${row.notes.length ? ' — ' : ''}${verdict}`;
}

function table(rows: Row[]): string {
  const head = ['scenario', 'sent', 'acknowledged', 'stored', 'duplicates', 'lost', 'seconds', 'result'];
  const body = rows.map((r) => [
    r.scenario.title,
    ...(r.skipped ? ['-', '-', '-', '-', '-'] : [r.sent, r.acknowledged, r.stored, r.duplicates, r.lost].map(String)),
    r.seconds.toFixed(1),
    r.skipped ? 'skipped' : r.broken.length ? 'FAILED' : 'ok',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(fmt)].join('\n');
}

async function runOne(scenario: Scenario): Promise<Row> {
  const started = performance.now();
  const limitMs = Math.min(scenario.limitMs, TOTAL_MS - (started - startedAt));
  let timer: NodeJS.Timeout | undefined;
  let figures: Figures;
  try {
    if (limitMs <= 0) throw new Error(`not run: the run's ${TOTAL_MS / 60_000} minutes were up`);
    figures = await Promise.race([
      scenario.run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`did not finish within ${Math.round(limitMs / 1000)} s`)), limitMs);
      }),
    ]);
  } catch (err) {
    figures = { sent: 0, acknowledged: 0, stored: 0, duplicates: 0, lost: 0, notes: [], broken: [(err as Error).message] };
  } finally {
    clearTimeout(timer);
    await cleanUp();
  }
  return { ...figures, scenario, seconds: (performance.now() - started) / 1000 };
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !SCENARIOS.some((s) => s.name === w));
if (unknown.length) {
  console.error(`Unknown scenario ${unknown.join(', ')}; there are: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

if (!fs.existsSync(SERVER_ENTRY)) {
  console.log('[faults] no build yet: npm run build');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

const rows: Row[] = [];
for (const scenario of SCENARIOS.filter((s) => wanted.length === 0 || wanted.includes(s.name))) {
  const row = await runOne(scenario);
  console.log(line(row));
  rows.push(row);
}
console.log(`\n${table(rows)}`);
const failed = rows.filter((r) => !r.skipped && r.broken.length);
console.log(failed.length ? `\n[faults] ${failed.length} scenario(s) FAILED` : '\n[faults] every promise held');
process.exit(failed.length ? 1 : 0);
