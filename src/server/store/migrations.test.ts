import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLeads } from '../inbox/lead-queries.ts';
import { migrate, migrator } from './migrations.ts';
import { createTestStore, TEST_DIALECTS, type TestStore } from './test-store.ts';

describe.each(TEST_DIALECTS)('the inbox migration on %s', (dialect) => {
  let site: TestStore;
  beforeAll(async () => {
    site = await createTestStore(dialect);
  });
  afterAll(() => site.cleanup());

  const now = new Date('2026-11-24T12:00:00.000Z');

  it('folds the leads stored before it, so they are found, and can be undone and done again', async () => {
    const { error } = await migrator(site.db, site.schema).migrateTo('2026-11-24-003-operators');
    expect(error).toBeUndefined();
    // A lead as the booking API stored it before the inbox existed.
    await sql`insert into discovery_calls (id, first_name, email, phone, business_name, service, product, custom_service, status, locale, created_at, updated_at)
      values ('8d7c1f0e-0000-4000-8000-000000000001', 'Йордан', 'yordan@example.bg', '+359 88 765 4321', 'Пирин Имоти ООД', 'Other', '', 'A chatbot', 'pending', 'bg', ${now.toISOString()}, ${now.toISOString()})`.execute(site.db);

    // The migrations after it (the chart's index) run too; this one is what the test is about.
    expect(await migrate(site.db, site.schema)).toContain('2026-11-24-004-inbox');
    for (const q of ['ЙОРДАН', 'пирин', '88 765', 'yordan@']) {
      const page = await listLeads(site.db, site.dialect, { q, limit: 25 }, now);
      expect(page.leads.map((l) => l.first_name), q).toEqual(['Йордан']);
    }
    const [lead] = (await listLeads(site.db, site.dialect, { limit: 25 }, now)).leads;
    expect(lead?.seen_at).toBeNull();
  });

  it.runIf(dialect === 'postgres')('gives PostgreSQL a trigram index for the search', async () => {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where schemaname = current_schema() and indexname = 'discovery_calls_search_text_trigram'`.execute(site.db);
    expect(rows[0]?.indexdef).toMatch(/USING gin \(search_text (\w+\.)?gin_trgm_ops\)/);
  });
});
