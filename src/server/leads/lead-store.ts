// The lead store: what the API (and later the operator's pages) need from the database, nothing more.
import DataLoader from 'dataloader';
import { CompiledQuery, PostgresAdapter, sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { ATTRIBUTION_KEYS, type AttributionKey } from '../../shared/attribution.ts';
import { FIELDS, type DiscoveryCallInput, type LeadSource, type LeadStatus } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import type { SpamReason } from '../../shared/spam.ts';
import { newRowId, type Database, type DiscoveryCallsTable, type LeadEventsTable, type OutboxTable } from '../store/database.ts';
import { leadSearchText } from './lead-search.ts';
import { phoneE164 } from './phone.ts';
import { prepared } from '../store/prepared-statements.ts';

/**
 * A lead as the store hands it out: its row, with the times as ISO-8601 strings on either database.
 * What only the inbox reads (whether it was seen, what its search compares) is left to the inbox's
 * own queries (leads/lead-queries.ts), so the notifications send the booking as it was made.
 */
export type Lead = Omit<Selectable<DiscoveryCallsTable>, 'created_at' | 'updated_at' | 'seen_at' | 'search_text' | 'status_since' | 'meeting_link_closed_at'> & {
  created_at: string;
  updated_at: string;
};

/** An entry of a lead's timeline, its time as an ISO-8601 string. */
export type LeadEvent = Omit<Selectable<LeadEventsTable>, 'created_at'> & { created_at: string };

/** The operator who made a change, for the timeline. */
export interface Operator {
  id: string;
  email: string;
}

/** What the server adds to a booking from what it serves, rather than from the request. */
export interface ServedWith {
  /** The privacy notice the form linked to: the version of its text and its language (site/privacy-notice.ts). */
  privacyNotice?: { version: string; locale: Locale };
  /** Why the request was taken for spam (booking/): it is stored so flagged, and notifies no one. */
  spam?: SpamReason;
  /** Where the lead was made: the form (when unsaid), or a conversation with an assistant (assistants/). */
  source?: LeadSource;
}

export interface CreateResult {
  lead: Lead;
  /** false when a lead with the same idempotency key already existed and was returned instead. */
  created: boolean;
  /**
   * Whether the lead holds this input: always for a new lead; for an existing one, false when its key
   * was sent again with other details (the API refuses that with 422, as Stripe does).
   */
  sameInput: boolean;
}

/** What a request with a used key must repeat to be a replay: everything the visitor chose or typed. */
const REPLAYED_FIELDS = [...FIELDS, 'locale'] as const;

/** Compared after validation, so spaces and letter case the parser normalises make no difference. */
function holdsInput(lead: Lead, input: DiscoveryCallInput): boolean {
  return REPLAYED_FIELDS.every((field) => lead[field] === input[field]);
}

export interface LeadStore {
  create(input: DiscoveryCallInput, idempotencyKey?: string, servedWith?: ServedWith): Promise<CreateResult>;
  get(id: string): Promise<Lead | undefined>;
  findByIdempotencyKey(key: string): Promise<Lead | undefined>;
  list(options?: { status?: LeadStatus; limit?: number }): Promise<Lead[]>;
  /** Sets the status and adds it to the lead's timeline, with the operator who set it. */
  updateStatus(id: string, status: LeadStatus, by?: Operator): Promise<Lead | undefined>;
  /** The lead's timeline, oldest first. */
  events(leadId: string): Promise<LeadEvent[]>;
  /**
   * Makes a request taken for spam a lead, on its timeline with the operator, and notifies as for a new
   * lead (LeadStoreOptions); undefined for an unknown id, `false` for a lead that is not spam.
   */
  restore(id: string, by?: Operator): Promise<Lead | false | undefined>;
  /** Resolves when the database answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The lead's attribution columns, and only those: each key's value, or null where the visit carried none. */
export const attributionColumns = (attribution: Partial<Record<AttributionKey, string | null>>): Record<AttributionKey, string | null> =>
  Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, attribution[key] ?? null])) as Record<AttributionKey, string | null>;

/** Either database's timestamp as an ISO-8601 string. */
export const iso = (value: string | Date): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

export interface LeadStoreOptions {
  /**
   * The outbox rows a new lead gets (notifications/outbox.ts), never a replayed one, nor spam until an
   * operator restores it: written with the lead or not at all, each unless one with its dedupe key
   * exists (a visitor's confirmation, once a day).
   */
  outboxFor?: (lead: Lead) => Insertable<OutboxTable>[];
  /** Called once a new lead is committed, e.g. to send its notifications at once. */
  afterCreate?: (lead: Lead) => void;
}

/** Adds an entry to a lead's timeline, inside the caller's transaction where it has one. */
export async function addLeadEvent(
  db: Kysely<Database>,
  event: Pick<LeadEvent, 'lead_id' | 'type' | 'detail' | 'created_at'> & { by?: Operator | undefined },
): Promise<void> {
  await db
    .insertInto('lead_events')
    .values({
      id: newRowId(),
      lead_id: event.lead_id,
      type: event.type,
      detail: event.detail,
      operator_id: event.by?.id ?? null,
      operator_email: event.by?.email ?? null,
      created_at: event.created_at,
    })
    .execute();
}

function toLead({ seen_at: _seen, search_text: _search, status_since: _since, meeting_link_closed_at: _closed, ...row }: Selectable<DiscoveryCallsTable>): Lead {
  return {
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Columns of the rows written with a lead that hold a time: PostgreSQL takes their values as timestamps. */
const TIME_COLUMNS = new Set(['created_at', 'next_attempt_at', 'retry_until', 'locked_until', 'delivered_at']);

/** A statement's text and its parameters, in the form Kysely runs. */
type Statement = { sql: string; parameters: unknown[] };
type Row = Record<string, unknown>;

/**
 * A new lead's statements are written out here rather than built by Kysely's query builder, which for
 * each booking built and compiled the same text again (a fifth of a booking's CPU time on PostgreSQL;
 * docs/decisions/021-booking-api-speed.md). The text depends only on the rows' columns and how many
 * rows there are (their shape), so it is made once per shape; only the parameters are new each time.
 * A column whose value is undefined is left out, as Kysely leaves it out, for its default.
 */
const shapes = new Map<string, string>();
function shaped(key: string, make: () => string): string {
  let text = shapes.get(key);
  if (text === undefined) shapes.set(key, (text = make()));
  return text;
}
const columnsOf = (row: Row) => Object.keys(row).filter((c) => row[c] !== undefined);
const quoted = (name: string) => `"${name}"`;
const LEAD_CONFLICT = 'on conflict ("idempotency_key") do nothing';
const OUTBOX_CONFLICT = 'on conflict ("dedupe_key") do nothing';

/** SQLite: a lead's INSERT returns its id, unless its idempotency key was used. */
const LEAD_INSERTED = `${LEAD_CONFLICT} returning "id"`;

/** The tables a new lead writes to. */
type LeadTable = 'discovery_calls' | 'lead_events' | 'outbox';

/** SQLite: an INSERT of several rows of one shape, into `table`, with `suffix` after the values. */
function sqliteRowsInsert(table: LeadTable, rows: readonly Row[], suffix = ''): Statement {
  const columns = columnsOf(rows[0]!);
  const sql = shaped(`sqlite ${table} ${rows.length} ${columns.join()} ${suffix}`, () => {
    const values = `(${columns.map(() => '?').join(', ')})`;
    return `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${rows.map(() => values).join(', ')}${suffix && ` ${suffix}`}`;
  });
  return { sql, parameters: rows.flatMap((row) => columns.map((c) => row[c])) };
}

/** The most rows one SQLite INSERT writes; a power of two (sqliteInserts). */
const ROWS_PER_INSERT = 64;

/**
 * SQLite: `rows` as the multi-row INSERTs that write them: rows of one shape together, in chunks of a
 * power of two (64, 32, … 1), so that a table has a few statement texts rather than one per count.
 */
function sqliteInserts(table: LeadTable, rows: readonly Row[], suffix = ''): Statement[] {
  const byShape = new Map<string, Row[]>();
  for (const row of rows) {
    const shape = columnsOf(row).join();
    const same = byShape.get(shape);
    if (same) same.push(row);
    else byShape.set(shape, [row]);
  }
  const statements: Statement[] = [];
  for (const shape of byShape.values()) {
    for (let at = 0, size = ROWS_PER_INSERT; at < shape.length; size >>= 1) {
      for (; shape.length - at >= size; at += size) statements.push(sqliteRowsInsert(table, shape.slice(at, at + size), suffix));
    }
  }
  return statements;
}

/**
 * PostgreSQL: one statement for the lead (INSERT … ON CONFLICT DO NOTHING RETURNING, in a WITH) and, as
 * INSERT … SELECT … FROM it, its stored timeline entries and outbox rows where it has any: one row each,
 * the lead's id as their lead_id, and none at all when the lead was not written (a used idempotency
 * key). Values selected this way have no column to take their type from, hence the casts of the times.
 * Returns the lead's id. The text is prepared on each connection (prepared-statements.ts): parsed and
 * planned once, not per lead.
 */
function postgresLeadInsert(row: Row, events: readonly Row[], outbox: readonly Row[]): Statement {
  const leadColumns = columnsOf(row);
  const withoutLeadId = (rows: readonly Row[]) => (rows.length ? columnsOf(rows[0]!).filter((c) => c !== 'lead_id') : []);
  const eventColumns = withoutLeadId(events);
  const outboxColumns = withoutLeadId(outbox);
  const key = `postgres ${leadColumns.join()} ${events.length} ${eventColumns.join()} ${outbox.length} ${outboxColumns.join()}`;
  const sql = shaped(key, () => {
    let n = 0;
    const next = (column: string) => `$${++n}${TIME_COLUMNS.has(column) ? '::timestamptz' : ''}`;
    const withLead = (table: string, columns: string[], count: number, suffix = '') => {
      const select = () => `select ${columns.map(next).join(', ')}, lead.id from lead`;
      return `(insert into ${quoted(table)} (${columns.map(quoted).join(', ')}, "lead_id") ${Array.from({ length: count }, select).join(' union all ')} ${suffix})`;
    };
    const lead = `(insert into "discovery_calls" (${leadColumns.map(quoted).join(', ')}) values (${leadColumns.map(() => `$${++n}`).join(', ')}) ${LEAD_CONFLICT} returning "id")`;
    const parts = [`"lead" as ${lead}`];
    if (events.length) parts.push(`"events" as ${withLead('lead_events', eventColumns, events.length)}`);
    if (outbox.length) parts.push(`"notifications" as ${withLead('outbox', outboxColumns, outbox.length, OUTBOX_CONFLICT)}`);
    return prepared(`with ${parts.join(', ')} select "id" from "lead"`);
  });
  return {
    sql,
    parameters: [
      ...leadColumns.map((c) => row[c]),
      ...events.flatMap((e) => eventColumns.map((c) => e[c])),
      ...outbox.flatMap((o) => outboxColumns.map((c) => o[c])),
    ],
  };
}

const compiled = ({ sql, parameters }: Statement) => CompiledQuery.raw(sql, parameters);

/** How long after a lead's arrival its spam flag is stamped, so that its timeline reads in that order. */
const SPAM_FLAG_AFTER_MS = 1;
const msAfter = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * A lead's first timeline entry, its arrival: not stored, since the lead's created_at already says it
 * (one source for the fact, and one row fewer for every booking to write;
 * docs/decisions/023-arrival-derived.md). Its id is the lead's own, no stored entry's.
 */
const arrivalOf = (leadId: string, createdAt: string): LeadEvent => ({
  id: leadId,
  lead_id: leadId,
  type: 'created',
  detail: '',
  operator_id: null,
  operator_email: null,
  created_at: createdAt,
});

/** What a new lead writes on SQLite: its row, and its timeline entries and outbox rows, if any. */
interface SqliteLead {
  row: Row & { id: string };
  events: readonly Row[];
  outbox: readonly Row[];
}
type Written = { id: string } | undefined;

/**
 * SQLite: leads' rows, in the caller's transaction: each lead's id, or undefined where its idempotency key
 * was used. The leads go in as few statements as sqliteInserts makes: the search table's trigger flushes
 * its index at the end of each statement that writes to it (a new segment each time), so a lead per
 * statement would cost it about as much as a lead per transaction (decision 026).
 */
async function writeSqliteLeads(db: Kysely<Database>, leads: readonly SqliteLead[]): Promise<Written[]> {
  const inserted = new Set<string>();
  for (const statement of sqliteInserts('discovery_calls', leads.map((lead) => lead.row), LEAD_INSERTED)) {
    const { rows } = await db.executeQuery<{ id: string }>(compiled(statement));
    for (const { id } of rows) inserted.add(id);
  }
  const written = leads.filter((lead) => inserted.has(lead.row.id));
  const statements = [
    ...sqliteInserts('lead_events', written.flatMap((lead) => lead.events.map((e) => ({ ...e, lead_id: lead.row.id })))),
    ...sqliteInserts('outbox', written.flatMap((lead) => lead.outbox), OUTBOX_CONFLICT),
  ];
  for (const statement of statements) await db.executeQuery(compiled(statement));
  return leads.map((lead) => (inserted.has(lead.row.id) ? { id: lead.row.id } : undefined));
}

/** SQLite: one lead on its own. A lead alone (most are: no spam flag, no channel) is one statement. */
const writeSqliteLeadAlone = async (db: Kysely<Database>, lead: SqliteLead): Promise<Written> =>
  (lead.events.length || lead.outbox.length
    ? await db.transaction().execute((trx) => writeSqliteLeads(trx, [lead]))
    : await writeSqliteLeads(db, [lead]))[0];

/**
 * SQLite: a few pages of the search table's merge work (FTS5's 'merge'), after every write of leads. FTS5
 * adds a segment to its index at every statement that writes to it and, left to itself, merges them
 * when a level fills: at 100,000 leads that held one write in 60 for 10–40 ms. With its own merging off
 * (migration 011), these steps keep the segments few (under 30 at 135,000 leads, in batches of 45)
 * at an even cost per write.
 */
const SEARCH_MERGE_PAGES = 16;
const SEARCH_MERGE = CompiledQuery.raw(`insert into "discovery_calls_search" ("discovery_calls_search", "rank") values ('merge', ${SEARCH_MERGE_PAGES})`);

/**
 * The most leads one SQLite transaction writes: more than one turn of the event loop reads at 50
 * connections (30–50); it bounds how long a batch holds the one connection (about 10 ms at this many).
 */
export const LEADS_PER_COMMIT = 100;

/**
 * SQLite's group commit (docs/decisions/026-group-commit.md): the leads that come in during one turn
 * of the event loop are written in one transaction, after the turn's requests have been read
 * (setImmediate), so they share its commit and the pages of the indexes and the search table it
 * writes; each request is answered once that commit is done, as before. Should any of them fail, none is
 * kept (the transaction is rolled back) and each is written again on its own, so one lead's error is
 * its own answer and nobody else's.
 */
function sqliteGroupCommit(db: Kysely<Database>): DataLoader<SqliteLead, Written> {
  const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
  const write = async (leads: readonly SqliteLead[]): Promise<(Written | Error)[]> => {
    if (leads.length === 1) return [await writeSqliteLeadAlone(db, leads[0]!)];
    try {
      return await db.transaction().execute((trx) => writeSqliteLeads(trx, leads));
    } catch {
      return Promise.all(leads.map((lead) => writeSqliteLeadAlone(db, lead).catch(asError)));
    }
  };
  return new DataLoader<SqliteLead, Written>(
    async (leads) => {
      const written = await write(leads);
      // Not waited for: the requests are answered, and the next write queues behind it. It keeps
      // nothing of a lead's, so its failure (a full disk, which the writes report) loses nothing.
      db.executeQuery(SEARCH_MERGE).catch(() => {});
      return written;
    },
    { cache: false, maxBatchSize: LEADS_PER_COMMIT, batchScheduleFn: (commit) => setImmediate(commit) },
  );
}

/** A lead by its id, as stored; undefined when there is none. A read needs no store: the deliverer makes it too. */
export async function leadById(db: Kysely<Database>, id: string): Promise<Lead | undefined> {
  const row = await db.selectFrom('discovery_calls').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toLead(row) : undefined;
}

/** A lead's timeline, oldest first: its arrival (its own created_at), then what was stored after it. */
export async function leadEvents(db: Kysely<Database>, leadId: string): Promise<LeadEvent[]> {
  const [lead, rows] = await Promise.all([
    db.selectFrom('discovery_calls').select('created_at').where('id', '=', leadId).executeTakeFirst(),
    db
      .selectFrom('lead_events')
      .selectAll()
      // Stored by a server from before the arrival was derived (migration 010 removes them).
      .where('type', '!=', 'created')
      .where('lead_id', '=', leadId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  if (!lead) return [];
  return [arrivalOf(leadId, iso(lead.created_at)), ...rows.map((r) => ({ ...r, created_at: iso(r.created_at) }))];
}

export function createLeadStore(db: Kysely<Database>, options: LeadStoreOptions = {}): LeadStore {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const sqliteLeads = postgres ? undefined : sqliteGroupCommit(db);
  const findByIdempotencyKey = async (key: string) => {
    const row = await db
      .selectFrom('discovery_calls')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row ? toLead(row) : undefined;
  };

  return {
    async create(input, idempotencyKey, servedWith = {}) {
      const now = new Date().toISOString();
      // One write: the lead, its spam flag and its notifications are all written or none
      // is. A repeated key inserts nothing (ON CONFLICT DO NOTHING), and the existing lead is read back
      // instead: with two requests of one key at once, PostgreSQL makes the second insert wait for the
      // first's commit (SQLite runs them one after the other), so exactly one is created and the other
      // reads it, whichever input each carried.
      const { attribution = {}, ...fields } = input;
      const phone_e164 = phoneE164(input.phone);
      const row = {
        id: newRowId(),
        ...fields,
        phone_e164,
        ...attributionColumns(attribution),
        search_text: leadSearchText({ ...input, phone_e164 }),
        status: 'pending' as const,
        idempotency_key: idempotencyKey ?? null,
        privacy_notice_version: servedWith.privacyNotice?.version ?? null,
        privacy_notice_locale: servedWith.privacyNotice?.locale ?? null,
        spam_reason: servedWith.spam ?? null,
        source: servedWith.source ?? 'form',
        created_at: now,
        updated_at: now,
        status_since: now,
      };
      // The timeline's first entry, the arrival, is the lead's own created_at (arrivalOf): only what
      // follows it is stored. Spam waits in the inbox's Spam view, unannounced, until an operator
      // restores it; its flag a millisecond after its arrival, so the timeline reads in that order.
      const events: Omit<Insertable<LeadEventsTable>, 'lead_id'>[] = row.spam_reason
        ? [{ id: newRowId(), type: 'spam', detail: row.spam_reason, operator_id: null, operator_email: null, created_at: msAfter(now, SPAM_FLAG_AFTER_MS) }]
        : [];
      // The lead as written: the database adds nothing to what is sent, so only its id comes back.
      const lead = toLead({ ...row, seen_at: null, meeting_link_closed_at: null });
      const outbox = lead.spam_reason ? [] : (options.outboxFor?.(lead) ?? []);
      // PostgreSQL: one statement, one round trip, atomic as a statement is (and the lead's rows written
      // only with it). SQLite: with the leads that came in beside it, in one transaction (sqliteLeads).
      const written = postgres
        ? (await db.executeQuery(compiled(postgresLeadInsert(row, events, outbox)))).rows[0]
        : await sqliteLeads!.load({ row, events, outbox });
      if (written) {
        if (!lead.spam_reason) options.afterCreate?.(lead);
        return { lead, created: true, sameInput: true };
      }
      const existing = idempotencyKey ? await findByIdempotencyKey(idempotencyKey) : undefined;
      if (!existing) throw new Error('Insert returned no row');
      return { lead: existing, created: false, sameInput: holdsInput(existing, input) };
    },

    get: (id) => leadById(db, id),

    findByIdempotencyKey,

    async list({ status, limit = 100 } = {}) {
      let query = db.selectFrom('discovery_calls').selectAll();
      if (status) query = query.where('status', '=', status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(toLead);
    },

    async updateStatus(id, status, by) {
      const now = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('discovery_calls')
          .set({ status, updated_at: now, status_since: now })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await addLeadEvent(trx, { lead_id: id, type: 'status', detail: status, created_at: now, by });
        return toLead(row);
      });
    },

    async restore(id, by) {
      const now = new Date().toISOString();
      const restored = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('discovery_calls')
          .set({ spam_reason: null, updated_at: now })
          .where('id', '=', id)
          .where('spam_reason', 'is not', null)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        const lead = toLead(row);
        // After its spam flag on the timeline, which orders by time, even when restored within the
        // millisecond it arrived.
        const at = new Date(Math.max(Date.parse(now), Date.parse(msAfter(lead.created_at, SPAM_FLAG_AFTER_MS + 1)))).toISOString();
        await addLeadEvent(trx, { lead_id: id, type: 'restored', detail: '', created_at: at, by });
        const outbox = options.outboxFor?.(lead) ?? [];
        if (outbox.length) {
          await trx.insertInto('outbox').values(outbox).onConflict((oc) => oc.column('dedupe_key').doNothing()).execute();
        }
        return lead;
      });
      if (restored) {
        options.afterCreate?.(restored);
        return restored;
      }
      const exists = await db.selectFrom('discovery_calls').select('id').where('id', '=', id).executeTakeFirst();
      return exists ? false : undefined;
    },

    events: (leadId) => leadEvents(db, leadId),

    async ping() {
      await sql`select 1`.execute(db);
    },

    async close() {
      await db.destroy();
    },
  };
}
