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

describe.each(TEST_DIALECTS)('the privacy notice migration on %s', (dialect) => {
  let site: TestStore;
  beforeAll(async () => {
    site = await createTestStore(dialect);
  });
  afterAll(() => site.cleanup());

  const now = new Date('2026-11-25T09:00:00.000Z').toISOString();
  const columnsOf = async () => (await site.db.introspection.getTables()).find((t) => t.name === 'discovery_calls')?.columns.map((c) => c.name) ?? [];
  const GERGANA = {
    first_name: 'Гергана',
    email: 'gergana@example.bg',
    phone: '+359 88 111 2233',
    business_name: 'Студио Гергана',
    service: 'Support Automation',
    product: 'Customer Support Chat Assistant',
    custom_service: '',
    locale: 'bg',
  } as const;

  it('leaves the leads stored before it without a notice, records it on new ones, and can be undone and done again', async () => {
    const { error } = await migrator(site.db, site.schema).migrateTo('2026-11-24-005-inbox-chart');
    expect(error).toBeUndefined();
    expect(await columnsOf()).not.toContain('privacy_notice_version');
    // A lead as the booking API stored it before the notice existed.
    await sql`insert into discovery_calls (id, first_name, email, phone, business_name, service, product, custom_service, status, locale, search_text, created_at, updated_at)
      values ('8d7c1f0e-0000-4000-8000-000000000006', 'Йордан', 'yordan@example.bg', '+359 88 765 4321', 'Пирин Имоти ООД', 'Other', '', 'A chatbot', 'pending', 'bg', '', ${now}, ${now})`.execute(site.db);

    expect(await migrate(site.db, site.schema)).toContain('2026-11-25-006-privacy-notice');
    const old = await site.store.get('8d7c1f0e-0000-4000-8000-000000000006');
    expect(old).toMatchObject({ first_name: 'Йордан', privacy_notice_version: null, privacy_notice_locale: null });
    const { lead } = await site.store.create(GERGANA, undefined, { privacyNotice: { version: '0123456789ab', locale: 'bg' } });
    expect(await site.store.get(lead.id)).toMatchObject({ privacy_notice_version: '0123456789ab', privacy_notice_locale: 'bg' });

    const down = await migrator(site.db, site.schema).migrateTo('2026-11-24-005-inbox-chart');
    expect(down.error).toBeUndefined();
    expect(await columnsOf()).not.toContain('privacy_notice_locale');
    expect(await migrate(site.db, site.schema)).toContain('2026-11-25-006-privacy-notice');
    expect(await columnsOf()).toEqual(expect.arrayContaining(['privacy_notice_version', 'privacy_notice_locale']));
  });
});
