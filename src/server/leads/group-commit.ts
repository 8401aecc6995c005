// SQLite's group commit (docs/decisions/026-group-commit.md): the leads that come in during one turn of
// the event loop written in one transaction, each answered once it commits.
import DataLoader from 'dataloader';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../store/database.ts';
import { compiled, LEAD_INSERTED, OUTBOX_CONFLICT, sqliteInserts, type Row } from './lead-statements.ts';

/** What a new lead writes on SQLite: its row, and its timeline entries and outbox rows, if any. */
export interface SqliteLead {
  row: Row & { id: string };
  events: readonly Row[];
  outbox: readonly Row[];
}
export type Written = { id: string } | undefined;

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
export function sqliteGroupCommit(db: Kysely<Database>): DataLoader<SqliteLead, Written> {
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
