// The inbox's reads of the leads: a page of the list, and every lead of a filter for the export. Both
// walk the leads newest first by the keyset (created_at, id): a page starts after the last lead of the
// one before, so it costs the same on the thousandth page as on the first, and a lead written
// meanwhile never shifts a page's leads onto the next (docs/decisions/010-inbox-queries.md).
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { CALL_BACK_HOURS } from '../../shared/promises.ts';
import type { LeadDetail, LeadFilters, LeadListQuery, LeadPage, LeadSummary, TimelineEntry } from '../../shared/inbox.ts';
import { ATTRIBUTION_KEYS, type AttributionKey } from '../../shared/attribution.ts';
import type { LeadSource, LeadStatus, Service } from '../../shared/booking.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import { isSpamReason } from '../../shared/spam.ts';
import { iso, type Database, type Dialect } from '../store/database.ts';
import { searchTerms } from './lead-search.ts';
import { attributionColumns } from './lead-store.ts';
import type { LeadEvent } from './lead-timeline.ts';
import { dayEnd, dayStart } from './days.ts';

/** A cursor that is not one this module wrote: the route answers 400. */
export class BadCursorError extends Error {
  constructor() {
    super('bad cursor');
    this.name = 'BadCursorError';
  }
}

/** Where a page ended: the last lead's created_at, exactly as the database holds it, and its id. */
interface Position {
  at: string;
  id: string;
}

// ISO-8601 in UTC with up to microseconds (PostgreSQL's precision); ids as the store writes them.
const POSITION_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const POSITION_ID = /^[0-9A-Za-z-]{1,36}$/;

/** The cursor: the position as JSON, in base64url. Opaque to the page, which only hands it back. */
export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

/**
 * The position a cursor holds; BadCursorError for anything encodeCursor could not have written (a
 * truncated or edited cursor, another encoding of the same bytes, a time that is not one).
 */
export function decodeCursor(cursor: string): Position {
  if (!/^[\w-]+$/.test(cursor)) throw new BadCursorError();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadCursorError();
  }
  if (!Array.isArray(value) || value.length !== 2) throw new BadCursorError();
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string') throw new BadCursorError();
  if (!POSITION_AT.test(at) || Number.isNaN(Date.parse(at)) || !POSITION_ID.test(id)) throw new BadCursorError();
  const position = { at, id };
  if (encodeCursor(position) !== cursor) throw new BadCursorError();
  return position;
}

const SUMMARY_COLUMNS = [
  'id',
  'first_name',
  'business_name',
  'email',
  'phone',
  'service',
  'product',
  'status',
  'locale',
  'created_at',
  'seen_at',
  'spam_reason',
  'source',
] as const;
const DETAIL_COLUMNS = [
  ...SUMMARY_COLUMNS,
  'phone_e164',
  'custom_service',
  'updated_at',
  'privacy_notice_version',
  'privacy_notice_locale',
  'callback_consent_at',
  'callback_consent_version',
  ...ATTRIBUTION_KEYS,
] as const;

type Query = SelectQueryBuilder<Database, 'discovery_calls', object>;

/** `%term%` for LIKE, with LIKE's own characters in the term taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * On SQLite, the trigram table finds the leads that match at once, but when many do, fetching and
 * sorting each costs more than walking the leads newest first and comparing each, as a page then
 * fills within the first few thousand. Measured in bench/inbox.ts (docs/decisions/010-inbox-queries.md).
 */
export const FEW_MATCHES = 1000;

/** The trigram's length: a shorter term has none to look up. */
const TRIGRAM = 3;

/** How the search narrows the leads, decided once per list or export; or that none match. */
type Search = { matches: 'none' } | { matches: 'some'; narrow?: (query: Query) => Query };

const where = (condition: RawBuilder<SqlBool>): Search => ({ matches: 'some', narrow: (query) => query.where(condition) });

async function planSearch(db: Kysely<Database>, dialect: Dialect, q: string | undefined): Promise<Search> {
  // One term, or two for a phone number written the national way (searchTerms): a lead matches either.
  const terms = q === undefined ? [] : searchTerms(q);
  if (terms.length === 0) return { matches: 'some' };
  const short = terms.some((term) => [...term].length < TRIGRAM);
  const any = (match: (term: string) => RawBuilder<SqlBool>) => sql<SqlBool>`(${sql.join(terms.map(match), sql` or `)})`;
  if (dialect === 'postgres') {
    // The planner weighs the trigram index against the walk newest first by itself. A term too short
    // for the index is compared lead by lead, where strpos is over twice as quick as LIKE.
    return where(any((term) => (short ? sql`strpos(search_text, ${term}) > 0` : sql`search_text like ${containing(term)} escape '\\'`)));
  }
  // The trigram table looks the terms up, each as one FTS5 phrase (its double quotes doubled), or, for a
  // term too short for that, reads its own narrow copy of the column: still three times quicker than the
  // leads' table. Up to one more than FEW_MATCHES tells which way to go.
  const matching = short
    ? any((term) => sql`search_text like ${containing(term)} escape '\\'`)
    : sql`discovery_calls_search match ${terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ')}`;
  const { rows } = await sql<{ lead_id: string }>`
    select lead_id from discovery_calls_search where ${matching} limit ${FEW_MATCHES + 1}`.execute(db);
  if (rows.length === 0) return { matches: 'none' };
  if (rows.length <= FEW_MATCHES) {
    const ids = rows.map((r) => r.lead_id);
    return { matches: 'some', narrow: (query) => query.where('id', 'in', ids) };
  }
  return where(any((term) => sql`instr(search_text, ${term}) > 0`));
}

/** The leads the filters let through, as `dialect` plans them best; `now` decides which are overdue. */
function filtered(query: Query, dialect: Dialect, filters: LeadFilters, search: Search, now: Date): Query {
  let q = query;
  if (filters.status) q = q.where('status', '=', filters.status);
  if (filters.service) q = q.where('service', '=', filters.service);
  if (filters.locale) q = q.where('locale', '=', filters.locale);
  if (filters.from) q = q.where('created_at', '>=', dayStart(filters.from).toISOString());
  if (filters.to) q = q.where('created_at', '<', dayEnd(filters.to).toISOString());
  if (filters.overdue) {
    const promisedBy = new Date(now.getTime() - CALL_BACK_HOURS * 3_600_000).toISOString();
    q = q.where('status', '=', 'pending').where('created_at', '<', promisedBy);
  }
  if (filters.unseen) q = q.where('seen_at', 'is', null);
  if (filters.source) q = q.where('utm_source', '=', filters.source);
  if (filters.campaign) q = q.where('utm_campaign', '=', filters.campaign);
  if (filters.via) q = q.where('source', '=', filters.via);
  // The leads, or in the Spam view the requests taken for spam: never both in one list. On SQLite the
  // leads' test is written so that no index can serve it: `spam_reason is null` holds for nearly every
  // lead, and its index (spam_reason, created_at) led SQLite to walk all of them newest first rather
  // than fetch the few a search had found (a rare term went from 1 ms to 70 ms at 100,000 leads, `npm
  // run bench`). PostgreSQL weighs `is null` by its statistics and plans well with it; it misjudges the
  // expression, and took 20 ms for a status and a service.
  if (filters.spam) q = q.where('spam_reason', 'is not', null);
  else q = dialect === 'postgres' ? q.where('spam_reason', 'is', null) : q.where(sql<SqlBool>`coalesce(spam_reason, '') = ''`);
  if (search.matches === 'some' && search.narrow) q = search.narrow(q);
  return q;
}

/** Newest first, and after the position when there is one. */
function fromPosition(query: Query, position: Position | undefined): Query {
  const after = position
    ? query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(position.at, position.id)))
    : query;
  return after.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/**
 * created_at as the cursor must carry it: PostgreSQL keeps microseconds, which a JavaScript Date
 * drops, so it is read as text there; SQLite holds the ISO string the store wrote.
 */
const positionAt = (dialect: Dialect): RawBuilder<string> =>
  dialect === 'postgres'
    ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`created_at`;

interface Row {
  id: string;
  first_name: string;
  business_name: string;
  email: string;
  phone: string;
  service: string;
  product: string;
  status: LeadStatus;
  locale: string;
  created_at: string | Date;
  seen_at: string | Date | null;
  spam_reason: string | null;
  source: LeadSource;
  position_at: string;
}

function toSummary(row: Omit<Row, 'position_at'>): LeadSummary {
  return {
    id: row.id,
    first_name: row.first_name,
    business_name: row.business_name,
    email: row.email,
    phone: row.phone,
    service: row.service as Service,
    product: row.product,
    status: row.status,
    locale: row.locale as Locale,
    created_at: iso(row.created_at),
    seen_at: row.seen_at === null ? null : iso(row.seen_at),
    spam_reason: isSpamReason(row.spam_reason) ? row.spam_reason : null,
    source: row.source,
  };
}

/** What a lead's page adds to its row in the list. */
interface DetailColumns extends Record<AttributionKey, string | null> {
  phone_e164: string | null;
  custom_service: string;
  updated_at: string | Date;
  privacy_notice_version: string | null;
  privacy_notice_locale: string | null;
  callback_consent_at: string | Date | null;
  callback_consent_version: string | null;
}

function toDetail(row: Omit<Row, 'position_at'> & DetailColumns): LeadDetail {
  return {
    ...toSummary(row),
    phone_e164: row.phone_e164,
    custom_service: row.custom_service,
    updated_at: iso(row.updated_at),
    privacy_notice_version: row.privacy_notice_version,
    privacy_notice_locale: isLocale(row.privacy_notice_locale) ? row.privacy_notice_locale : null,
    callback_consent_at: row.callback_consent_at === null ? null : iso(row.callback_consent_at),
    callback_consent_version: row.callback_consent_version,
    ...attributionColumns(row),
  };
}

/** A page of the list: newest first, after the cursor; BadCursorError for a cursor it did not write. */
export async function listLeads(db: Kysely<Database>, dialect: Dialect, query: LeadListQuery, now: Date): Promise<LeadPage> {
  const position = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const search = await planSearch(db, dialect, query.q);
  if (search.matches === 'none') return { leads: [], next: null };
  const base = db.selectFrom('discovery_calls') as Query;
  const rows = (await fromPosition(filtered(base, dialect, query, search, now), position)
    .select(SUMMARY_COLUMNS)
    .select(positionAt(dialect).as('position_at'))
    // One more than the page, to know whether another follows.
    .limit(query.limit + 1)
    .execute()) as Row[];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    leads: page.map(toSummary),
    next: rows.length > query.limit && last ? encodeCursor({ at: last.position_at, id: last.id }) : null,
  };
}

/** Leads read at once by eachFilteredLead: few enough to hold, many enough to keep round trips rare. */
export const EXPORT_BATCH = 1000;

/**
 * Every lead the filters let through, newest first, read a batch at a time by the same keyset as the
 * list, so memory stays flat however many there are (the CSV export streams them).
 */
export async function* eachFilteredLead(
  db: Kysely<Database>,
  dialect: Dialect,
  filters: LeadFilters,
  now: Date,
  batch: number = EXPORT_BATCH,
): AsyncIterable<LeadDetail> {
  const search = await planSearch(db, dialect, filters.q);
  if (search.matches === 'none') return;
  const base = db.selectFrom('discovery_calls') as Query;
  for (let position: Position | undefined; ; ) {
    const rows = (await fromPosition(filtered(base, dialect, filters, search, now), position)
      .select(DETAIL_COLUMNS)
      .select(positionAt(dialect).as('position_at'))
      .limit(batch)
      .execute()) as (Row & DetailColumns)[];
    for (const row of rows) yield toDetail(row);
    const last = rows.at(-1);
    if (rows.length < batch || !last) return;
    position = { at: last.position_at, id: last.id };
  }
}

/** Every field of one lead, for its page; undefined for an unknown id. */
export async function leadDetail(db: Kysely<Database>, id: string): Promise<LeadDetail | undefined> {
  const row = await db.selectFrom('discovery_calls').select(DETAIL_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toDetail(row);
}

/** Every field of each lead with this email (as the store keeps it: lower-cased), oldest first. */
export async function leadsWithEmail(db: Kysely<Database>, email: string): Promise<LeadDetail[]> {
  const rows = await db.selectFrom('discovery_calls').select(DETAIL_COLUMNS).where('email', '=', email).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => toDetail(row));
}

/** An entry of a lead's timeline, as the inbox shows it. */
export const timelineEntryOf = (e: LeadEvent): TimelineEntry => ({
  id: e.id,
  type: e.type,
  detail: e.detail,
  channel: e.channel,
  kind: e.kind,
  operator_email: e.operator_email,
  created_at: e.created_at,
});

