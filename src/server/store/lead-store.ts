// The lead store: what the API (and later the operator's pages) need from the database, nothing more.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DiscoveryCallInput, LeadStatus } from '../../shared/booking.ts';
import type { Database, DiscoveryCallsTable } from './database.ts';

/** A lead as the store hands it out: its row, with the times as ISO-8601 strings on either database. */
export type Lead = Omit<Selectable<DiscoveryCallsTable>, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};

export interface CreateResult {
  lead: Lead;
  /** false when a lead with the same idempotency key already existed and was returned instead. */
  created: boolean;
}

export interface LeadStore {
  create(input: DiscoveryCallInput, idempotencyKey?: string): Promise<CreateResult>;
  findByIdempotencyKey(key: string): Promise<Lead | undefined>;
  list(options?: { status?: LeadStatus; limit?: number }): Promise<Lead[]>;
  updateStatus(id: string, status: LeadStatus): Promise<Lead | undefined>;
  /** Resolves when the database answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const iso = (value: string | Date): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

function toLead(row: Selectable<DiscoveryCallsTable>): Lead {
  return {
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function createLeadStore(db: Kysely<Database>): LeadStore {
  const findByIdempotencyKey = async (key: string) => {
    const row = await db
      .selectFrom('discovery_calls')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row ? toLead(row) : undefined;
  };

  return {
    async create(input, idempotencyKey) {
      const now = new Date().toISOString();
      // One statement: either the whole row is written or nothing is. A repeated key inserts nothing
      // (ON CONFLICT DO NOTHING), and the existing lead is read back instead.
      const row = await db
        .insertInto('discovery_calls')
        .values({
          id: randomUUID(),
          ...input,
          status: 'pending',
          idempotency_key: idempotencyKey ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row) return { lead: toLead(row), created: true };
      const existing = idempotencyKey ? await findByIdempotencyKey(idempotencyKey) : undefined;
      if (!existing) throw new Error('Insert returned no row');
      return { lead: existing, created: false };
    },

    findByIdempotencyKey,

    async list({ status, limit = 100 } = {}) {
      let query = db.selectFrom('discovery_calls').selectAll();
      if (status) query = query.where('status', '=', status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(toLead);
    },

    async updateStatus(id, status) {
      const row = await db
        .updateTable('discovery_calls')
        .set({ status, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toLead(row) : undefined;
    },

    async ping() {
      await sql`select 1`.execute(db);
    },

    async close() {
      await db.destroy();
    },
  };
}
