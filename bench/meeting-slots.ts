// The meeting picker's list under load: `GET /api/meeting-slots?tz=Asia/Tokyo` at 50 connections with
// 1,000 meetings booked, on SQLite and on PostgreSQL (a throwaway database). The server is configured so
// that there are slots enough for them (every half hour of every day, 30 days ahead, two seats, no notice);
// 1,000 leads and their meetings are written straight into the store before it starts, spread evenly
// over the slots offered, both seats of each slot they take. The load asks as a browser does (brotli),
// with autocannon, warmed up first, for the same seconds as the API section. It measures and reports,
// with no budget; bench/run.ts prints it and writes bench/results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { candidateSlots } from '../src/server/meetings/availability.ts';
import { loadConfig } from '../src/server/config.ts';
import { newRowId, openDatabase, type MeetingsTable } from '../src/server/store/database.ts';
import { migrate } from '../src/server/store/migrations/index.ts';
import { MEETING_SLOTS_PATH } from '../src/shared/meetings.ts';
import { BROWSER_HEADERS, fmt, load, OUR_ENV, probe, WARMUP_SECONDS, type Load } from './api.ts';
import { withThrowawayDatabase } from '../tools/postgres.ts';
import { seededLeads } from './seed-leads.ts';
import { SERVER_ENTRY, startServerProcess } from './site-server.ts';

const SLOTS_CONNECTIONS = 50;
const SLOTS_MEETINGS = 1000;
const SLOTS_URL = `${MEETING_SLOTS_PATH}?tz=Asia/Tokyo`;
/** Slots for every half hour of 30 days, two calls at a time, bookable at once. */
export const MEETING_ENV = { MEETING_HOURS: 'Mo-Su 00:00-23:59', MEETING_DAYS_AHEAD: '30', MEETING_SEATS: '2', MEETING_MIN_NOTICE_HOURS: '0' };

interface SlotsRun {
  /** Slots the list answered with before the load, of the candidates the settings give. */
  freeSlots: number;
  candidateSlots: number;
  /** The answer's size and encoding as the load receives it. */
  bytes: number;
  encoding: string;
  load: Load;
}
type SlotsStoreOutcome = SlotsRun | { skipped: string };
export interface SlotsOutcome {
  endpoint: string;
  connections: number;
  meetings: number;
  durationSeconds: number;
  sqlite: SlotsStoreOutcome;
  postgres: SlotsStoreOutcome;
}

const log = (line: string) => console.log(`[bench] meeting slots ${line}`);

/**
 * The leads and their meetings, written before the server starts: `meetings` of them over the seats the
 * settings (`env`, MEETING_ENV by default) offer now, every seat of each slot they take. The slots offered.
 */
export async function seedMeetings(where: { url?: string; dir?: string }, meetings: number, env: Record<string, string> = MEETING_ENV): Promise<number> {
  const settings = loadConfig(env).meetings;
  const { db } = openDatabase(where.url ? { url: where.url } : { dataDir: where.dir! });
  try {
    await migrate(db);
    const slots = candidateSlots(settings, new Date());
    // Every seat of the slots taken, as bookings fill them (with two seats, half as many slots as
    // meetings), the slots evenly apart.
    const taken = Math.ceil(meetings / settings.seats);
    if (slots.length < taken) throw new Error(`${slots.length} slots offered, fewer than the ${taken} the meetings need`);
    const leads = [...seededLeads({ count: meetings })].map((lead) => ({ ...lead, status: 'scheduled' as const }));
    const now = new Date().toISOString();
    const rows: Insertable<MeetingsTable>[] = leads.map((lead, i) => {
      const slot = slots[Math.floor((Math.floor(i / settings.seats) * slots.length) / taken)]!;
      return {
        id: newRowId(), lead_id: lead.id, starts_at: slot.start.toISOString(), ends_at: slot.end.toISOString(),
        seat: i % settings.seats, status: 'booked', time_zone: 'Asia/Tokyo', sequence: 0, created_at: now, updated_at: now,
      };
    });
    await db.transaction().execute(async (trx) => {
      // Within SQLite's and PostgreSQL's limits on a statement's parameters.
      for (let i = 0; i < leads.length; i += 500) await trx.insertInto('discovery_calls').values(leads.slice(i, i + 500)).execute();
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('meetings').values(rows.slice(i, i + 500)).execute();
    });
    return slots.length;
  } finally {
    await db.destroy();
  }
}

async function measure(store: 'sqlite' | 'postgres', where: { url?: string; dir?: string }, duration: number): Promise<SlotsRun> {
  const started = performance.now();
  const candidates = await seedMeetings(where, SLOTS_MEETINGS);
  log(`${store}: ${SLOTS_MEETINGS.toLocaleString('en-US')} leads and meetings over ${candidates} slots in ${Math.round(performance.now() - started)} ms`);
  const env = { ...OUR_ENV, ...MEETING_ENV, MEETING_BUSY_ICS_URLS: '', ...(where.url ? { DATABASE_URL: where.url } : { DATA_DIR: where.dir!, DATABASE_URL: '' }) };
  log(`${store}: starting`);
  const server = await startServerProcess(`meeting slots ${store}`, [SERVER_ENTRY], env, { quiet: true });
  try {
    const url = `${server.base}${SLOTS_URL}`;
    // The answer checked before it is measured: a 400 or an empty list would be quick and mean nothing.
    const res = await fetch(url, { headers: BROWSER_HEADERS });
    const text = await res.text();
    const slots = res.status === 200 ? (JSON.parse(text) as { slots?: unknown[] }).slots : undefined;
    if (!slots?.length) throw new Error(`${SLOTS_URL} answered ${res.status} with ${slots?.length ?? 'no'} slots: ${text.slice(0, 200)}`);
    // Its size on the wire, as the load gets it.
    const { encoding, body } = await probe(url, BROWSER_HEADERS);
    log(`${store}: ${slots.length} of ${candidates} slots free; ${SLOTS_CONNECTIONS} connections, warming up ${WARMUP_SECONDS} s, then ${duration} s...`);
    await load(url, SLOTS_CONNECTIONS, WARMUP_SECONDS, { headers: BROWSER_HEADERS }, server.pid);
    const measured = await load(url, SLOTS_CONNECTIONS, duration, { headers: BROWSER_HEADERS }, server.pid);
    return { freeSlots: slots.length, candidateSlots: candidates, bytes: body.length, encoding, load: measured };
  } finally {
    await server.stop();
  }
}

export async function benchMeetingSlots({ duration }: { duration: number }): Promise<SlotsOutcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-slots-'));
  let sqlite: SlotsStoreOutcome;
  try {
    sqlite = await measure('sqlite', { dir }, duration);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const postgres = await withThrowawayDatabase('bench_slots', (url) => measure('postgres', { url }, duration));
  if ('skipped' in postgres) log(`postgres: skipped: ${postgres.skipped}`);
  return { endpoint: `GET ${SLOTS_URL}`, connections: SLOTS_CONNECTIONS, meetings: SLOTS_MEETINGS, durationSeconds: duration, sqlite, postgres };
}

export function printMeetingSlots(o: SlotsOutcome) {
  console.log(`\n${o.endpoint} (autocannon, ${o.connections} connections, ${o.meetings.toLocaleString('en-US')} meetings booked, ${o.durationSeconds} s)`);
  for (const store of ['sqlite', 'postgres'] as const) {
    const run = o[store];
    if ('skipped' in run) {
      console.log(`  ${store.padEnd(8)} skipped: ${run.skipped}`);
      continue;
    }
    console.log(`  ${store.padEnd(8)} ${fmt(run.load)}  (${run.freeSlots} of ${run.candidateSlots} slots free, ${run.bytes.toLocaleString('en-US')} B ${run.encoding})`);
  }
}
