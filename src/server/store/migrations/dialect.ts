// Helpers the migrations share. FROZEN, like the migrations themselves: a migration that has run must
// build the same schema when it runs again on a new database, so nothing here may ever change what it
// does (its SQL, the names it makes, the dialect it takes a database for). A helper that needs to work
// differently is a new helper, used by the new migration that needs it. Imports nothing but kysely, and
// holds no value of today's code (statuses, channels, lengths): each migration writes its own.
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/** `column in ('a', 'b', …)`, for a check constraint holding a column to a list of values. */
export const oneOf = (column: string, values: readonly string[]): RawBuilder<unknown> =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/** An index named after its table and columns (`<table>_<column>_<column>…`), as every index here is. */
export const indexOn = (db: Kysely<unknown>, table: string, columns: string[]): Promise<void> =>
  db.schema.createIndex(`${table}_${columns.join('_')}`).on(table).columns(columns).execute();

/** Whether the database is PostgreSQL; the other one is SQLite. */
export const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
