// Leads for the inbox's tests, written straight into the table so a test sets each one's time, status
// and seen mark; the search column is folded as the store folds it.
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DiscoveryCallsTable, Database } from '../store/database.ts';
import { leadSearchText } from '../leads/lead-search.ts';

export type TestLead = Omit<Insertable<DiscoveryCallsTable>, 'search_text' | 'created_at' | 'updated_at'> & {
  created_at: string;
};

let made = 0;

/** A lead with every field filled; `over` sets what the test is about. */
export function testLead(over: Partial<TestLead> = {}): TestLead {
  made += 1;
  return {
    id: randomUUID(),
    first_name: `Visitor ${made}`,
    email: `visitor${made}@example.com`,
    phone: `+44 20 7946 ${String(made % 10_000).padStart(4, '0')}`,
    business_name: `Business ${made}`,
    service: 'Support Automation',
    product: 'Customer Support Chat Assistant',
    custom_service: '',
    status: 'pending',
    locale: 'en',
    idempotency_key: null,
    created_at: '2026-11-24T10:00:00.000Z',
    seen_at: null,
    ...over,
  };
}

/** Writes the leads, many rows per statement; resolves to them as written. */
export async function insertLeads(db: Kysely<Database>, leads: TestLead[]): Promise<TestLead[]> {
  for (let i = 0; i < leads.length; i += 500) {
    const rows = leads.slice(i, i + 500).map((lead) => ({ ...lead, updated_at: lead.created_at, search_text: leadSearchText(lead) }));
    await db.insertInto('discovery_calls').values(rows).execute();
  }
  return leads;
}

/** Empties the leads table and what hangs off it, for a test that counts what it lists. */
export async function clearLeads(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('delivery_attempts').execute();
  await db.deleteFrom('outbox').execute();
  await db.deleteFrom('lead_events').execute();
  await db.deleteFrom('discovery_calls').execute();
}
