// PostgreSQL: the statements the server runs most often, prepared once on each connection.
//
// pg sends a statement with no name as Parse, Bind, Describe and Execute every time, so the database
// parses and plans it for every request: for a new lead's statement (a WITH of three INSERTs,
// leads/lead-statements.ts) that held the store's throughput down by about a fifth, measured apart from
// the server (docs/decisions/021-booking-api-speed.md). A statement given a name is parsed once per
// connection (pg remembers which names each connection has parsed) and from then on only bound and
// executed. Which statements: those whose text the store marks with `prepared()`, a few fixed texts
// (one per shape of a new lead's rows), never text built from values, so each connection holds a
// handful at most.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

const names = new Map<string, string>();

/** Marks a statement's text to be prepared on each PostgreSQL connection; returns the text. */
export function prepared(text: string): string {
  if (!names.has(text)) names.set(text, `kept_${names.size + 1}`);
  return text;
}

/**
 * The pool Kysely's PostgreSQL dialect takes: pg's own, whose clients send a marked statement by its
 * name and any other as before. One wrapper per client, since Kysely keeps its connections by client.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((textOrCursor: unknown, values?: unknown[]) => {
      const name = typeof textOrCursor === 'string' ? names.get(textOrCursor) : undefined;
      return name
        ? client.query({ name, text: textOrCursor as string, values: values as unknown[] })
        : client.query(textOrCursor as string, values);
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
    // What Kysely needs to cancel a running query: pg's client class and the pool's settings.
    // (pg-pool sets `Client` on every pool; @types/pg does not declare it.)
    Client: (pool as unknown as { Client: PostgresPool['Client'] }).Client,
    options: pool.options,
  };
}
