// A new lead's statements, written out rather than built by Kysely's query builder, which for each
// booking built and compiled the same text again (docs/decisions/021-booking-api-speed.md): the SQLite
// INSERTs of several rows of one shape, PostgreSQL's one statement for a lead with its rows, each text
// made once per shape.
import { CompiledQuery } from 'kysely';
import { prepared } from '../store/prepared-statements.ts';

/** Columns of the rows written with a lead that hold a time: PostgreSQL takes their values as timestamps. */
const TIME_COLUMNS = new Set(['created_at', 'next_attempt_at', 'retry_until', 'locked_until', 'delivered_at']);

/** A statement's text and its parameters, in the form Kysely runs. */
export type Statement = { sql: string; parameters: unknown[] };
export type Row = Record<string, unknown>;

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
export const OUTBOX_CONFLICT = 'on conflict ("dedupe_key") do nothing';

/** SQLite: a lead's INSERT returns its id, unless its idempotency key was used. */
export const LEAD_INSERTED = `${LEAD_CONFLICT} returning "id"`;

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
export function sqliteInserts(table: LeadTable, rows: readonly Row[], suffix = ''): Statement[] {
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
export function postgresLeadInsert(row: Row, events: readonly Row[], outbox: readonly Row[]): Statement {
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

export const compiled = ({ sql, parameters }: Statement) => CompiledQuery.raw(sql, parameters);
