// The inbox's export and chart at scale: 100,000 leads over the last 120 days on each store (SQLite in a
// fresh folder; PostgreSQL in a schema of its own on BENCH_DATABASE_URL or TEST_DATABASE_URL, skipped
// when neither answers), then the chart's figures for 30 and 90 days (median and p95 of 20 runs) and
// the CSV of every lead, with the time it takes, its size and how much the heap grows while it streams.
// It measures and prints; it judges nothing.
// Usage: npx tsx bench/inbox-export.ts [--leads N]
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import pg from 'pg';
import { LEAD_STATUSES, SERVICES } from '../src/shared/booking.ts';
import { leadsCsv } from '../src/server/inbox/csv.ts';
import { eachFilteredLead } from '../src/server/leads/lead-queries.ts';
import { inboxStats } from '../src/server/inbox/stats.ts';
import { openDatabase, type OpenDatabase } from '../src/server/store/database.ts';
import { leadSearchText } from '../src/server/leads/lead-search.ts';
import { phoneE164 } from '../src/server/leads/phone.ts';
import { migrate } from '../src/server/store/migrations/index.ts';

const leadsArg = process.argv.indexOf('--leads');
const LEADS = leadsArg === -1 ? 100_000 : Number(process.argv[leadsArg + 1]);
const RUNS = 20;
const DAY = 86_400_000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const log = (line: string) => console.log(`[inbox-export] ${line}`);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function seed({ db }: OpenDatabase) {
  const now = Date.now();
  const BATCH = 500;
  for (let done = 0; done < LEADS; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, LEADS - done) }, (_, i) => {
      const n = done + i;
      // Evenly over the 120 days, in a shuffled order, as bookings come in at any hour.
      const created_at = new Date(now - ((n * 7919) % LEADS) * ((120 * DAY) / LEADS)).toISOString();
      return {
        id: randomUUID(),
        first_name: n % 3 ? `Lead ${n}` : `Мария ${n}`,
        email: `lead${n}@example.com`,
        phone: `+359 88 ${String(n).padStart(7, '0')}`,
        business_name: n % 5 ? `Business ${n} Ltd` : `Пекарна „Зора“ ${n}`,
        service: SERVICES[n % SERVICES.length]!,
        product: '',
        custom_service: n % 4 ? '' : 'Answering calls after hours and booking appointments for the clinic.',
        status: LEAD_STATUSES[n % LEAD_STATUSES.length]!,
        locale: n % 2 ? 'en' : 'bg',
        idempotency_key: null,
        created_at,
        updated_at: created_at,
      };
    });
    await db.insertInto('discovery_calls').values(
        rows.map((row) => {
          const phone_e164 = phoneE164(row.phone);
          return { ...row, phone_e164, search_text: leadSearchText({ ...row, phone_e164 }) };
        }),
      ).execute();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function bench(name: string, opened: OpenDatabase) {
  const { db, dialect } = opened;
  let started = performance.now();
  await seed(opened);
  log(`${name}: ${LEADS.toLocaleString('en-US')} leads stored in ${ms(performance.now() - started)}`);
  // PostgreSQL with fresh statistics and visibility map, as autovacuum leaves a table soon after a bulk
  // load: the chart's count can then read its index alone.
  if (dialect === 'postgres') await sql`vacuum analyze discovery_calls`.execute(db);

  for (const span of [30, 90]) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      started = performance.now();
      await inboxStats(db, dialect, span, new Date());
      if (i >= 2) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    log(`${name}: stats for ${span} days: median ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
  }

  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = 0;
  let rssPeak = 0;
  let bytes = 0;
  let chunks = 0;
  started = performance.now();
  await pipeline(
    leadsCsv(eachFilteredLead(db, dialect, {}, new Date()), { shape: 'csv', locale: 'en' }),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (++chunks % 500 === 0) {
          gc();
          const { heapUsed, rss } = process.memoryUsage();
          heapPeak = Math.max(heapPeak, heapUsed - heapBefore);
          rssPeak = Math.max(rssPeak, rss);
        }
        done();
      },
    }),
  );
  log(
    `${name}: CSV of every lead: ${mb(bytes)} in ${ms(performance.now() - started)}, heap growth at most ${mb(heapPeak)} while streaming, RSS at most ${mb(rssPeak)}`,
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-export-bench-'));
const sqlite = openDatabase({ dataDir });
try {
  await migrate(sqlite.db);
  await bench('sqlite', sqlite);
} finally {
  await sqlite.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_export_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
try {
  await admin.connect();
  await admin.query(`create schema ${schema}`);
} catch (err) {
  log(`postgres: skipped: unreachable at ${url} (${(err as Error).message})`);
  process.exit(0);
}
const postgres = openDatabase({ url, schema });
try {
  await migrate(postgres.db, schema);
  await bench('postgres', postgres);
} finally {
  await postgres.db.destroy();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}
