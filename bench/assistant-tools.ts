// The assistants' tool calls under load: `POST /api/vapi` (with `x-vapi-secret`) as Vapi sends it while
// 20 conversations ask at once, on SQLite and on PostgreSQL (a throwaway database). The server offers
// every half hour of 30 days with 20 seats and no notice, the assistants' hourly cap out of the way, and
// 1,000 meetings are written into the store before it starts (bench/meeting-slots.ts's seed, every seat
// of 50 slots). Three phases, each a fixed count of requests from 20 workers, each worker sending its
// next request as soon as its last is answered (node:http, kept-alive connections), timed one by one:
//   1. find_meeting_slots, every request a new toolCallId in a new conversation;
//   2. book_discovery_call, every request a new conversation with valid arguments and a `start` from the
//      free list, 100 slots taking 10 bookings each (half their seats), so none should be taken;
//   3. the replay: one toolCallId sent 20 times at once, in rounds, each round a new conversation that
//      books; then the same once more, answered from the store.
// Warmed up first (slots and bookings both). After each phase the store is read: the leads and meetings
// the bookings made against the answers that said so, and one lead per replayed round. The bodies are
// Vapi's as it documents them (toolCallList, toolWithToolCallList, the call, the assistant with its
// prompt, the conversation so far): 7–9 KB each. It measures and reports, with no budget;
// bench/run.ts prints it and writes bench/results.json.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { assistantSpeech } from '../src/content/i18n/assistant-speech.ts';
import { openDatabase } from '../src/server/store/database.ts';
import { MEETING_SLOTS_PATH } from '../src/shared/meetings.ts';
import { cpuTimeUs, OUR_ENV } from './api.ts';
import { MEETING_ENV, seedMeetings } from './meeting-slots.ts';
import { withThrowawayDatabase } from '../tools/postgres.ts';
import { SERVER_ENTRY, startServerProcess } from './site-server.ts';

const CONCURRENCY = 20;
const SLOT_CALLS = 2000;
const BOOKINGS = 1000;
/** Rounds of the replay, each one toolCallId sent CONCURRENCY times at once. */
const REPLAY_ROUNDS = 50;
const WARMUP = { slotCalls: 200, bookings: 100 };
const SEEDED_MEETINGS = 1000;
/** Slots the bookings are spread over: BOOKINGS / BOOKING_SLOTS each, fewer than the seats. */
const BOOKING_SLOTS = 100;
/** A request unanswered after this counts as a timeout; a phase still running after its deadline stops. */
const REQUEST_TIMEOUT_MS = 30_000;
const PHASE_DEADLINE_MS = 180_000;

const SECRET = 'bench-vapi-server-secret-0123456789abcdef';
/** Slots for every half hour of 30 days, 20 calls at a time, bookable at once; the assistants uncapped. */
const ASSISTANT_ENV = {
  ...MEETING_ENV,
  MEETING_SEATS: '20',
  VAPI_SERVER_SECRET: SECRET,
  ASSISTANT_LEADS_PER_HOUR: '100000',
  // Nothing leaves the machine whatever the shell exports: no Vapi API, no notifications, no feeds.
  VAPI_PRIVATE_KEY: '', VAPI_CHAT_ASSISTANT_ID: '', LEAD_WEBHOOK_URL: '', LEAD_WEBHOOK_SECRET: '', SMTP_URL: '',
  LEAD_NOTIFY_EMAIL: '', MAIL_FROM: '', SEND_VISITOR_CONFIRMATION: '', MEETING_BUSY_ICS_URLS: '',
};

const log = (line: string) => console.log(`[bench] assistant tools ${line}`);

// ---- What Vapi sends ----

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join('assistants', file), 'utf8')) as Record<string, unknown>;
const ALEX = readJson('alex.json');
const PROMPT = fs.readFileSync(path.join('assistants', 'prompts', 'alex.en.md'), 'utf8');
const TOOLS = { find_meeting_slots: readJson('tools/find_meeting_slots.json'), book_discovery_call: readJson('tools/book_discovery_call.json') };
type ToolName = keyof typeof TOOLS;
const CONVERSATION = [
  { role: 'bot', message: ALEX.firstMessage },
  { role: 'user', message: 'Hi, I run a dental clinic and we miss a lot of calls. Can I talk to someone about a phone assistant?' },
  { role: 'bot', message: 'Of course. I can book you a free 30-minute discovery call with the team. Let me check the free times.' },
  { role: 'user', message: 'Yes please, sometime this week would be great.' },
].map((m, i) => ({ ...m, time: 1_764_000_000_000 + i * 4000, secondsFromStart: i * 4 }));

/** A `tool-calls` message with one call, as Vapi sends it to the server URL. */
function toolCallsBody(callId: string, toolCallId: string, name: ToolName, args: Record<string, unknown>): string {
  const toolCall = { id: toolCallId, type: 'function', function: { name, arguments: args } };
  return JSON.stringify({
    message: {
      timestamp: Date.now(),
      type: 'tool-calls',
      toolCallList: [toolCall],
      toolWithToolCallList: [{ ...TOOLS[name], server: { url: 'https://site.example/api/vapi' }, toolCall }],
      artifact: { messages: CONVERSATION, messagesOpenAIFormatted: CONVERSATION.map((m) => ({ role: m.role === 'bot' ? 'assistant' : 'user', content: m.message })) },
      call: {
        id: callId, orgId: 'bench-org', type: 'webCall', status: 'in-progress', assistantId: 'bench-alex', createdAt: new Date().toISOString(),
        assistantOverrides: { variableValues: { language: 'en' }, metadata: {} },
      },
      assistant: { ...ALEX, model: { ...(ALEX.model as object), messages: [{ role: 'system', content: PROMPT }] } },
    },
  });
}

const bookingArgs = (i: number, start: string) => ({
  first_name: 'Bench', email: `bench+${i}@example.com`, phone: '+359 88 123 4567', business_name: 'Bench Dental',
  service: 'Call Automation Systems', product: 'Inbound Phone Caller (appointments & support)', start, time_zone: 'Europe/Sofia',
});

// ---- The load ----

interface Sample {
  ms: number;
  /** The HTTP status, or how the request failed. */
  status: number | 'timeout' | 'network';
  body?: string;
  /** `results[0]` of a 200's answer. */
  answer?: { result?: string; error?: string };
}

function post(agent: http.Agent, url: URL, body: string): Promise<Sample> {
  return new Promise((resolve) => {
    const started = performance.now();
    const done = (s: Omit<Sample, 'ms'>) => resolve({ ms: performance.now() - started, ...s });
    const req = http.request(url, {
      method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-vapi-secret': SECRET },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', () => done({ status: 'network' }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let answer: Sample['answer'];
        try {
          answer = res.statusCode === 200 ? (JSON.parse(text) as { results?: Sample['answer'][] }).results?.[0] : undefined;
        } catch {
          answer = undefined;
        }
        done({ status: res.statusCode ?? 0, body: text, ...(answer ? { answer } : {}) });
      });
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => {
      req.destroy();
      done({ status: 'timeout' });
    });
    req.on('error', () => done({ status: 'network' }));
    req.end(body);
  });
}

/** `count` requests from CONCURRENCY workers, each sending its next once its last is answered, until the deadline. */
async function drive(agent: http.Agent, url: URL, count: number, bodyOf: (i: number) => string) {
  const samples: Sample[] = [];
  const deadline = Date.now() + PHASE_DEADLINE_MS;
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < count && Date.now() < deadline) {
      const i = next++;
      samples[i] = await post(agent, url, bodyOf(i));
    }
  }));
  return { samples: samples.filter(Boolean), ms: performance.now() - started };
}

// ---- The figures ----

interface PhaseOutcome {
  planned: number;
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number; p90Ms: number; p99Ms: number; maxMs: number;
  /** Answers by HTTP status, and the requests that timed out or failed. */
  statuses: Record<string, number>;
  /** 200s whose `results[0]` has a `result`, and those with an `error`, by kind. */
  results: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** The server process's CPU time per request, in microseconds (Linux's /proc). */
  cpuUsPerRequest?: number;
  /** Fewer sent than planned: the phase ran into its deadline. */
  stoppedAtDeadline: boolean;
}
interface BookingsOutcome extends PhaseOutcome {
  /** Answers that say a lead was made (booked, or the time taken after the lead was kept). */
  leadsAnswered: number;
  leadsStored: number;
  /** Answers that say the meeting was booked, and the booked meetings of the phase's leads. */
  meetingsAnswered: number;
  meetingsStored: number;
  /** Conversations with more than one lead. */
  duplicateLeads: number;
}
interface ReplayOutcome extends PhaseOutcome {
  rounds: number;
  sentAtOnce: number;
  /** Rounds whose conversation made exactly one lead and one meeting, and whose 20 answers were one body. */
  roundsWithOneLead: number;
  roundsWithOneMeeting: number;
  roundsWithOneAnswer: number;
  leadsStored: number;
  /** The round's call sent once more afterwards: answered from the store, the same answer. */
  again: { requests: number; p50Ms: number; maxMs: number; sameAnswer: number };
}
interface AssistantRun {
  /** The machine's load average (1 minute) as the load began and as it ended: the figures are shared-machine ones. */
  loadAverage: { before: number; after: number };
  seededMeetings: number;
  /** Free slots the list offered when the load began, of the candidates the settings give. */
  freeSlots: number;
  candidateSlots: number;
  bodyBytes: { find: number; book: number };
  slots: PhaseOutcome;
  bookings: BookingsOutcome;
  replay: ReplayOutcome;
}
type AssistantStoreOutcome = AssistantRun | { skipped: string };
export interface AssistantToolsOutcome {
  endpoint: string;
  concurrency: number;
  sqlite: AssistantStoreOutcome;
  postgres: AssistantStoreOutcome;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;
/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

const prefixOf = (template: string) => template.split('{')[0]!.trim();
const ERROR_KINDS: [string, (e: string) => boolean][] = [
  ['taken', (e) => e.startsWith(prefixOf(assistantSpeech.en.slotTaken))],
  ['not a slot', (e) => e.startsWith(prefixOf(assistantSpeech.en.notASlot))],
  ['unavailable', (e) => e === assistantSpeech.en.unavailable],
  ['limit', (e) => e.startsWith(prefixOf(assistantSpeech.en.limit))],
];
const errorKind = (error: string) => ERROR_KINDS.find(([, is]) => is(error))?.[0] ?? 'other';

function summarize(planned: number, samples: Sample[], ms: number, cpuUs: number | undefined): PhaseOutcome {
  const answered = samples.filter((s) => typeof s.status === 'number').map((s) => s.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  const errorKinds: Record<string, number> = {};
  let results = 0;
  let errors = 0;
  for (const s of samples) {
    statuses[String(s.status)] = (statuses[String(s.status)] ?? 0) + 1;
    if (typeof s.answer?.result === 'string') results++;
    else if (typeof s.answer?.error === 'string') {
      errors++;
      const kind = errorKind(s.answer.error);
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    }
  }
  return {
    planned,
    requests: samples.length,
    seconds: round1(ms / 1000),
    reqPerSec: Math.round(samples.length / (ms / 1000)),
    p50Ms: round1(percentile(answered, 50)), p90Ms: round1(percentile(answered, 90)), p99Ms: round1(percentile(answered, 99)), maxMs: round1(answered.at(-1) ?? 0),
    statuses, results, errors, errorKinds,
    ...(cpuUs !== undefined && samples.length ? { cpuUsPerRequest: Math.round(cpuUs / samples.length) } : {}),
    stoppedAtDeadline: samples.length < planned,
  };
}

/** The server's CPU time spent while `fn` ran. */
async function cpuOf<T>(pid: number, fn: () => Promise<T>): Promise<{ value: T; cpuUs: number | undefined }> {
  const before = cpuTimeUs(pid);
  const value = await fn();
  const after = cpuTimeUs(pid);
  return { value, cpuUs: before !== undefined && after !== undefined ? after - before : undefined };
}

// ---- The store, read afterwards ----

interface StoredCalls {
  /** Leads per conversation, for the conversations whose call id starts with the prefix. */
  leads: Map<string, number>;
  /** Booked meetings per conversation. */
  meetings: Map<string, number>;
}

async function storedCalls(where: { url?: string; dir?: string }, callIdPrefix: string): Promise<StoredCalls> {
  const { db } = openDatabase(where.url ? { url: where.url } : { dataDir: where.dir! });
  try {
    const pattern = `vapi:${callIdPrefix}%`;
    const leads = await db.selectFrom('discovery_calls').select(['idempotency_key as key', sql<number | string>`count(*)`.as('n')])
      .where('idempotency_key', 'like', pattern).groupBy('idempotency_key').execute();
    const meetings = await db.selectFrom('meetings').innerJoin('discovery_calls', 'discovery_calls.id', 'meetings.lead_id')
      .select(['discovery_calls.idempotency_key as key', sql<number | string>`count(*)`.as('n')])
      .where('discovery_calls.idempotency_key', 'like', pattern).where('meetings.status', '=', 'booked')
      .groupBy('discovery_calls.idempotency_key').execute();
    const byCall = (rows: { key: string | null; n: number | string }[]) => new Map(rows.map((r) => [r.key!.slice('vapi:'.length), Number(r.n)]));
    return { leads: byCall(leads), meetings: byCall(meetings) };
  } finally {
    await db.destroy();
  }
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

// ---- One store ----

async function measure(store: 'sqlite' | 'postgres', where: { url?: string; dir?: string }): Promise<AssistantRun> {
  const started = performance.now();
  const candidates = await seedMeetings(where, SEEDED_MEETINGS, ASSISTANT_ENV);
  log(`${store}: ${SEEDED_MEETINGS.toLocaleString('en-US')} leads and meetings over ${candidates} slots in ${Math.round(performance.now() - started)} ms`);
  const env = { ...OUR_ENV, ...ASSISTANT_ENV, ...(where.url ? { DATABASE_URL: where.url } : { DATA_DIR: where.dir!, DATABASE_URL: '' }) };
  log(`${store}: starting`);
  const server = await startServerProcess(`assistant tools ${store}`, [SERVER_ENTRY], env, { quiet: true });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const url = new URL('/api/vapi', server.base);
    // The free slots, from the page's list; the bookings take them from two hours on, clear of the
    // slots that pass during the run.
    const listed = await fetch(`${server.base}${MEETING_SLOTS_PATH}?tz=Europe/Sofia`);
    const { slots = [] } = (await listed.json()) as { slots?: { start: string }[] };
    const later = slots.filter((s) => Date.parse(s.start) > Date.now() + 2 * 3_600_000);
    const picks = BOOKING_SLOTS + REPLAY_ROUNDS;
    if (later.length < picks) throw new Error(`${MEETING_SLOTS_PATH} answered ${listed.status} with ${later.length} slots two hours ahead; ${picks} needed`);
    const picked = Array.from({ length: picks }, (_, k) => later[Math.floor((k * later.length) / picks)]!.start);
    // Every third for the replay, the rest for the bookings (BOOKING_SLOTS is twice REPLAY_ROUNDS): no
    // replayed round shares a slot.
    const replaySlots = picked.filter((_, k) => k % 3 === 2).slice(0, REPLAY_ROUNDS);
    const bookingSlots = picked.filter((_, k) => k % 3 !== 2);
    const run = Date.now().toString(36);

    const findBody = (prefix: string) => (i: number) => toolCallsBody(`${prefix}-${run}-${i}`, `${prefix}-t-${run}-${i}`, 'find_meeting_slots', { time_zone: 'Europe/London' });
    const bookBody = (prefix: string) => (i: number) => toolCallsBody(`${prefix}-${run}-${i}`, `${prefix}-t-${run}-${i}`, 'book_discovery_call', bookingArgs(i, bookingSlots[i % BOOKING_SLOTS]!));

    // The answer checked before it is measured: a 401 or an error would be quick and mean nothing.
    const probe = await post(agent, url, findBody('bench-probe')(0));
    if (probe.status !== 200 || !probe.answer?.result?.includes('Values for start')) {
      throw new Error(`POST /api/vapi find_meeting_slots answered ${probe.status}: ${probe.body?.slice(0, 200)}`);
    }
    log(`${store}: ${slots.length} of ${candidates} slots free; ${CONCURRENCY} at once, warming up (${WARMUP.slotCalls} slot calls, ${WARMUP.bookings} bookings)...`);
    await drive(agent, url, WARMUP.slotCalls, findBody('bench-warm-find'));
    await drive(agent, url, WARMUP.bookings, bookBody('bench-warm-book'));

    const loadBefore = os.loadavg()[0]!;
    log(`${store}: ${SLOT_CALLS} find_meeting_slots...`);
    const find = await cpuOf(server.pid, () => drive(agent, url, SLOT_CALLS, findBody('bench-find')));
    const slotsPhase = summarize(SLOT_CALLS, find.value.samples, find.value.ms, find.cpuUs);

    log(`${store}: ${BOOKINGS} book_discovery_call over ${BOOKING_SLOTS} slots...`);
    const book = await cpuOf(server.pid, () => drive(agent, url, BOOKINGS, bookBody('bench-book')));
    const booked = await storedCalls(where, `bench-book-${run}-`);
    const bookSamples = book.value.samples;
    const bookingsPhase: BookingsOutcome = {
      ...summarize(BOOKINGS, bookSamples, book.value.ms, book.cpuUs),
      leadsAnswered: bookSamples.filter((s) => s.answer?.result || (s.answer?.error && errorKind(s.answer.error) === 'taken')).length,
      leadsStored: sum(booked.leads),
      meetingsAnswered: bookSamples.filter((s) => s.answer?.result?.startsWith('Booked for')).length,
      meetingsStored: sum(booked.meetings),
      duplicateLeads: [...booked.leads.values()].filter((n) => n > 1).length,
    };

    log(`${store}: replay, ${REPLAY_ROUNDS} rounds of one toolCallId sent ${CONCURRENCY} times at once...`);
    const replaySamples: Sample[] = [];
    const againSamples: Sample[] = [];
    let oneAnswer = 0;
    let sameAgain = 0;
    const replay = await cpuOf(server.pid, async () => {
      const t0 = performance.now();
      const deadline = Date.now() + PHASE_DEADLINE_MS;
      for (let r = 0; r < REPLAY_ROUNDS && Date.now() < deadline; r++) {
        const body = toolCallsBody(`bench-replay-${run}-${r}`, `bench-replay-t-${run}-${r}`, 'book_discovery_call', bookingArgs(100_000 + r, replaySlots[r]!));
        const round = await Promise.all(Array.from({ length: CONCURRENCY }, () => post(agent, url, body)));
        replaySamples.push(...round);
        const bodies = new Set(round.map((s) => (s.status === 200 ? s.body : `${s.status}`)));
        if (bodies.size === 1 && round[0]!.status === 200) oneAnswer++;
        // Sent again once answered (a retry): the stored answer.
        const again = await post(agent, url, body);
        againSamples.push(again);
        if (again.status === 200 && again.body === round[0]!.body) sameAgain++;
      }
      return performance.now() - t0;
    });
    const replayed = await storedCalls(where, `bench-replay-${run}-`);
    const rounds = Math.ceil(replaySamples.length / CONCURRENCY);
    const roundIds = Array.from({ length: rounds }, (_, r) => `bench-replay-${run}-${r}`);
    const againMs = againSamples.filter((s) => typeof s.status === 'number').map((s) => s.ms).sort((a, b) => a - b);
    // The CPU and the wall time of the phase include the one request sent again each round.
    const replayPhase: ReplayOutcome = {
      ...summarize(REPLAY_ROUNDS * CONCURRENCY, replaySamples, replay.value, replay.cpuUs === undefined ? undefined : (replay.cpuUs * replaySamples.length) / (replaySamples.length + againSamples.length)),
      rounds,
      sentAtOnce: CONCURRENCY,
      roundsWithOneLead: roundIds.filter((id) => replayed.leads.get(id) === 1).length,
      roundsWithOneMeeting: roundIds.filter((id) => replayed.meetings.get(id) === 1).length,
      roundsWithOneAnswer: oneAnswer,
      leadsStored: sum(replayed.leads),
      again: { requests: againSamples.length, p50Ms: round1(percentile(againMs, 50)), maxMs: round1(againMs.at(-1) ?? 0), sameAnswer: sameAgain },
    };

    return {
      loadAverage: { before: round1(loadBefore), after: round1(os.loadavg()[0]!) },
      seededMeetings: SEEDED_MEETINGS,
      freeSlots: slots.length,
      candidateSlots: candidates,
      bodyBytes: { find: Buffer.byteLength(findBody('bench-size')(0)), book: Buffer.byteLength(bookBody('bench-size')(0)) },
      slots: slotsPhase,
      bookings: bookingsPhase,
      replay: replayPhase,
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

export async function benchAssistantTools(): Promise<AssistantToolsOutcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-assistants-'));
  let sqlite: AssistantStoreOutcome;
  try {
    sqlite = await measure('sqlite', { dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const postgres = await withThrowawayDatabase('bench_assistants', (url) => measure('postgres', { url }));
  if ('skipped' in postgres) log(`postgres: skipped: ${postgres.skipped}`);
  return { endpoint: 'POST /api/vapi', concurrency: CONCURRENCY, sqlite, postgres };
}

const count = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n} ms`.padStart(9);
function phaseLine(name: string, p: PhaseOutcome): string {
  const statuses = Object.entries(p.statuses).map(([s, n]) => `${s}×${count(n)}`).join(' ');
  const kinds = Object.entries(p.errorKinds).map(([k, n]) => `${k} ${n}`).join(', ');
  return `    ${name.padEnd(20)} ${count(p.requests).padStart(5)} req  p50 ${ms(p.p50Ms)}  p90 ${ms(p.p90Ms)}  p99 ${ms(p.p99Ms)}  max ${ms(p.maxMs)}  ${String(p.reqPerSec).padStart(4)} req/s` +
    (p.cpuUsPerRequest === undefined ? '' : `  cpu ${String(p.cpuUsPerRequest).padStart(5)} µs/req`) +
    `  [${statuses}]  results ${count(p.results)}, errors ${count(p.errors)}${kinds ? ` (${kinds})` : ''}` +
    (p.stoppedAtDeadline ? `  STOPPED at the deadline, ${count(p.requests)} of ${count(p.planned)}` : '');
}

export function printAssistantTools(o: AssistantToolsOutcome) {
  console.log(`\n${o.endpoint} tool calls (${o.concurrency} at once, fixed counts, after a warm-up)`);
  for (const store of ['sqlite', 'postgres'] as const) {
    const run = o[store];
    if ('skipped' in run) {
      console.log(`  ${store.padEnd(8)} skipped: ${run.skipped}`);
      continue;
    }
    console.log(
      `  ${store} (${count(run.seededMeetings)} meetings seeded; ${run.freeSlots} of ${run.candidateSlots} slots free; bodies ${count(run.bodyBytes.find)} / ${count(run.bodyBytes.book)} B; ` +
        `load average ${run.loadAverage.before} → ${run.loadAverage.after})`,
    );
    console.log(phaseLine('find_meeting_slots', run.slots));
    const b = run.bookings;
    console.log(phaseLine('book_discovery_call', b));
    console.log(`    ${''.padEnd(20)} leads stored ${count(b.leadsStored)} / answered ${count(b.leadsAnswered)}, meetings stored ${count(b.meetingsStored)} / answered ${count(b.meetingsAnswered)}, conversations with more than one lead ${b.duplicateLeads}`);
    const r = run.replay;
    console.log(phaseLine(`replay ${r.rounds}×${r.sentAtOnce}`, r));
    console.log(
      `    ${''.padEnd(20)} one lead in ${r.roundsWithOneLead} of ${r.rounds} rounds (${r.leadsStored} stored), one meeting in ${r.roundsWithOneMeeting}, one answer in ${r.roundsWithOneAnswer}; ` +
        `sent again: p50 ${r.again.p50Ms} ms, max ${r.again.maxMs} ms, the same answer ${r.again.sameAnswer} of ${r.again.requests}`,
    );
  }
}

// Alone: `npx tsx bench/assistant-tools.ts` (the build first: `npm run build`).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!fs.existsSync(SERVER_ENTRY)) {
    console.error(`[bench] no build at ${SERVER_ENTRY}; run \`npm run build\` first`);
    process.exit(2);
  }
  printAssistantTools(await benchAssistantTools());
}
