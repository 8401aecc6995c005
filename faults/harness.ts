// What every fault scenario shares: the built server as a child process (its JSON log read as it
// runs), bookings sent the way a visitor's browser sends them and retried with the same key, a webhook
// receiver that verifies each delivery's signature and can go down, the figures every scenario prints,
// and clean-up that runs however a scenario ends. Nothing here leaves loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { bookingBody } from '../tools/booking.ts';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(ROOT, 'dist/node/server/main.js');

/** PostgreSQL where scenarios create (and drop) a database of their own; Redis for the shared limits. */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A promise the scenario found broken: the run fails with it. */
export class Broken extends Error {}

/** What a scenario reports: the common figures, its own, and the promises it found broken. */
export interface Figures {
  sent: number;
  acknowledged: number;
  stored: number;
  duplicates: number;
  lost: number;
  /** The scenario's own figures, in a few words each. */
  notes: string[];
  /** Every promise that did not hold; empty when the scenario passed. */
  broken: string[];
  /** Set when the scenario could not run here (no PostgreSQL, not root…), with the reason. */
  skipped?: string;
}

export const skipped = (reason: string): Figures => ({
  sent: 0,
  acknowledged: 0,
  stored: 0,
  duplicates: 0,
  lost: 0,
  notes: [],
  broken: [],
  skipped: reason,
});

/** Collects broken promises instead of stopping at the first, so a row says everything that failed. */
export function promises() {
  const broken: string[] = [];
  return {
    broken,
    expect(holds: boolean, promise: string) {
      if (!holds) broken.push(promise);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Clean-up that runs whatever happens: a scenario registers what it set up, and the runner calls these
// after each scenario, on a time-out and on exit.

type Cleanup = () => void | Promise<void>;
const cleanups: Cleanup[] = [];

export function onCleanup(fn: Cleanup): void {
  cleanups.push(fn);
}

export async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error(`[faults] clean-up failed: ${(err as Error).message}`);
    }
  }
}

export function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `faults-${label}-`));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------------------------------------------
// Ports. With FAULTS_PORT the servers and proxies take ports from it upwards (a machine where several
// runs share loopback gives each a range); without it the system picks free ones.

let nextPort = Number(process.env.FAULTS_PORT ?? 0);

export function port(): number {
  return nextPort ? nextPort++ : 0;
}

// ---------------------------------------------------------------------------------------------------
// The built server.

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Every JSON line it logged so far. */
  logs: LogLine[];
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** True until the process has ended. */
  alive(): boolean;
  /** SIGTERM, then SIGKILL if it is still there after 15 s; resolves when it has ended. */
  stop(): Promise<void>;
}

/** Counts the log lines with this message. */
export const logged = (server: ServerProcess, msg: string) => server.logs.filter((l) => l.msg === msg).length;

/**
 * Starts `node dist/node/server/main.js` with only the given environment (and PATH), so nothing from
 * the caller's shell changes what is tested; resolves once it listens, with its address read from its
 * log. Logs at info, which names every delivery and the listening address.
 */
export async function startServer(env: Record<string, string>, label: string): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build`);
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: String(port()),
      LOG_LEVEL: 'info',
      BOOKING_RATE_LIMIT: 'off',
      // The faults are about keeping what was acknowledged, not about spam: a script's bookings, sent at
      // once without the dialog's token, would otherwise all be taken for spam and notify no one.
      BOOKING_MIN_FILL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let stderr = '';
  let ended = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true;
      resolve({ code, signal });
    }),
  );
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: 30, msg: line });
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const server: ServerProcess = {
    url: '',
    pid: child.pid!,
    child,
    logs,
    exited,
    alive: () => !ended,
    async stop() {
      if (ended) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  onCleanup(() => server.stop());

  const deadline = Date.now() + 40_000;
  while (!server.url) {
    const line = logs.find((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening at '));
    if (line) server.url = line.msg.slice('Server listening at '.length);
    else if (ended) throw new Error(`${label}: the server exited at start: ${(stderr || logs.map((l) => l.msg).join('\n')).slice(0, 600)}`);
    else if (Date.now() > deadline) throw new Error(`${label}: the server did not listen within 40 s`);
    else await sleep(25);
  }
  return server;
}

/** GET /api/health: its status code and body; 0 when no answer came. */
export async function health(base: string): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
    return { code: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch {
    return { code: 0, body: {} };
  }
}

/** Waits until `check` holds, polling, for at most `ms`; false if it never did. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, everyMs = 50): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------------
// Bookings.

/** One run's submissions are told apart from any other's by this tag in their keys and addresses. */
export const RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

export interface Submission {
  n: number;
  key: string;
  email: string;
  /** The language the booking is made in; a retry repeats it, as it repeats everything else. */
  locale: 'en' | 'bg';
  /** The lead the server acknowledged (201, or 200 for a replay), once it has. */
  id?: string;
  /** Requests sent for it, the first included. */
  attempts: number;
  /** Acknowledged with 200: a retry found it stored by an attempt whose answer never arrived. */
  replayed?: boolean;
  /** What the unanswered or refused attempts got: a status code, or the network error's code. */
  failures: string[];
}

export function submissions(scenario: string, count: number): Submission[] {
  return Array.from({ length: count }, (_, n) => ({
    n,
    key: `faults-${scenario}-${RUN}-${n}`,
    email: `${scenario}-${RUN}-${n}@faults.example`,
    locale: 'en',
    attempts: 0,
    failures: [],
  }));
}

/** A JSON body as an object; anything else as `{ text }`. */
export function parseJson(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { text };
  } catch {
    return { text };
  }
}

export interface Answer {
  code: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** One booking request; a network failure is thrown (its code in the message). */
export async function book(
  base: string,
  s: Pick<Submission, 'email' | 'key' | 'locale'>,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const res = await fetch(`${base}/api/discovery-calls`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': s.locale,
      'idempotency-key': s.key,
      ...options.headers,
    },
    body: bookingBody(s, s.locale),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  return { code: res.status, body: parseJson(text), headers: res.headers };
}

export const networkCode = (err: unknown): string => {
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code ?? (err as Error).name ?? 'error';
};

/**
 * Sends the submission once: acknowledged on 201 or 200. Returns whether the server acknowledged it;
 * what went wrong otherwise is added to its failures. A 4xx other than 429 is a refusal no retry
 * changes, and is thrown.
 */
export async function attempt(base: string, s: Submission): Promise<boolean> {
  s.attempts++;
  try {
    const answer = await book(base, s);
    if (answer.code === 201 || answer.code === 200) {
      const id = String(answer.body.id);
      if (s.id && s.id !== id) throw new Broken(`submission ${s.n} was acknowledged as two leads`);
      s.id = id;
      if (answer.code === 200) s.replayed = true;
      return true;
    }
    s.failures.push(String(answer.code));
    if (answer.code >= 400 && answer.code < 500 && answer.code !== 429) {
      throw new Broken(`submission ${s.n} refused with ${answer.code}: ${JSON.stringify(answer.body)}`);
    }
    return false;
  } catch (err) {
    if (err instanceof Broken) throw err;
    s.failures.push(networkCode(err));
    return false;
  }
}

/**
 * Sends every submission, `concurrency` at a time, each retried with its own key (after `retryMs`)
 * until the server acknowledges it or `deadline` passes. `onAck` sees the count acknowledged so far.
 */
export async function load(
  base: string | (() => string),
  all: Submission[],
  options: { concurrency: number; retryMs?: number; deadline: number; onAck?: (acknowledged: number) => void; stop?: () => boolean },
): Promise<void> {
  let next = 0;
  let acknowledged = all.filter((s) => s.id).length;
  const worker = async () => {
    while (next < all.length && !options.stop?.()) {
      const s = all[next++]!;
      while (!s.id && Date.now() < options.deadline && !options.stop?.()) {
        if (await attempt(typeof base === 'string' ? base : base(), s)) {
          options.onAck?.(++acknowledged);
        } else {
          await sleep((options.retryMs ?? 200) * (0.5 + Math.random()));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
}

/** The leads as the database holds them: what a scenario counts against what was acknowledged. */
export interface StoredLead {
  id: string;
  email: string;
}

/**
 * sent, acknowledged, stored, duplicates and lost for a run's submissions against the rows found:
 * stored counts the rows of these submissions, a duplicate is a second row of one submission, lost an
 * acknowledged lead that is not there.
 */
export function count(all: Submission[], rows: StoredLead[]) {
  const ours = new Set(all.map((s) => s.email));
  const mine = rows.filter((r) => ours.has(r.email));
  const ids = new Set(mine.map((r) => r.id));
  const emails = new Set(mine.map((r) => r.email));
  const acknowledged = all.filter((s) => s.id);
  return {
    sent: all.length,
    acknowledged: acknowledged.length,
    stored: mine.length,
    duplicates: mine.length - emails.size,
    lost: acknowledged.filter((s) => !ids.has(s.id!)).length,
    attempts: all.reduce((sum, s) => sum + s.attempts, 0),
    replayed: all.filter((s) => s.replayed).length,
  };
}

/** How often each failure came up across the submissions: `503×40, ECONNRESET×2`. */
export function failureSummary(all: Submission[]): string {
  const counts = new Map<string, number>();
  for (const f of all.flatMap((s) => s.failures)) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].map(([f, n]) => `${f}×${n}`).join(', ') || 'none';
}

// ---------------------------------------------------------------------------------------------------
// Reading the database the server wrote, around it.

export function sqliteRows<T>(dataDir: string, query: string): T[] {
  const db = new SQLite(path.join(dataDir, 'leads.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(query).all() as T[];
  } finally {
    db.close();
  }
}

export function sqliteRun(dataDir: string, fn: (db: SQLite.Database) => void): void {
  const db = new SQLite(path.join(dataDir, 'leads.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    fn(db);
  } finally {
    db.close();
  }
}

export async function pgRows<T>(url: string, query: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(query)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Whether anything answers on host:port; for skipping what needs PostgreSQL or Redis. */
export function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port: p } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(p || defaultPort), hostname);
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

// ---------------------------------------------------------------------------------------------------
// A webhook receiver on loopback: checks each delivery's Standard Webhooks signature, keeps what
// arrived, and can be taken down (nothing listens: connections are refused) and brought back on the
// same port.

export interface Delivery {
  webhookId: string;
  leadId: string;
  type: string;
}

export interface Receiver {
  url: string;
  secret: string;
  received: Delivery[];
  /** Deliveries whose signature did not verify. */
  forged: number;
  /** Wait this long before answering each delivery (sends under way when a server stops). */
  delayMs: number;
  up(): Promise<void>;
  down(): Promise<void>;
  /** Per lead: how many distinct webhook ids arrived, and how many arrivals repeated an id. */
  tally(): { leads: Map<string, Set<string>>; repeats: number };
}

export async function webhookReceiver(options: { up?: boolean } = {}): Promise<Receiver> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const verifier = new Webhook(secret);
  const sockets = new Set<net.Socket>();
  const receiver: Receiver = {
    url: '',
    secret,
    received: [],
    forged: 0,
    delayMs: 0,
    up: () => listen(),
    async down() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
    tally() {
      const leads = new Map<string, Set<string>>();
      const seen = new Set<string>();
      let repeats = 0;
      for (const d of receiver.received) {
        if (seen.has(d.webhookId)) repeats++;
        seen.add(d.webhookId);
        const ids = leads.get(d.leadId) ?? new Set<string>();
        ids.add(d.webhookId);
        leads.set(d.leadId, ids);
      }
      return { leads, repeats };
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      setTimeout(() => {
        try {
          const event = verifier.verify(body, req.headers as Record<string, string>) as {
            type: string;
            data: { lead: { id: string } };
          };
          receiver.received.push({ webhookId: String(req.headers['webhook-id']), leadId: event.data.lead.id, type: event.type });
          res.writeHead(204).end();
        } catch {
          receiver.forged++;
          res.writeHead(400).end();
        }
      }, receiver.delayMs);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  let bound = port();
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(bound, '127.0.0.1', () => {
        server.off('error', reject);
        bound = (server.address() as net.AddressInfo).port;
        receiver.url = `http://127.0.0.1:${bound}/hooks/lead`;
        resolve();
      });
    });
  // Bound once even when it starts down, so the server can be given its address.
  await listen();
  if (options.up === false) await receiver.down();
  onCleanup(() => receiver.down());
  return receiver;
}

/** The server's environment for a webhook to `receiver`. */
export const webhookEnv = (receiver: Receiver): Record<string, string> => ({
  LEAD_WEBHOOK_URL: receiver.url,
  LEAD_WEBHOOK_SECRET: receiver.secret,
});

/** Outbox rows as both databases hand them out (times as ISO strings or Dates). */
export interface OutboxRow {
  id: string;
  lead_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string | Date;
  retry_until: string | Date;
  locked_until: string | Date | null;
}

export const OUTBOX_QUERY = 'select id, lead_id, status, attempts, next_attempt_at, retry_until, locked_until from outbox';

/**
 * Whether every acknowledged lead's notification reached the receiver exactly once as an entry (one
 * webhook id per lead) and every outbox entry of theirs is marked delivered. Repeats of one webhook id
 * (a send the server could not record before it died) are counted apart: receivers drop them by id.
 */
export function deliveryFigures(all: Submission[], outbox: OutboxRow[], receiver: Receiver) {
  const ids = new Set(all.filter((s) => s.id).map((s) => s.id!));
  const entries = outbox.filter((e) => ids.has(e.lead_id));
  const { leads, repeats } = receiver.tally();
  const arrived = [...ids].filter((id) => leads.has(id));
  return {
    entries: entries.length,
    undelivered: entries.filter((e) => e.status !== 'delivered').length,
    arrived: arrived.length,
    missing: ids.size - arrived.length,
    twice: [...ids].filter((id) => (leads.get(id)?.size ?? 0) > 1).length,
    repeats,
    forged: receiver.forged,
  };
}
