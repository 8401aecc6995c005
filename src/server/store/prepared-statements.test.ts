import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { outboxRows } from '../notifications/outbox.ts';
import { GEORGI } from '../testing/leads.ts';
import { TEST_DATABASE_URL, useTestStore } from '../testing/store.ts';

// A test that runs one query at a time gets the same connection back from the pool each time (pg-pool
// hands out the client released last), so pg_prepared_statements shows that connection's statements.
describe.skipIf(!TEST_DATABASE_URL)('statements prepared on each PostgreSQL connection', () => {
  const t = useTestStore('postgres', () => ({
    outboxFor: (lead) => outboxRows([{ leadId: lead.id, channel: 'email', kind: 'lead.created', dedupeKey: `lead.created:${lead.id}:email` }], new Date()),
  }));

  const preparedOnConnection = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(t.db)).rows.map((r) => r.statement);

  it('a new lead is written by one statement prepared once, and every lead written by it is whole', async () => {
    for (let i = 0; i < 3; i++) await t.store.create({ ...GEORGI, email: `ana${i}@example.com` });
    const statements = await preparedOnConnection();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^with "lead" as \(insert into "discovery_calls"/);

    const counts = await sql<{ leads: number; events: number; outbox: number }>`
      select (select count(*)::int from discovery_calls) as leads,
             (select count(*)::int from lead_events) as events,
             (select count(*)::int from outbox) as outbox`.execute(t.db);
    expect(counts.rows[0]).toEqual({ leads: 3, events: 0, outbox: 3 });
  });

  it('a replayed idempotency key goes through the prepared statement and returns the first lead', async () => {
    const first = await t.store.create({ ...GEORGI, email: 'key@example.com' }, 'prepared-key-1');
    const again = await t.store.create({ ...GEORGI, email: 'key@example.com' }, 'prepared-key-1');
    expect(again).toMatchObject({ created: false, sameInput: true });
    expect(again.lead.id).toBe(first.lead.id);
  });

  it('a lead taken for spam is written with its flag by one statement, and nothing to send', async () => {
    const { lead } = await t.store.create({ ...GEORGI, email: 'spam@example.com' }, undefined, { spam: 'honeypot' });
    expect(await t.db.selectFrom('lead_events').select(['type', 'detail']).where('lead_id', '=', lead.id).execute()).toEqual([{ type: 'spam', detail: 'honeypot' }]);
    expect(await t.db.selectFrom('outbox').select('id').where('lead_id', '=', lead.id).execute()).toEqual([]);
    expect((await t.store.events(lead.id)).map((e) => e.type)).toEqual(['created', 'spam']);
  });

  it('other queries are not prepared: their text may carry any number of values', async () => {
    await t.store.list({ limit: 5 });
    await t.store.get(crypto.randomUUID());
    const statements = await preparedOnConnection();
    expect(statements.every((s) => s.startsWith('with "lead"'))).toBe(true);
  });
});
