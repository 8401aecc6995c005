import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { INBOX_API, type PersonExport } from '../../shared/inbox.ts';
import { createDeliverer } from '../notifications/deliverer.ts';
import { createOutbox, enqueue } from '../notifications/outbox.ts';
import { leadCreatedEntries } from '../notifications/entries.ts';
import { ADMIN_API_ERRORS, OPERATOR } from '../testing/operators.ts';
import { addLeadEvent } from '../leads/lead-timeline.ts';
import { bookMeeting, cancelMeeting } from '../meetings/meeting-store.ts';
import { columnCount, tracesOf } from '../testing/traces.ts';
import { type App, describeApp, INJECT_ORIGIN, loggedInApp } from '../testing/app.ts';
import { clearLeads, GEORGI } from '../testing/leads.ts';

/** The person erased: an address, a name and a business no other lead of these tests has. */
const PERSON = { ...GEORGI, first_name: 'Zoranka', email: 'zoranka.petrova@example.bg', business_name: 'Petrova Bakery', phone: '+359 88 999 1234' };
const OTHER = { ...GEORGI, email: 'someone.else@example.bg' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Everything that would point at the person, searched for in every column of every table. */
const TRACES = [PERSON.email, sha256(PERSON.email), PERSON.first_name, PERSON.business_name, '359889991234'];

const EN = {
  ...ADMIN_API_ERRORS,
  badEmail: { error: 'Please give the email address the person booked with.' },
  badExpected: { error: 'Please confirm how many leads are to be erased.' },
  personNotFound: { error: 'No lead has this email address.' },
};

type Headers = Record<string, string>;

describeApp('a person’s export and erasure', (site) => {
  let app: App;
  let cookie: string;
  let operatorId: string;

  const db = () => site.store.db;
  const post = (url: string, payload?: object, headers: Headers = {}) =>
    app.inject({ method: 'POST', url, headers: { cookie, origin: INJECT_ORIGIN, ...headers }, ...(payload ? { payload } : {}) });

  /** A lead booked as the site books one, its notifications written as a configured site writes them. */
  async function book(input: typeof PERSON, at = new Date()) {
    const { lead } = await site.store.store.create(input);
    await enqueue(db(), leadCreatedEntries(lead, { operator: ['webhook', 'email'], visitorConfirmation: true, visitorMeetings: false }, at), at);
    return lead;
  }

  /** Two leads of the person (one typed in capitals), worked a little, and one of somebody else. */
  async function people() {
    const first = await book(PERSON);
    // The second time the person typed their address in capitals, through the booking API.
    const booked = await app.inject({
      method: 'POST',
      url: '/api/discovery-calls',
      payload: { ...PERSON, email: ` ${PERSON.email.toUpperCase()}`, service: 'Other', product: '', custom_service: 'A second request' },
    });
    expect(booked.statusCode).toBe(201);
    const second = (await site.store.store.get(booked.json<{ id: string }>().id))!;
    await enqueue(db(), leadCreatedEntries(second, { operator: ['webhook'], visitorConfirmation: false, visitorMeetings: false }, new Date()), new Date());
    const other = await book(OTHER);
    // A call the person booked and cancelled, and one the other booked.
    const slot = { start: new Date('2026-12-01T08:00:00.000Z'), end: new Date('2026-12-01T08:30:00.000Z') };
    const called = await bookMeeting(db(), { leadId: first.id, slot, seats: 2, timeZone: 'Asia/Tokyo' });
    if (called === 'taken') throw new Error('the slot is free in a fresh database');
    await cancelMeeting(db(), called);
    expect(await bookMeeting(db(), { leadId: other.id, slot, seats: 2, timeZone: 'Europe/Sofia' })).not.toBe('taken');
    const contacted = await site.store.store.updateStatus(first.id, 'contacted', { id: operatorId, email: OPERATOR.email });
    // The note a moment after the status change, so the timeline's order does not rest on the same millisecond.
    const noted = new Date(Date.parse(contacted!.updated_at) + 1).toISOString();
    await addLeadEvent(db(), { lead_id: first.id, type: 'note', detail: `Called ${PERSON.first_name} back`, created_at: noted, by: { id: operatorId, email: OPERATOR.email } });
    // One notification tried and failed, so the person has a delivery log as well.
    const outbox = createOutbox(db(), site.dialect);
    for (const entry of await outbox.claim(100)) {
      await outbox.record(entry, { ok: false, error: 'HTTP 500', statusCode: 500, durationMs: 3 });
    }
    return { first, second, other };
  }

  beforeEach(async () => {
    await clearLeads(db());
    await db().deleteFrom('erasures').execute();
    ({ app, cookie, operator: { id: operatorId } } = await loggedInApp(site));
  });

  const routes = [
    { name: 'export', url: INBOX_API.personExport, body: { email: PERSON.email } },
    { name: 'preview', url: INBOX_API.personErasurePreview, body: { email: PERSON.email } },
    { name: 'erase', url: INBOX_API.personErase, body: { email: PERSON.email, expected: 2 } },
  ];
  const leadCount = async () => Number((await db().selectFrom('discovery_calls').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('refuses', () => {
    it('every route without a session (401) or from another site (403), erasing nothing', async () => {
      await people();
      for (const route of routes) {
        const out = await post(route.url, route.body, { cookie: '' });
        expect(out.statusCode, route.name).toBe(401);
        expect(out.json(), route.name).toEqual(EN.loginRequired);
        for (const origin of ['https://evil.example', 'null']) {
          const cross = await post(route.url, route.body, { origin });
          expect(cross.statusCode, route.name).toBe(403);
          expect(cross.json(), route.name).toEqual(EN.crossSite);
        }
        // A GET is no way round it: the routes take POST only.
        expect((await app.inject({ method: 'GET', url: route.url, headers: { cookie } })).statusCode, route.name).toBe(404);
      }
      expect(await leadCount()).toBe(3);
      expect(await db().selectFrom('erasures').selectAll().execute()).toEqual([]);
    });

    it('an email that is not one, in the language asked for', async () => {
      for (const route of routes) {
        for (const email of ['', 'not-an-email', `${'a'.repeat(250)}@example.bg`, 42]) {
          const res = await post(route.url, { ...route.body, email });
          expect(res.statusCode, `${route.name} ${String(email)}`).toBe(400);
          expect(res.json()).toEqual(EN.badEmail);
        }
        expect((await post(route.url, undefined)).json()).toEqual(EN.badEmail);
        const bg = await post(route.url, { email: 'nope' }, { 'accept-language': 'bg' });
        expect(bg.json()).toEqual({ error: 'Моля, посочете имейл адреса, с който човекът е изпратил заявката.' });
      }
    });

    it('an erasure without the count it confirms, or with one that no longer holds (409, saying the count now)', async () => {
      await people();
      for (const expected of [undefined, 0, -1, 1.5, '2']) {
        const res = await post(INBOX_API.personErase, { email: PERSON.email, expected });
        expect(res.statusCode, String(expected)).toBe(400);
        expect(res.json()).toEqual(EN.badExpected);
      }
      // A third request came in after the confirmation was shown.
      await book(PERSON);
      const res = await post(INBOX_API.personErase, { email: PERSON.email, expected: 2 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'The leads with this email address changed meanwhile: there are 3 now. Please check them and confirm again.',
        leads: 3,
      });
      const bg = await post(INBOX_API.personErase, { email: PERSON.email, expected: 1 }, { 'accept-language': 'bg-BG' });
      expect(bg.json()).toMatchObject({ error: 'Заявките с този имейл адрес се промениха междувременно: сега са 3. Моля, проверете ги и потвърдете отново.' });
      expect(await leadCount()).toBe(4);
      expect(await db().selectFrom('erasures').selectAll().execute()).toEqual([]);
    });

    it('an export or erasure of an address no lead has (404)', async () => {
      await people();
      for (const route of [routes[0]!, routes[2]!]) {
        const res = await post(route.url, { ...route.body, email: 'nobody@example.bg' });
        expect(res.statusCode, route.name).toBe(404);
        expect(res.json()).toEqual(EN.personNotFound);
      }
    });
  });

  it('exports every lead with the email, however it is typed, with its timeline and notifications, as a dated JSON file', async () => {
    const { first, second, other } = await people();
    const res = await post(INBOX_API.personExport, { email: `  ${PERSON.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lead-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<PersonExport>();
    expect(data.email).toBe(PERSON.email);
    expect(data.leads.map((l) => l.id).sort()).toEqual([first.id, second.id].sort());
    expect(data.leads.map((l) => l.id)).not.toContain(other.id);
    const worked = data.leads.find((l) => l.id === first.id)!;
    expect(worked).toMatchObject({ first_name: PERSON.first_name, email: PERSON.email, phone: PERSON.phone, status: 'contacted' });
    expect(worked.timeline.map((e) => [e.type, e.detail])).toEqual([
      ['created', ''],
      ['status', 'scheduled'],
      ['meeting.booked', '2026-12-01T08:00:00.000Z'],
      ['meeting.cancelled', '2026-12-01T08:00:00.000Z'],
      ['status', 'pending'],
      ['status', 'contacted'],
      ['note', `Called ${PERSON.first_name} back`],
    ]);
    expect(worked.meetings).toEqual([
      { start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T08:30:00.000Z', status: 'cancelled', time_zone: 'Asia/Tokyo', booked_at: expect.any(String), changed_at: expect.any(String) },
    ]);
    expect(data.leads.find((l) => l.id === second.id)?.meetings).toEqual([]);
    expect(worked.deliveries.map((d) => [d.channel, d.kind, d.status, d.last_error]).sort()).toEqual([
      ['email', 'lead.created', 'pending', 'HTTP 500'],
      ['visitor', 'visitor.confirmation', 'pending', 'HTTP 500'],
      ['webhook', 'lead.created', 'pending', 'HTTP 500'],
    ]);
    // The operators' own addresses are not the person's data.
    expect(res.body).not.toContain(OPERATOR.email);
    expect(data.leads.find((l) => l.id === second.id)?.custom_service).toBe('A second request');
  });

  it('previews, then erases every lead of the person and all that hangs off them, leaving an audit entry and no trace', async () => {
    const { other } = await people();
    // Someone else's timeline entry, which must stay.
    await addLeadEvent(db(), { lead_id: other.id, type: 'note', detail: 'Not the person', created_at: new Date().toISOString() });
    expect((await post(INBOX_API.personErasurePreview, { email: PERSON.email.toUpperCase() })).json()).toEqual({ leads: 2 });
    expect((await post(INBOX_API.personErasurePreview, { email: 'nobody@example.bg' })).json()).toEqual({ leads: 0 });
    // Before: the person is in the leads, their search rows, timeline, outbox and logs.
    const before = await tracesOf(db(), site.dialect, TRACES);
    expect(before).toEqual(expect.arrayContaining(['discovery_calls.email: ' + PERSON.email, 'outbox.dedupe_key: ' + sha256(PERSON.email)]));
    if (site.dialect === 'sqlite') expect(before).toContain(`discovery_calls_search.search_text: ${PERSON.email}`);

    const res = await post(INBOX_API.personErase, { email: PERSON.email.toUpperCase(), expected: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ erased: 2 });

    // Nowhere: every column of every table, the search table's own included, read as text.
    const columns = await columnCount(db(), site.dialect);
    expect(Object.keys(columns)).toEqual(expect.arrayContaining(['discovery_calls', 'lead_events', 'outbox', 'delivery_attempts', 'erasures']));
    if (site.dialect === 'sqlite') expect(Object.keys(columns)).toEqual(expect.arrayContaining(['discovery_calls_search', 'discovery_calls_search_content']));
    expect(await tracesOf(db(), site.dialect, TRACES)).toEqual([]);
    // The search finds nothing of the person, the other lead as before.
    const list = await app.inject({ method: 'GET', url: `${INBOX_API.leads}?q=zoranka`, headers: { cookie } });
    expect(list.json()).toEqual({ leads: [], next: null });
    const others = await app.inject({ method: 'GET', url: `${INBOX_API.leads}?q=someone.else`, headers: { cookie } });
    expect(others.json().leads.map((l: { id: string }) => l.id)).toEqual([other.id]);
    expect(await db().selectFrom('outbox').select('id').where('lead_id', '=', other.id).execute()).toHaveLength(3);
    expect(await db().selectFrom('lead_events').select('id').where('lead_id', '=', other.id).execute()).toHaveLength(3);
    // The person's call went with them; the other's stays.
    expect((await db().selectFrom('meetings').select('lead_id').execute()).map((m) => m.lead_id)).toEqual([other.id]);

    // The audit: why, when, by whom, how many, and nothing else.
    const audit = await db().selectFrom('erasures').selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ reason: 'request', lead_count: 2, operator_id: operatorId });
    expect(Object.keys(audit[0]!).sort()).toEqual(['erased_at', 'id', 'lead_count', 'operator_id', 'reason']);
    expect(Math.abs(Date.parse(String(audit[0]!.erased_at instanceof Date ? audit[0]!.erased_at.toISOString() : audit[0]!.erased_at)) - Date.now())).toBeLessThan(60_000);

    // Erasing again finds nobody.
    expect((await post(INBOX_API.personErase, { email: PERSON.email, expected: 2 })).statusCode).toBe(404);
  });

  it.runIf(site.dialect === 'sqlite')('leaves nothing of the person in the SQLite file or its log either', async () => {
    await people();
    expect((await post(INBOX_API.personErase, { email: PERSON.email, expected: 2 })).json()).toEqual({ erased: 2 });
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db());
    const file = rows[0]!.file;
    for (const path of [file, `${file}-wal`]) {
      const bytes = fs.existsSync(path) ? fs.readFileSync(path) : Buffer.alloc(0);
      for (const trace of TRACES) expect(bytes.includes(trace), `${trace} in ${path}`).toBe(false);
    }
  });

  it('drops, without error or anything written back, a notification being sent while its lead is erased', async () => {
    await people();
    await db().updateTable('outbox').set({ status: 'pending', locked_until: null, next_attempt_at: new Date(0).toISOString() }).execute();
    let release!: () => void;
    const sending = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const errors: unknown[] = [];
    const deliverer = createDeliverer({
      outbox: createOutbox(db(), site.dialect),
      senders: {
        webhook: async () => {
          started();
          await sending;
          return { ok: true, statusCode: 200 };
        },
        email: async () => ({ ok: true }),
        visitor: async () => ({ ok: true }),
      },
      log: { info: () => {}, warn: () => {}, error: (...args: unknown[]) => errors.push(args) },
      batchSize: 100,
    });
    const round = deliverer.runOnce();
    await inFlight;
    // The person's entries are claimed and one is being sent: the operator erases the person now.
    expect((await post(INBOX_API.personErase, { email: PERSON.email, expected: 2 })).json()).toEqual({ erased: 2 });
    release();
    expect(await round).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    expect(await tracesOf(db(), site.dialect, TRACES)).toEqual([]);
    // The other person's notifications were delivered and logged as usual.
    expect(await db().selectFrom('lead_events').select('type').where('type', '=', 'notification.delivered').execute()).not.toHaveLength(0);
  });
});
