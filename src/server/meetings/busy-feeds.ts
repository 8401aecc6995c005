// The operators' own calendars as busy time (MEETING_BUSY_ICS_URLS: the "secret address in iCal format"
// Google Calendar and Outlook give). Each instance fetches every feed at start and every few minutes,
// with a timeout and a size cap, parses it with node-ical and keeps the busy intervals of the days that
// can be offered, recurring events expanded (node-ical's expandRecurringEvent: RRULE, EXDATE and moved
// occurrences). A feed that cannot be fetched or read keeps its last good copy and reports `failing`, so
// the health check says `degraded`; the addresses are secrets and never logged, only their position.
import ical, { type VEvent } from 'node-ical';
import { silentLog, type Log } from '../core/log.ts';
import { periodicTask } from '../core/periodic.ts';
import type { ChannelHealth } from '../core/health.ts';
import type { Interval } from './availability.ts';

const DAY = 86_400_000;
/** The largest feed read; a calendar of years of events is a few megabytes. */
const MAX_BYTES = 10 * 1024 * 1024;

export interface BusyFeedsOptions {
  urls: readonly string[];
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

/** The busy intervals of a calendar between two instants: events that are not free or cancelled, each occurrence. */
export function busyIntervalsOf(text: string, from: Date, to: Date): Interval[] {
  const calendar = ical.sync.parseICS(text);
  const busy: Interval[] = [];
  for (const component of Object.values(calendar)) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (event.transparency === 'TRANSPARENT' || event.status === 'CANCELLED' || !event.start) continue;
    for (const occurrence of ical.expandRecurringEvent(event, { from, to, expandOngoing: true })) {
      if (occurrence.event.status === 'CANCELLED' || occurrence.event.transparency === 'TRANSPARENT') continue;
      const start = new Date(occurrence.start);
      const end = new Date(occurrence.end ?? occurrence.start);
      if (end > from && start < to && end > start) busy.push({ start, end });
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The answer's text, refusing one larger than MAX_BYTES however it is sent. */
async function boundedText(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error(`larger than ${MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createBusyFeeds(options: BusyFeedsOptions): BusyFeeds {
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  const feeds = options.urls.map((url) => ({ url, busy: [] as Interval[], failing: false }));

  async function fetchOne(feed: (typeof feeds)[number], position: number) {
    const at = now();
    try {
      const response = await fetch(feed.url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000), headers: { accept: 'text/calendar' } });
      if (!response.ok) {
        await response.arrayBuffer().catch(() => undefined);
        throw new Error(`answered ${response.status}`);
      }
      const text = await boundedText(response);
      if (!text.includes('BEGIN:VCALENDAR')) throw new Error('not an iCalendar file');
      feed.busy = busyIntervalsOf(text, new Date(at.getTime() - DAY), new Date(at.getTime() + (options.daysAhead + 2) * DAY));
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
