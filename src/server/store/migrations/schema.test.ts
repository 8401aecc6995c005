// The migrations are frozen (index.ts): a database made by all of them at once today and one brought up
// a migration at a time, with rows stored between the steps as a live site would have, must end with the
// same schema; and no migration may import the site's live code, whose values would change under it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Dialect, type OpenDatabase } from '../database.ts';
import { migrator } from './index.ts';
import { createTestStore, TEST_DATABASE_URL, TEST_DIALECTS, type TestStore } from '../../testing/store.ts';

const FOLDER = path.dirname(fileURLToPath(import.meta.url));
/** A migration's file: its number and name, as its key ends (`2026-11-22-001-discovery-calls`). */
const MIGRATION_FILE = /^\d{3}-[a-z0-9-]+\.ts$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

interface Empty {
  opened: OpenDatabase;
  schema: string | undefined;
  cleanup(): Promise<void>;
}

/** A database with nothing in it, not even the migrations' bookkeeping (createTestStore's migrate all at once). */
async function emptyDatabase(dialect: Dialect): Promise<Empty> {
  if (dialect === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-test-'));
    const opened = openDatabase({ dataDir });
    return {
      opened,
      schema: undefined,
      async cleanup() {
        await opened.db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  // pg_trgm is in `public` already: createTestStore put it there for the database made at once.
  const schema = `test_${process.pid}_steps_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const opened = openDatabase({ url: TEST_DATABASE_URL, schema });
  return {
    opened,
    schema,
    async cleanup() {
      await opened.db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

// Rows stored after each migration, in the tables it made or changed, as the site of that day wrote them.
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();
const lead = (db: AnyDb, id: string, status: string, minute: number, more: Record<string, unknown> = {}) =>
  db
    .insertInto('discovery_calls')
    .values({
      id,
      first_name: 'Йордан',
      email: `${id}@example.bg`,
      phone: '+359 88 765 4321',
      business_name: 'Пирин Имоти ООД',
      service: 'Other',
      product: '',
      custom_service: 'A chatbot',
      status,
      locale: 'bg',
      created_at: at(minute),
      updated_at: at(minute),
      ...more,
    })
    .execute();
const event = (db: AnyDb, id: string, leadId: string, type: string, detail: string, minute: number) =>
  db.insertInto('lead_events').values({ id, lead_id: leadId, type, detail, created_at: at(minute) }).execute();

const ROWS_AFTER: Record<string, (db: AnyDb) => Promise<unknown>> = {
  '2026-11-22-001-discovery-calls': async (db) => {
    await lead(db, 'lead-1', 'pending', 1, { idempotency_key: 'key-1' });
    await lead(db, 'lead-2', 'contacted', 2);
  },
  '2026-11-24-002-notifications': async (db) => {
    await db
      .insertInto('outbox')
      .values({
        id: 'outbox-1', lead_id: 'lead-1', channel: 'webhook', kind: 'lead.created', dedupe_key: 'lead.created:lead-1:webhook',
        next_attempt_at: at(3), retry_until: at(60), created_at: at(3),
      })
      .execute();
    await db
      .insertInto('delivery_attempts')
      .values({ id: 'attempt-1', outbox_id: 'outbox-1', channel: 'webhook', attempted_at: at(3), ok: 1, status_code: 200, duration_ms: 12 })
      .execute();
    await event(db, 'event-1', 'lead-1', 'created', '', 1);
    await event(db, 'event-2', 'lead-2', 'status', 'contacted', 4);
    await event(db, 'event-3', 'lead-1', 'notification.delivered', 'webhook lead.created', 3);
  },
  '2026-11-24-003-operators': async (db) => {
    await db.insertInto('operators').values({ id: 'operator-1', email: 'op@example.bg', password_hash: 'scrypt$x', created_at: at(5) }).execute();
    await db
      .insertInto('operator_sessions')
      .values({ token_hash: 'a'.repeat(64), operator_id: 'operator-1', created_at: at(5), last_seen_at: at(5), expires_at: at(500) })
      .execute();
    await event(db, 'event-4', 'lead-2', 'note', 'Called back', 6);
  },
  '2026-11-24-004-inbox': async (db) => {
    await lead(db, 'lead-3', 'pending', 7, { search_text: 'йордан\nlead-3@example.bg\nпирин имоти оод\n359887654321', seen_at: at(8) });
    await db.updateTable('discovery_calls').set({ seen_at: at(8) }).where('id', '=', 'lead-1').execute();
  },
  '2026-11-24-005-inbox-chart': (db) => lead(db, 'lead-4', 'scheduled', 9),
  '2026-11-25-006-privacy-notice': (db) => lead(db, 'lead-5', 'pending', 10, { privacy_notice_version: '0123456789ab', privacy_notice_locale: 'bg' }),
  '2026-11-25-007-erasure': async (db) => {
    await lead(db, 'lead-6', 'won', 11, { status_since: at(12) });
    await db.deleteFrom('discovery_calls').where('id', '=', 'lead-4').execute();
    await db.insertInto('erasures').values({ id: 'erasure-1', reason: 'request', lead_count: 1, operator_id: 'operator-1', erased_at: at(12) }).execute();
  },
  '2026-11-25-008-attribution-funnel': async (db) => {
    await lead(db, 'lead-7', 'pending', 13, { status_since: at(13), utm_source: 'google', utm_campaign: 'spring', landing_path: '/bg/' });
    await db.insertInto('funnel_days').values({ day: '2026-11-22', locale: 'bg', source: 'google', step: 'open', count: 3 }).execute();
  },
  '2026-11-26-009-spam': async (db) => {
    await lead(db, 'lead-8', 'pending', 14, { status_since: at(14), spam_reason: 'honeypot' });
    await event(db, 'event-5', 'lead-8', 'spam', 'honeypot', 14);
    await db.insertInto('site_secrets').values({ name: 'booking-token', value: 'secret' }).execute();
  },
  '2026-11-27-010-arrival-derived': async (db) => {
    await lead(db, 'lead-9', 'pending', 15, { status_since: at(15) });
    await event(db, 'event-6', 'lead-8', 'restored', '', 16);
  },
  '2026-11-28-011-search-merge-steps': (db) => lead(db, 'lead-10', 'pending', 17, { status_since: at(17), search_text: 'x' }),
  '2026-11-29-012-phone-e164': (db) => lead(db, 'lead-11', 'pending', 18, { status_since: at(18), phone_e164: '+359887654321' }),
  '2026-11-30-013-form-token-uses': async (db) => {
    await db.insertInto('form_token_uses').values({ token_id: 'a'.repeat(43), claimed_by: 'k'.repeat(100), used_at: at(19) }).execute();
  },
  '2026-12-01-014-meetings': async (db) => {
    await db
      .insertInto('meetings')
      .values({ id: 'meeting-1', lead_id: 'lead-1', starts_at: at(120), ends_at: at(150), seat: 0, status: 'booked', time_zone: 'Asia/Kathmandu', sequence: 0, created_at: at(20), updated_at: at(20) })
      .execute();
  },
  '2026-12-02-015-meeting-notices': async (db) => {
    await db
      .insertInto('outbox')
      .values({
        id: 'outbox-2', lead_id: 'lead-1', channel: 'visitor', kind: 'meeting.booked', dedupe_key: 'meeting.booked:meeting-1:0:visitor',
        next_attempt_at: at(21), retry_until: at(1461), created_at: at(21), meeting_id: 'meeting-1',
      })
      .execute();
    await db.insertInto('lead_events').values({ id: 'event-9', lead_id: 'lead-1', type: 'meeting.booked', detail: at(120), created_at: at(21) }).execute();
  },
  '2026-12-03-016-operator-calendars': async (db) => {
    await db.updateTable('operators').set({ calendar_version: 1 }).where('id', '=', 'operator-1').execute();
  },
  '2026-12-04-017-assistants': async (db) => {
    await lead(db, 'lead-20', 'pending', 22, { status_since: at(22), source: 'voice' });
    await db.insertInto('conversations').values({ id: 'conversation-1', call_id: 'call-1', channel: 'voice', locale: 'bg', lead_id: 'lead-20', created_at: at(22) }).execute();
    await db.insertInto('assistant_tool_calls').values({ tool_call_id: 'tool-1', call_id: 'call-1', name: 'book_discovery_call', lead_id: 'lead-20', answer: '{"result":"Booked."}', created_at: at(22) }).execute();
  },
  '2026-12-07-018-frozen-notices': async (db) => {
    await db.updateTable('outbox').set({ facts: JSON.stringify({ at: at(21), lead: { id: 'lead-1' } }) }).where('id', '=', 'outbox-2').execute();
  },
  '2026-12-07-019-meeting-links': async (db) => {
    await db.updateTable('meetings').set({ booked_from: 'a'.repeat(64) }).where('id', '=', 'meeting-1').execute();
    await db.updateTable('discovery_calls').set({ meeting_link_closed_at: at(23) }).where('id', '=', 'lead-20').execute();
  },
  '2026-12-07-020-notices-after-erasure': async (db) => {
    await db
      .insertInto('outbox')
      .values({
        id: 'outbox-3', lead_id: null, channel: 'visitor', kind: 'meeting.cancelled', dedupe_key: 'meeting.cancelled:meeting-9:1:visitor',
        next_attempt_at: at(24), retry_until: at(1464), created_at: at(24), meeting_id: 'meeting-9', facts: JSON.stringify({ at: at(24), lead: { id: 'lead-9' } }),
      })
      .execute();
  },
  '2026-12-07-021-timeline-notifications': async (db) => {
    await db
      .insertInto('lead_events')
      .values({ id: 'event-21', lead_id: 'lead-20', type: 'notification.delivered', detail: 'lead.created webhook', channel: 'webhook', kind: 'lead.created', created_at: at(25) })
      .execute();
  },
  '2026-12-07-022-open-channels': async (db) => {
    await db
      .insertInto('outbox')
      .values({
        id: 'outbox-4', lead_id: 'lead-20', channel: 'a-channel-of-later', kind: 'a.kind.of.later', dedupe_key: 'a.kind.of.later:lead-20',
        next_attempt_at: at(26), retry_until: at(1466), created_at: at(26),
      })
      .execute();
  },
  '2026-12-07-023-attempt-gone': async (db) => {
    await db
      .insertInto('delivery_attempts')
      .values({ id: 'attempt-2', outbox_id: 'outbox-4', channel: 'a-channel-of-later', attempted_at: at(27), ok: 0, status_code: 404, error: 'answered 404 no_service', duration_ms: 12, gone: 1 })
      .execute();
  },
  '2026-12-07-024-callback-consent': async (db) => {
    await db.updateTable('discovery_calls').set({ callback_consent_at: at(28), callback_consent_version: '1a2b3c4d5e6f' }).where('id', '=', 'lead-20').execute();
  },
  '2026-12-07-025-alex-calls': async (db) => {
    await db
      .insertInto('conversations')
      .values({ id: 'conversation-2', call_id: 'call-2', channel: 'voice', locale: 'bg', lead_id: 'lead-20', created_at: at(29), callback_attempt: 1, scheduled_for: at(30), call_status: 'ended', outcome: 'no-answer' })
      .execute();
    await db.insertInto('ai_call_refusals').values({ phone_hash: 'a'.repeat(64), lead_id: 'lead-20', created_at: at(31) }).execute();
    await db.insertInto('callback_stops').values({ lead_id: 'lead-20', reason: 'stopped by an operator', created_at: at(32) }).execute();
  },
};

const squash = (text: string | null) => (text === null ? null : text.replace(/\s+/g, ' ').trim());

/** SQLite's schema: every object's SQL (checks included), and each table's columns, indexes and references. */
async function sqliteSchema(db: AnyDb) {
  const { rows: objects } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db);
  const tables: Record<string, unknown> = {};
  for (const { name } of objects.filter((o) => o.type === 'table')) {
    const columns = (await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
      select name, type, "notnull", dflt_value, pk from pragma_table_info(${name}) order by cid`.execute(db)).rows;
    const indexes = [];
    for (const index of (await sql<{ name: string; unique: number; origin: string; partial: number }>`
      select name, "unique", origin, partial from pragma_index_list(${name}) order by name`.execute(db)).rows) {
      const { rows } = await sql<{ name: string | null }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      indexes.push({ ...index, columns: rows.map((r) => r.name) });
    }
    const references = (await sql<Record<string, unknown>>`
      select "table", "from", "to", on_update, on_delete, "match" from pragma_foreign_key_list(${name}) order by "table", "from"`.execute(db)).rows;
    tables[name] = { columns, indexes, references };
  }
  // The search table's settings (secure-delete, automerge, crisismerge) are kept in a table of its own.
  const searchSettings = objects.some((o) => o.name === 'discovery_calls_search_config')
    ? (await sql`select k, v from discovery_calls_search_config order by k`.execute(db)).rows
    : null;
  return { objects: objects.map((o) => ({ ...o, sql: squash(o.sql) })), tables, searchSettings };
}

/** PostgreSQL's schema, in `schema`: its tables' columns, indexes and constraints (checks, keys, references). */
async function postgresSchema(db: AnyDb, schema: string) {
  // Each database is in a schema of its own: its name is taken out wherever PostgreSQL writes it.
  const unnamed = (text: string) => text.replaceAll(`"${schema}".`, '').replaceAll(`${schema}.`, '');
  const tables = (await sql<{ table_name: string; table_type: string }>`
    select table_name, table_type from information_schema.tables where table_schema = ${schema} order by table_name`.execute(db)).rows;
  const columns = (await sql`
    select table_name, column_name, data_type, character_maximum_length, numeric_precision, is_nullable, column_default
    from information_schema.columns where table_schema = ${schema} order by table_name, ordinal_position`.execute(db)).rows;
  const indexes = (await sql<{ tablename: string; indexname: string; indexdef: string }>`
    select tablename, indexname, indexdef from pg_indexes where schemaname = ${schema} order by tablename, indexname`.execute(db)).rows
    .map((i) => ({ ...i, indexdef: unnamed(i.indexdef) }));
  const constraints = (await sql<{ table: string; name: string; type: string; definition: string }>`
    select c.relname as "table", con.conname as name, con.contype as type, pg_get_constraintdef(con.oid) as definition
    from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} order by c.relname, con.conname`.execute(db)).rows
    .map((c) => ({ ...c, definition: unnamed(c.definition) }));
  return { tables, columns, indexes, constraints };
}

const schemaOf = (db: AnyDb, dialect: Dialect, schema: string | undefined) =>
  dialect === 'sqlite' ? sqliteSchema(db) : postgresSchema(db, schema!);

describe.each(TEST_DIALECTS)('the migrations on %s', (dialect) => {
  let fresh: TestStore;
  let steps: Empty;
  beforeAll(async () => {
    // The fresh one first: on PostgreSQL it puts pg_trgm in `public`, where the other's migration finds it.
    fresh = await createTestStore(dialect);
    steps = await emptyDatabase(dialect);
  });
  afterAll(async () => {
    await fresh?.cleanup();
    await steps?.cleanup();
  });

  it('give a database made at once the schema of one made a migration at a time, with rows stored between', async () => {
    const { db } = steps.opened;
    const stepper = migrator(db, steps.schema);
    const names = (await stepper.getMigrations()).map((m) => m.name);
    expect(Object.keys(ROWS_AFTER)).toEqual(names);
    for (const name of names) {
      const { error, results } = await stepper.migrateUp();
      expect(error, name).toBeUndefined();
      expect(results?.map((r) => [r.migrationName, r.status])).toEqual([[name, 'Success']]);
      await ROWS_AFTER[name]!(db);
    }
    expect((await stepper.migrateUp()).results).toEqual([]);

    const made = await schemaOf(fresh.db, dialect, fresh.schema);
    const stepped = await schemaOf(db, dialect, steps.schema);
    // Not two empty readings: the last migrations' tables and columns are there.
    expect(JSON.stringify(made)).toContain('site_secrets');
    expect(JSON.stringify(made)).toContain('spam_reason');
    expect(JSON.stringify(made)).toContain('phone_e164');
    expect(JSON.stringify(made)).toContain('meeting_id');
    expect(JSON.stringify(made)).toContain('assistant_tool_calls');
    expect(stepped).toEqual(made);
    // The tables copied to change their checks kept their rows, and the attempts still find their entry.
    const kept = await sql<{ id: string; attempt: string | null }>`
      select outbox.id, delivery_attempts.id as attempt from outbox left join delivery_attempts on delivery_attempts.outbox_id = outbox.id order by outbox.id`.execute(db);
    expect(kept.rows).toEqual([
      { id: 'outbox-1', attempt: 'attempt-1' },
      { id: 'outbox-2', attempt: null },
      { id: 'outbox-3', attempt: null },
      { id: 'outbox-4', attempt: 'attempt-2' },
    ]);
  });

  it('are one file each, named as the migration Kysely records, in order', async () => {
    const files = fs.readdirSync(FOLDER).filter((f) => MIGRATION_FILE.test(f)).sort();
    const known = await migrator(fresh.db, fresh.schema).getMigrations();
    expect(known.map((m) => `${m.name.slice('YYYY-MM-DD-'.length)}.ts`)).toEqual(files);
    for (const [i, file] of files.entries()) {
      const module = (await import(/* @vite-ignore */ path.join(FOLDER, file))) as { up: unknown };
      expect(known[i]!.migration.up, file).toBe(module.up);
    }
  });
});

describe('the migrations’ files', () => {
  const files = fs.readdirSync(FOLDER).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const isMigration = (file: string) => MIGRATION_FILE.test(file);
  const isHelper = (file: string) => !isMigration(file) && file !== 'index.ts';
  const importsOf = (file: string) =>
    ts.preProcessFile(fs.readFileSync(path.join(FOLDER, file), 'utf8'), true, true).importedFiles.map((i) => i.fileName);

  it('import nothing but kysely and this folder’s helpers, so no migration changes with the site’s code', () => {
    const wrong: string[] = [];
    for (const file of files) {
      // Helpers: kysely alone. Migrations: kysely and helpers. index.ts: kysely (with its migrator,
      // `kysely/migration`), migrations and helpers.
      const allowed = (spec: string) =>
        spec === 'kysely' ||
        (file === 'index.ts' && spec === 'kysely/migration') ||
        (!isHelper(file) &&
          spec.startsWith('./') &&
          files.includes(spec.slice(2)) &&
          (isHelper(spec.slice(2)) || (file === 'index.ts' && isMigration(spec.slice(2)))));
      for (const spec of importsOf(file)) if (!allowed(spec)) wrong.push(`${file} imports ${spec}`);
    }
    expect(wrong).toEqual([]);
    expect(files.filter(isMigration).length).toBeGreaterThan(0);
  });
});
