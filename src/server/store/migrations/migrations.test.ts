import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listLeads } from '../../leads/lead-queries.ts';
import { migrate, migrator, NewerDatabaseError } from './index.ts';
import { GEORGI, leadRow, testLead } from '../../testing/leads.ts';
import { TEST_DIALECTS, useTestStore } from '../../testing/store.ts';

describe.each(TEST_DIALECTS)('the inbox migration on %s', (dialect) => {
  const site = useTestStore(dialect);

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
  const site = useTestStore(dialect);

  const now = new Date('2026-11-25T09:00:00.000Z').toISOString();
  const columnsOf = async () => (await site.db.introspection.getTables()).find((t) => t.name === 'discovery_calls')?.columns.map((c) => c.name) ?? [];

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
    const { lead } = await site.store.create(GEORGI, undefined, { privacyNotice: { version: '0123456789ab', locale: 'bg' } });
    expect(await site.store.get(lead.id)).toMatchObject({ privacy_notice_version: '0123456789ab', privacy_notice_locale: 'bg' });

    const down = await migrator(site.db, site.schema).migrateTo('2026-11-24-005-inbox-chart');
    expect(down.error).toBeUndefined();
    expect(await columnsOf()).not.toContain('privacy_notice_locale');
    expect(await migrate(site.db, site.schema)).toContain('2026-11-25-006-privacy-notice');
    expect(await columnsOf()).toEqual(expect.arrayContaining(['privacy_notice_version', 'privacy_notice_locale']));
  });
});

describe.each(TEST_DIALECTS)('the erasure migration on %s', (dialect) => {
  const site = useTestStore(dialect);

  const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12)).toISOString();
  const since = async (id: string) => {
    const row = await site.db.selectFrom('discovery_calls').select('status_since').where('id', '=', id).executeTakeFirstOrThrow();
    return row.status_since === null ? null : new Date(row.status_since).toISOString();
  };

  it('dates the status in force of the leads stored before it, and can be undone and done again', async () => {
    const { error } = await migrator(site.db, site.schema).migrateTo('2026-11-24-005-inbox-chart');
    expect(error).toBeUndefined();
    const lead = async (id: string, status: string, created: number, updated: number) =>
      sql`insert into discovery_calls (id, first_name, email, phone, business_name, service, product, custom_service, status, locale, created_at, updated_at)
        values (${id}, 'Йордан', 'yordan@example.bg', '+359 88 765 4321', 'Пирин Имоти ООД', 'Other', '', 'A chatbot', ${status}, 'bg', ${at(created)}, ${at(updated)})`.execute(site.db);
    const event = async (leadId: string, type: string, detail: string, day: number) =>
      sql`insert into lead_events (id, lead_id, type, detail, created_at) values (${`${leadId}-${day}`}, ${leadId}, ${type}, ${detail}, ${at(day)})`.execute(site.db);
    // Won on the 5th after being contacted on the 3rd, with a note after: the win is the change in force.
    await lead('won-with-events', 'won', 1, 9);
    await event('won-with-events', 'status', 'contacted', 3);
    await event('won-with-events', 'status', 'won', 5);
    await event('won-with-events', 'note', 'Signed', 8);
    // Stored before the timeline existed: its last change is the best there is.
    await lead('lost-without-events', 'lost', 1, 7);
    await lead('pending', 'pending', 2, 2);

    expect(await migrate(site.db, site.schema)).toContain('2026-11-25-007-erasure');
    expect(await since('won-with-events')).toBe(at(5));
    expect(await since('lost-without-events')).toBe(at(7));
    expect(await since('pending')).toBe(at(2));
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ v: number }>`select v from discovery_calls_search_config where k = 'secure-delete'`.execute(site.db);
      expect(rows).toEqual([{ v: 1 }]);
    }

    expect((await migrator(site.db, site.schema).migrateTo('2026-11-24-005-inbox-chart')).error).toBeUndefined();
    expect(await migrate(site.db, site.schema)).toContain('2026-11-25-007-erasure');
    expect(await since('won-with-events')).toBe(at(5));
  });

  it.runIf(dialect === 'sqlite')('keeps the search table by each lead’s row, through a new lead, a change and a deletion', async () => {
    const rows = async () =>
      (
        await sql<{ lead_id: string; search_text: string }>`select s.lead_id, s.search_text from discovery_calls_search s
          join discovery_calls_search_rows r on r.search_rowid = s.rowid and r.lead_id = s.lead_id order by s.lead_id`.execute(site.db)
      ).rows;
    const count = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(site.db)).rows[0]!.n);
    const { lead } = await site.store.create({ ...GEORGI, first_name: 'Newcomer' });
    expect(await rows()).toContainEqual({ lead_id: lead.id, search_text: expect.stringContaining('newcomer') });
    await site.db.updateTable('discovery_calls').set({ search_text: 'changed' }).where('id', '=', lead.id).execute();
    expect((await rows()).filter((r) => r.lead_id === lead.id)).toEqual([{ lead_id: lead.id, search_text: 'changed' }]);
    await site.db.deleteFrom('discovery_calls').execute();
    expect([await count('discovery_calls_search'), await count('discovery_calls_search_rows')]).toEqual([0, 0]);
  });

  // PostgreSQL's planner reads a table this small whole whatever its indexes: SQLite's plan is the proof.
  it.runIf(dialect === 'sqlite')('lets the sweep and the erasure read only the leads they erase, by an index', async () => {
    const planOf = async (query: ReturnType<typeof sql>) =>
      (await sql<{ detail: string }>`explain query plan ${query}`.execute(site.db)).rows.map((r) => r.detail).join('\n');
    expect(await planOf(sql`select id from discovery_calls where status in ('won', 'lost') and status_since < '2026-01-01'`)).toMatch(
      /USING (COVERING )?INDEX discovery_calls_status_status_since/,
    );
    expect(await planOf(sql`select id from discovery_calls where email = 'a@example.bg'`)).toMatch(/USING (COVERING )?INDEX discovery_calls_email/);
  });
});

describe.each(TEST_DIALECTS)('the migration that derives a lead’s arrival on %s', (dialect) => {
  const site = useTestStore(dialect);

  const stored = async (leadId: string) =>
    (await site.db.selectFrom('lead_events').select(['type', 'detail']).where('lead_id', '=', leadId).orderBy('created_at').execute()).map((e) => [e.type, e.detail]);
  const event = (leadId: string, type: string, detail: string, at: string) =>
    sql`insert into lead_events (id, lead_id, type, detail, created_at) values (${crypto.randomUUID()}, ${leadId}, ${type}, ${detail}, ${at})`.execute(site.db);

  it('drops the stored arrivals, the timeline reading the same before and after, and can be undone and done again', async () => {
    expect((await migrator(site.db, site.schema).migrateTo('2026-11-26-009-spam')).error).toBeUndefined();
    // A lead as the store wrote it before: its row of that day (without the columns of later migrations),
    // its arrival stored, then a note.
    const { phone_e164: _later, ...lead } = leadRow(testLead());
    await site.db.insertInto('discovery_calls').values(lead).execute();
    const later = new Date(Date.parse(lead.created_at) + 60_000).toISOString();
    await event(lead.id, 'created', '', lead.created_at);
    await event(lead.id, 'note', 'Called back', later);
    const timeline = async () => (await site.store.events(lead.id)).map((e) => [e.type, e.detail, e.created_at]);
    const expected = [['created', '', lead.created_at], ['note', 'Called back', later]];
    expect(await timeline()).toEqual(expected);

    expect(await migrate(site.db, site.schema)).toContain('2026-11-27-010-arrival-derived');
    expect(await stored(lead.id)).toEqual([['note', 'Called back']]);
    expect(await timeline()).toEqual(expected);
    expect((await site.store.events(lead.id))[0]).toEqual({
      id: lead.id, lead_id: lead.id, type: 'created', detail: '', channel: null, kind: null, operator_id: null, operator_email: null, created_at: lead.created_at,
    });

    // Undone, each lead has its arrival stored once again, at its created_at.
    expect((await migrator(site.db, site.schema).migrateTo('2026-11-26-009-spam')).error).toBeUndefined();
    expect(await stored(lead.id)).toEqual([['created', ''], ['note', 'Called back']]);
    expect(await timeline()).toEqual(expected);
    expect(await migrate(site.db, site.schema)).toContain('2026-11-27-010-arrival-derived');
    expect(await stored(lead.id)).toEqual([['note', 'Called back']]);
  });

  it('reads one arrival even when a server from before the change stores one after the migration', async () => {
    await migrate(site.db, site.schema);
    const { lead } = await site.store.create(GEORGI);
    await event(lead.id, 'created', '', lead.created_at);
    expect((await site.store.events(lead.id)).map((e) => e.type)).toEqual(['created']);
  });
});

describe.each(TEST_DIALECTS)('the migration that gives a notification’s timeline entry its channel and kind on %s', (dialect) => {
  const site = useTestStore(dialect);
  const event = (leadId: string, type: string, detail: string) =>
    sql`insert into lead_events (id, lead_id, type, detail, created_at) values (${crypto.randomUUID()}, ${leadId}, ${type}, ${detail}, ${new Date().toISOString()})`.execute(site.db);
  const columns = async (leadId: string) =>
    (await site.db.selectFrom('lead_events').select(['type', 'detail', 'channel', 'kind']).where('lead_id', '=', leadId).orderBy('type').execute()).map((e) => [e.type, e.detail, e.channel, e.kind]);

  it('reads them from the entries written before it, leaves every other entry without, and can be undone and done again', async () => {
    expect((await migrator(site.db, site.schema).migrateTo('2026-12-07-020-notices-after-erasure')).error).toBeUndefined();
    const lead = leadRow(testLead());
    await site.db.insertInto('discovery_calls').values(lead).execute();
    await event(lead.id, 'notification.delivered', 'meeting.rescheduled webhook');
    await event(lead.id, 'notification.failed', 'lead.created email');
    await event(lead.id, 'note', 'Call back at ten');

    expect(await migrate(site.db, site.schema)).toContain('2026-12-07-021-timeline-notifications');
    const expected = [
      ['note', 'Call back at ten', null, null],
      ['notification.delivered', 'meeting.rescheduled webhook', 'webhook', 'meeting.rescheduled'],
      ['notification.failed', 'lead.created email', 'email', 'lead.created'],
    ];
    expect(await columns(lead.id)).toEqual(expected);

    expect((await migrator(site.db, site.schema).migrateTo('2026-12-07-020-notices-after-erasure')).error).toBeUndefined();
    expect(await migrate(site.db, site.schema)).toContain('2026-12-07-021-timeline-notifications');
    expect(await columns(lead.id)).toEqual(expected);
  });
});

describe.each(TEST_DIALECTS)('the migration that leaves channels and kinds to the code on %s', (dialect) => {
  const site = useTestStore(dialect);
  const entry = (leadId: string, channel: string, kind: string) => {
    const at = new Date().toISOString();
    return sql`insert into outbox (id, lead_id, channel, kind, dedupe_key, next_attempt_at, retry_until, created_at)
      values (${crypto.randomUUID()}, ${leadId}, ${channel}, ${kind}, ${`${kind}:${leadId}:${channel}`}, ${at}, ${at}, ${at})`.execute(site.db);
  };
  const entries = async (leadId: string) =>
    (await site.db.selectFrom('outbox').select(['channel', 'kind']).where('lead_id', '=', leadId).orderBy('channel').execute()).map((e) => `${e.kind} ${e.channel}`);

  it('takes a channel and a kind no list names, keeps what was there, and going back removes only what the old lists refuse', async () => {
    expect((await migrator(site.db, site.schema).migrateTo('2026-12-07-021-timeline-notifications')).error).toBeUndefined();
    const lead = leadRow(testLead());
    await site.db.insertInto('discovery_calls').values(lead).execute();
    await entry(lead.id, 'webhook', 'lead.created');
    await expect(entry(lead.id, 'telegram', 'lead.created')).rejects.toThrow(/check/i);

    expect(await migrate(site.db, site.schema)).toContain('2026-12-07-022-open-channels');
    await entry(lead.id, 'microsoft-teams', 'lead.created');
    await entry(lead.id, 'email', 'assistant.conversation');
    expect(await entries(lead.id)).toEqual(['assistant.conversation email', 'lead.created microsoft-teams', 'lead.created webhook']);

    expect((await migrator(site.db, site.schema).migrateTo('2026-12-07-021-timeline-notifications')).error).toBeUndefined();
    expect(await entries(lead.id)).toEqual(['lead.created webhook']);
    await expect(entry(lead.id, 'telegram', 'meeting.booked')).rejects.toThrow(/check/i);
    expect(await migrate(site.db, site.schema)).toContain('2026-12-07-022-open-channels');
  });
});

describe.each(TEST_DIALECTS)('a database a newer version migrated, on %s', (dialect) => {
  const site = useTestStore(dialect);

  it('stops this version at once with what to do, instead of retrying', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01-999-from-the-future', ${new Date().toISOString()})`.execute(site.db);
    const error = await migrate(site.db, site.schema).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(NewerDatabaseError);
    expect((error as Error).message).toBe(
      'the database has migration 2099-01-01-999-from-the-future, which this version of the site does not know: a newer version migrated it. ' +
        'Run that version again, or restore the backup taken before the upgrade (docs/operating.md, "Rolling back").',
    );
  });
});
