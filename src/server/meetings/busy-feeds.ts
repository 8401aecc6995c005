// The operators' own calendars as busy time (MEETING_BUSY_ICS_URLS: the "secret address in iCal format"
// Google Calendar and Outlook give). Each instance fetches every feed at start and every few minutes,
// through feed-fetch.ts (https to a public address only, unless MEETING_BUSY_ICS_ALLOW_HOSTS names the
// host; no redirect to another origin; a timeout and a size cap), reads it in a worker thread
// (busy-parse-worker.ts, with busy-intervals.ts: a feed of megabytes takes seconds, and the site answers
// meanwhile; one that takes too long is stopped) and keeps the busy intervals of the days that can be
// offered. A feed that cannot be fetched or read keeps its last good copy and reports `failing`, so the
// health check says `degraded`; the addresses are secrets and never logged, only their position.
import { Worker } from 'node:worker_threads';
import { silentLog, type Log } from '../core/log.ts';
import { periodicTask } from '../core/periodic.ts';
import type { ChannelHealth } from '../core/health.ts';
import type { Interval } from './availability.ts';
import { fetchFeed } from './feed-fetch.ts';

const DAY = 86_400_000;
/** The largest feed read; a calendar of years of events is a few megabytes. */
const MAX_BYTES = 10 * 1024 * 1024;
/** The longest a feed's reading may take before its worker is stopped. */
const PARSE_TIMEOUT_MS = 20_000;

/** The worker's file beside this one: TypeScript when the source runs (tests), JavaScript when built. */
const PARSE_WORKER = new URL(`./busy-parse-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export interface BusyFeedsOptions {
  urls: readonly string[];
  /** Hosts that may be fetched over http and at a private address (MEETING_BUSY_ICS_ALLOW_HOSTS). */
  allowedHosts?: readonly string[];
  /** How far ahead busy time is kept: the days slots are offered, and a day more. */
  daysAhead: number;
  everyMs?: number;
  timeoutMs?: number;
  now?: () => Date;
  log?: Log;
}

export interface BusyFeeds {
  /** Fetches every feed now, then every `everyMs`. */
  start(): void;
  stop(): Promise<void>;
  /** Fetches every feed now; resolves when each has its answer or its failure. */
  refresh(): Promise<void>;
  /** The busy intervals of every feed's last good copy that overlap [from, to). */
  busyBetween(from: Date, to: Date): Interval[];
  /** `{ calendars: 'failing' }` while any feed's last fetch failed; empty without feeds. */
  health(): Record<string, ChannelHealth>;
}

/** The busy intervals of a calendar's text (busy-intervals.ts), read in a worker thread. */
export function busyIntervalsOffThread(text: string, from: Date, to: Date, timeoutMs = PARSE_TIMEOUT_MS): Promise<Interval[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSE_WORKER, { workerData: { text, from: from.getTime(), to: to.getTime() }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`not read within ${timeoutMs / 1000} s`))), timeoutMs);
    worker.once('message', (answer: { busy?: [number, number][]; error?: string }) =>
      settle(() =>
        answer.busy ? resolve(answer.busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }))) : reject(new Error(answer.error ?? 'not read')),
      ),
    );
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the reader stopped (${code})`))));
  });
}

export function createBusyFeeds(options: BusyFeedsOptions): BusyFeeds {
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  const feeds = options.urls.map((url) => ({ url, busy: [] as Interval[], failing: false }));

  async function fetchOne(feed: (typeof feeds)[number], position: number) {
    const at = now();
    try {
      const text = await fetchFeed(feed.url, { allowedHosts: options.allowedHosts ?? [], timeoutMs: options.timeoutMs ?? 10_000, maxBytes: MAX_BYTES });
      if (!text.includes('BEGIN:VCALENDAR')) throw new Error('not an iCalendar file');
      feed.busy = await busyIntervalsOffThread(text, new Date(at.getTime() - DAY), new Date(at.getTime() + (options.daysAhead + 2) * DAY));
      if (feed.failing) log.info({ feed: position + 1 }, 'busy calendar read again');
      feed.failing = false;
    } catch (err) {
      // The address is a secret (it grants read access to someone's calendar): only its place in the list.
      if (!feed.failing) log.warn({ feed: position + 1, error: err instanceof Error ? err.message : String(err) }, 'busy calendar not read; its last copy is kept');
      feed.failing = true;
    }
  }

  const refresh = () => Promise.all(feeds.map(fetchOne)).then(() => undefined);
  // Each feed's failure is its own, kept in its state: a refresh as a whole does not fail.
  const task = periodicTask(refresh, options.everyMs ?? 5 * 60_000, (err: unknown) => log.error({ err }, 'busy calendars not refreshed'));

  return {
    start() {
      if (feeds.length === 0) return;
      task.start();
    },
    stop: task.stop,
    refresh,
    busyBetween(from, to) {
      return feeds.flatMap((f) => f.busy.filter((b) => b.end > from && b.start < to));
    },
    health(): Record<string, ChannelHealth> {
      if (feeds.length === 0) return {};
      return { calendars: feeds.some((f) => f.failing) ? 'failing' : 'ok' };
    },
  };
}
