// `npm run test:soak [-- --minutes N] [-- --postgres]`: the built server under a steady mixed load for a
// set time (30 minutes by default): bookings, page views, funnel reports, an operator reading the inbox,
// and a webhook for every lead to a receiver on loopback. Every minute it prints the process's memory
// and heap, its event-loop delay, p50/p99 per route, the outbox's backlog and the errors; at the end, the
// first and last five minutes side by side. It fails when memory grows after the warm-up beyond a small
// bound, when a route's p99 drifts, when any request fails or when any notification is not delivered.
// Not part of `npm test`: it takes the time it is given. Bounded: it stops by itself, and stops the
// server and the receiver it started.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { withThrowawayDatabase } from '../tools/postgres.ts';
import {
  ADMIN_DATABASE_URL,
  cleanUp,
  ROOT,
  startServer,
  tempDir,
  until,
  webhookEnv,
  webhookReceiver,
  type ServerProcess,
} from './harness.ts';
import { bookingBody } from '../tools/booking.ts';

const args = process.argv.slice(2);
const minutesArg = args.indexOf('--minutes');
const MINUTES = minutesArg === -1 ? 30 : Number(args[minutesArg + 1]);
if (!Number.isInteger(MINUTES) || MINUTES < 2 || MINUTES > 24 * 60) {
  console.error('[soak] --minutes needs a whole number from 2 to 1440, e.g. --minutes 30');
  process.exit(2);
}
const POSTGRES = args.includes('--postgres');

/** The load, per second: what a busy small site sees, many times over. */
const RATES = { bookings: 4, pages: 20, events: 8, inbox: 1 } as const;
/** Minutes at the start not held against the end: caches, JIT and the database settle. */
const WARM_UP = Math.min(5, Math.floor(MINUTES / 2));
/** Resident memory may grow this much after the warm-up, and no more. */
const MEMORY_GROWTH_MB = 40;
/** A route's p99 in the last minutes may be at most this many times the first minutes' (and 20 ms more). */
const P99_DRIFT = 2;

const TOKEN = randomBytes(24).toString('hex');
const OPERATOR = { email: 'soak@nexa-ai.example', password: 'a soak test password' };

interface Minute {
  rssMb: number;
  heapMb: number;
  loopP99Ms: number;
  backlog: number;
  errors: number;
  /** Latencies (ms) by route this minute. */
  latencies: Map<string, number[]>;
}

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

function metricOf(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
}

async function run(env: Record<string, string>, label: string): Promise<boolean> {
  const receiver = await webhookReceiver();
  const serverEnv = { ...env, ...webhookEnv(receiver), METRICS_TOKEN: TOKEN, EVENTS_RATE_LIMIT: 'off' };
  // The operator, made the way an operator is made, before the server starts.
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/operators/cli.ts', 'add', OPERATOR.email], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...serverEnv, OPERATOR_PASSWORD: OPERATOR.password },
    stdio: 'ignore',
  });
  const server: ServerProcess = await startServer(serverEnv, `soak on ${label}`);
  const base = server.url;
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(OPERATOR),
  });
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('session=')) ?? '').split(';')[0]!;
  if (login.status !== 204 || !cookie) throw new Error(`[soak] the operator could not log in (${login.status})`);

  const minutes: Minute[] = [];
  let current: Minute = { rssMb: 0, heapMb: 0, loopP99Ms: 0, backlog: 0, errors: 0, latencies: new Map() };
  const failures: string[] = [];
  const booked = new Set<string>();
  let n = 0;

  const timed = async (route: string, request: () => Promise<Response>, ok: (status: number) => boolean) => {
    const started = performance.now();
    try {
      const res = await request();
      const body = await res.text();
      const ms = performance.now() - started;
      const list = current.latencies.get(route) ?? [];
      list.push(ms);
      current.latencies.set(route, list);
      if (!ok(res.status)) {
        current.errors += 1;
        if (failures.length < 20) failures.push(`${route}: ${res.status} ${body.slice(0, 120)}`);
      }
      return { status: res.status, body };
    } catch (err) {
      current.errors += 1;
      if (failures.length < 20) failures.push(`${route}: ${(err as Error).message}`);
      return undefined;
    }
  };

  const actions = {
    bookings: async () => {
      const i = n++;
      const answer = await timed(
        'POST /api/discovery-calls',
        () =>
          fetch(`${base}/api/discovery-calls`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `soak-${label}-${i}` },
            body: bookingBody({ email: `soak-${i}@soak.example` }, i % 2 ? 'bg' : 'en'),
          }),
        (s) => s === 201,
      );
      if (answer?.status === 201) booked.add((JSON.parse(answer.body) as { id: string }).id);
    },
    pages: () => {
      const path = n++ % 2 ? '/' : '/bg/';
      return timed(`GET ${path}`, () => fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br' } }), (s) => s === 200);
    },
    events: () =>
      timed(
        'POST /api/events',
        () =>
          fetch(`${base}/api/events`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ step: 'view', locale: 'en', source: 'soak' }),
          }),
        (s) => s === 204,
      ),
    inbox: () => timed('GET /api/admin/leads', () => fetch(`${base}/api/admin/leads`, { headers: { cookie } }), (s) => s === 200),
  };

  // Each kind of request on its own steady clock, for the whole run.
  const endAt = Date.now() + MINUTES * 60_000;
  const loops = Object.entries(RATES).map(async ([kind, perSecond]) => {
    const every = 1000 / perSecond;
    let next = performance.now();
    const inFlight = new Set<Promise<unknown>>();
    while (Date.now() < endAt) {
      const p = actions[kind as keyof typeof RATES]();
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      next += every;
      await sleep(Math.max(0, next - performance.now()));
    }
    await Promise.all(inFlight);
  });

  const scrape = async () => {
    const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text());
    current.rssMb = metricOf(text, 'process_resident_memory_bytes') / 2 ** 20;
    current.heapMb = metricOf(text, 'nodejs_heap_size_used_bytes') / 2 ** 20;
    current.loopP99Ms = metricOf(text, 'nodejs_eventloop_lag_p99_seconds') * 1000;
    current.backlog = text
      .split('\n')
      .filter((l) => l.startsWith('outbox_entries{') && l.includes('status="pending"'))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  };
  const routes = ['GET /', 'GET /bg/', 'POST /api/discovery-calls', 'POST /api/events', 'GET /api/admin/leads'];
  const printMinute = (i: number, m: Minute) => {
    const perRoute = routes.map((r) => {
      const l = m.latencies.get(r) ?? [];
      return `${r} ${quantile(l, 0.5).toFixed(1)}/${quantile(l, 0.99).toFixed(1)}`;
    });
    console.log(
      `[soak ${label}] min ${String(i + 1).padStart(3)}: rss ${m.rssMb.toFixed(0)} MB, heap ${m.heapMb.toFixed(0)} MB, loop p99 ${m.loopP99Ms.toFixed(1)} ms, backlog ${m.backlog}, errors ${m.errors}; p50/p99 ms: ${perRoute.join(', ')}`,
    );
  };

  for (let i = 0; i < MINUTES; i++) {
    await sleep(Math.max(0, endAt - (MINUTES - i - 1) * 60_000 - Date.now()));
    await scrape().catch((err: Error) => failures.push(`metrics: ${err.message}`));
    minutes.push(current);
    printMinute(i, current);
    current = { rssMb: 0, heapMb: 0, loopP99Ms: 0, backlog: 0, errors: 0, latencies: new Map() };
  }
  await Promise.all(loops);

  // Every lead's webhook, once the load has stopped.
  const delivered = await until(() => booked.size > 0 && [...booked].every((id) => receiver.tally().leads.has(id)), 60_000, 250);
  const undelivered = [...booked].filter((id) => !receiver.tally().leads.has(id)).length;
  await server.stop();

  // The first and last minutes side by side.
  const span = Math.min(5, Math.floor(MINUTES / 2));
  const first = minutes.slice(0, span);
  const last = minutes.slice(-span);
  const avg = (ms: Minute[], f: (m: Minute) => number) => ms.reduce((s, m) => s + f(m), 0) / ms.length;
  const merged = (ms: Minute[], r: string) => ms.flatMap((m) => m.latencies.get(r) ?? []);
  console.log(`\n[soak ${label}] ${MINUTES} min; first ${span} min against last ${span} min:`);
  console.log(`  rss ${avg(first, (m) => m.rssMb).toFixed(0)} → ${avg(last, (m) => m.rssMb).toFixed(0)} MB, heap ${avg(first, (m) => m.heapMb).toFixed(0)} → ${avg(last, (m) => m.heapMb).toFixed(0)} MB, loop p99 ${avg(first, (m) => m.loopP99Ms).toFixed(1)} → ${avg(last, (m) => m.loopP99Ms).toFixed(1)} ms`);
  for (const r of routes) {
    console.log(`  ${r.padEnd(26)} p50 ${quantile(merged(first, r), 0.5).toFixed(1)} → ${quantile(merged(last, r), 0.5).toFixed(1)} ms, p99 ${quantile(merged(first, r), 0.99).toFixed(1)} → ${quantile(merged(last, r), 0.99).toFixed(1)} ms`);
  }
  const errors = minutes.reduce((s, m) => s + m.errors, 0);
  console.log(`  requests failed ${errors}; leads ${booked.size}, webhooks delivered ${booked.size - undelivered}, forged ${receiver.forged}, repeats ${receiver.tally().repeats}`);

  // The promises.
  const broken: string[] = [];
  const warm = minutes.slice(WARM_UP, WARM_UP + span);
  const grown = avg(last, (m) => m.rssMb) - avg(warm.length ? warm : first, (m) => m.rssMb);
  if (grown > MEMORY_GROWTH_MB) broken.push(`resident memory grew ${grown.toFixed(0)} MB after the warm-up (at most ${MEMORY_GROWTH_MB})`);
  for (const r of routes) {
    const before = quantile(merged(warm.length ? warm : first, r), 0.99);
    const after = quantile(merged(last, r), 0.99);
    if (after > before * P99_DRIFT + 20) broken.push(`${r}: p99 drifted from ${before.toFixed(1)} to ${after.toFixed(1)} ms`);
  }
  if (errors > 0) broken.push(`${errors} request(s) failed: ${failures.slice(0, 5).join('; ')}`);
  if (!delivered || undelivered > 0) broken.push(`${undelivered} lead(s) without their webhook a minute after the load`);
  if (receiver.forged > 0) broken.push(`${receiver.forged} webhook(s) failed their signature`);
  console.log(broken.length ? `[soak ${label}] FAILED:\n  ${broken.join('\n  ')}` : `[soak ${label}] ok`);
  return broken.length === 0;
}

async function main(): Promise<boolean> {
  if (!POSTGRES) return run({ DATA_DIR: tempDir('soak') }, 'sqlite');
  const result = await withThrowawayDatabase('soak', (url) => run({ DATABASE_URL: url }, 'postgres'), ADMIN_DATABASE_URL);
  if (typeof result === 'object') console.error(`[soak] ${result.skipped}`);
  return result === true;
}

const ok = await main().finally(cleanUp);
process.exit(ok ? 0 : 1);
