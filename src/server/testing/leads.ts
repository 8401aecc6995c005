// The one place tests get a lead from, in each of its shapes:
// - GEORGI, and visitor(n) for another each time: a booking as a visitor sends it (the API's payload,
//   the store's create()); spread over either for the field a test is about;
// - STORED_LEAD: Georgi's request as the store hands it out, for tests without a database;
// - testLead(over): a row for the leads table with every field filled, written by insertLeads (or
//   leadRow where a test writes it another way), so a test sets each one's time, status and seen mark;
//   the search column is folded as the store folds it.
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { productsOf, type DiscoveryCallInput } from '../../shared/booking.ts';
import type { DiscoveryCallsTable, Database } from '../store/database.ts';
import { leadSearchText } from '../leads/lead-search.ts';
import { attributionColumns, type Lead } from '../leads/lead-store.ts';
import { phoneE164 } from '../leads/phone.ts';

export const GEORGI: DiscoveryCallInput = {
  first_name: 'Georgi',
  email: 'georgi.ivanov@example.bg',
  phone: '+359 87 123 4567',
  business_name: 'Ivanov <Auto> & Sons',
  service: 'Call Automation Systems',
  product: 'Inbound Phone Caller (appointments & support)',
  custom_service: '',
  locale: 'bg',
};

/** Another visitor each time, so the confirmation's one-a-day rule does not hide a lead's entries. */
export const visitor = (n: number): DiscoveryCallInput => ({ ...GEORGI, email: `visitor${n}@example.bg` });

/** Georgi's request as the store hands it out, for the senders' tests. */
export const STORED_LEAD: Lead = {
  ...GEORGI,
  id: 'b3c0c6e4-5f1a-4e39-9d0e-2f1f5d3a9c11',
  status: 'pending',
  idempotency_key: null,
  spam_reason: null,
  source: 'form',
  phone_e164: '+359871234567',
  privacy_notice_version: '3f2a9c1b7d4e',
  privacy_notice_locale: 'bg',
  callback_consent_at: null,
  callback_consent_version: null,
  ...attributionColumns({ utm_source: 'google', utm_campaign: 'call-automation', referrer_host: 'www.google.com', landing_path: '/bg/' }),
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

export type TestLead = Omit<Insertable<DiscoveryCallsTable>, 'search_text' | 'created_at' | 'updated_at'> & {
  created_at: string;
};

let made = 0;

/** A lead with every field filled, the product one of its service's; `over` sets what the test is about. */
export function testLead(over: Partial<TestLead> = {}): TestLead {
  made += 1;
  const service = over.service ?? 'Support Automation';
  const lead: TestLead = {
    id: randomUUID(),
    first_name: `Visitor ${made}`,
    email: `visitor${made}@example.com`,
    phone: `+44 20 7946 ${String(made % 10_000).padStart(4, '0')}`,
    business_name: `Business ${made}`,
    service,
    product: productsOf(service)[0] ?? '',
    custom_service: '',
    status: 'pending',
    locale: 'en',
    idempotency_key: null,
    created_at: '2026-11-24T10:00:00.000Z',
    seen_at: null,
    ...over,
  };
  // Its phone in E.164 as the store writes it, unless the test sets it (null: a lead stored before).
  return { ...lead, phone_e164: over.phone_e164 === undefined ? phoneE164(lead.phone) : over.phone_e164 };
}

/** The lead as its row is stored: last changed when it came, and its search column folded. */
export const leadRow = (lead: TestLead) => ({
  ...lead,
  updated_at: lead.created_at,
  search_text: leadSearchText({ ...lead, phone_e164: lead.phone_e164 ?? null }),
});

/** Writes the leads, many rows per statement; resolves to them as written. */
export async function insertLeads(db: Kysely<Database>, leads: TestLead[]): Promise<TestLead[]> {
  for (let i = 0; i < leads.length; i += 500) {
    await db.insertInto('discovery_calls').values(leads.slice(i, i + 500).map(leadRow)).execute();
  }
  return leads;
}

/** Empties the leads table and what hangs off it, for a test that counts what it lists. */
export async function clearLeads(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('delivery_attempts').execute();
  await db.deleteFrom('outbox').execute();
  await db.deleteFrom('lead_events').execute();
  await db.deleteFrom('meetings').execute();
  await db.deleteFrom('discovery_calls').execute();
}
