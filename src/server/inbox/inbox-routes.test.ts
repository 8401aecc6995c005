import { attributionColumns } from '../leads/lead-store.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { INBOX_API, NOTE_MAX_LENGTH, SEARCH_MAX_LENGTH, type InboxSession, type LeadPage, type LeadView } from '../../shared/inbox.ts';
import { describeChannels } from '../notifications/channels/index.ts';
import { webhookChannel } from '../notifications/channels/webhook.ts';
import { enqueue } from '../notifications/outbox.ts';
import { ADMIN_API_ERRORS, OPERATOR } from '../testing/operators.ts';
import { type App, describeApp, INJECT_ORIGIN, loggedInApp } from '../testing/app.ts';
import { clearLeads, GEORGI, insertLeads, testLead } from '../testing/leads.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const EN = {
  ...ADMIN_API_ERRORS,
  badCursor: { error: 'This page of the list is out of date. Please go back to the first page.' },
  leadNotFound: { error: 'This lead does not exist.' },
  badStatus: { error: 'Please choose one of the statuses.' },
  noteEmpty: { error: 'Please write the note.' },
  noteTooLong: { error: `The note is too long: ${NOTE_MAX_LENGTH} characters at most.` },
  deliveryNotFound: { error: 'This notification does not exist.' },
  notFailed: { error: 'Only a notification that failed can be sent again.' },
};
const badFilters = (fields: string) => ({ error: `The list cannot be shown with these filters: ${fields}.` });

type Headers = Record<string, string>;
type Reply = Awaited<ReturnType<App['inject']>>;

describeApp('the inbox API', (site) => {
  let app: App;
  let cookie: string;

  const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
  const post = (url: string, payload?: object, headers: Headers = {}) =>
    app.inject({ method: 'POST', url, headers: { cookie, origin: INJECT_ORIGIN, ...headers }, ...(payload ? { payload } : {}) });
  const db = () => site.store.db;

  /** A lead as the booking API writes it: with its `created` entry on the timeline. */
  const book = async (over: Partial<typeof GEORGI> = {}) => (await site.store.store.create({ ...GEORGI, ...over })).lead;
  /** A notification of the lead, in the given state. */
  async function deliveryOf(leadId: string, status: 'pending' | 'delivered' | 'failed', channel: 'webhook' | 'email' = 'webhook') {
    await enqueue(db(), [{ leadId, channel, kind: 'lead.created', dedupeKey: `lead.created:${leadId}:${channel}` }], new Date());
    const entry = await db().selectFrom('outbox').select('id').where('lead_id', '=', leadId).where('channel', '=', channel).executeTakeFirstOrThrow();
    await db().updateTable('outbox').set({ status, attempts: 3, last_error: status === 'failed' ? 'HTTP 500' : null }).where('id', '=', entry.id).execute();
    return entry.id;
  }
  const eventsOf = (leadId: string) => db().selectFrom('lead_events').selectAll().where('lead_id', '=', leadId).execute();

  beforeEach(async () => {
    await clearLeads(db());
    ({ app, cookie } = await loggedInApp(site));
  });

  /** Each route once, with what it needs to get past its own checks. */
  async function everyRoute(): Promise<{ name: string; send: (headers?: Headers) => Promise<Reply>; writes: boolean }[]> {
    const lead = await book();
    const failed = await deliveryOf(lead.id, 'failed');
    return [
      { name: 'me', send: (h) => get(INBOX_API.me, h), writes: false },
      { name: 'list', send: (h) => get(INBOX_API.leads, h), writes: false },
      { name: 'lead', send: (h) => get(INBOX_API.lead(lead.id), h), writes: false },
      { name: 'seen', send: (h) => post(INBOX_API.seen(lead.id), undefined, h), writes: true },
      { name: 'status', send: (h) => post(INBOX_API.status(lead.id), { status: 'won' }, h), writes: true },
      { name: 'notes', send: (h) => post(INBOX_API.notes(lead.id), { text: 'Called, no answer.' }, h), writes: true },
      { name: 'resend', send: (h) => post(INBOX_API.resend(failed), undefined, h), writes: true },
    ];
  }

  /** The lead, its timeline and its notifications as stored, to show a refused request changed nothing. */
  const snapshot = async () => ({
    leads: await db().selectFrom('discovery_calls').selectAll().execute(),
    events: await db().selectFrom('lead_events').selectAll().execute(),
    outbox: await db().selectFrom('outbox').selectAll().execute(),
  });
  /** Each payload sent to `url` refused with 400 and its error, and nothing written. */
  async function refusesEach(url: string, cases: [payload: object | undefined, error: object][]) {
    const before = await snapshot();
    for (const [payload, error] of cases) {
      const res = await post(url, payload);
      const sent = JSON.stringify(payload)?.slice(0, 40);
      expect(res.statusCode, sent).toBe(400);
      expect(res.json(), sent).toEqual(error);
    }
    expect(await snapshot()).toEqual(before);
  }
  /** A change to a lead that does not exist: 404, and nothing on any timeline. */
  async function refusesUnknownLead(url: string, payload: object) {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(EN.leadNotFound);
    expect(await db().selectFrom('lead_events').selectAll().execute()).toEqual([]);
  }

  describe('refuses', () => {
    it('every route without a session: 401, and nothing written', async () => {
      const routes = await everyRoute();
      const before = await snapshot();
      for (const route of routes) {
        const res = await route.send({ cookie: '' });
        expect(res.statusCode, route.name).toBe(401);
        expect(res.json(), route.name).toEqual(EN.loginRequired);
        expect(res.headers['cache-control'], route.name).toBe('no-store');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('every route on an expired session: 401, the cookie cleared, and nothing written', async () => {
      const routes = await everyRoute();
      const before = await snapshot();
      await db().updateTable('operator_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
      for (const route of routes) {
        const res = await route.send();
        expect(res.statusCode, route.name).toBe(401);
        expect(res.json(), route.name).toEqual(EN.loginRequired);
        expect(String(res.headers['set-cookie']), route.name).toMatch(/^session=; Max-Age=0/);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('every change from another site, or with no origin at all, even with a session: 403, nothing written', async () => {
      const routes = (await everyRoute()).filter((r) => r.writes);
      const before = await snapshot();
      for (const route of routes) {
        for (const origin of ['https://evil.example', 'null']) {
          const res = await route.send({ origin });
          expect(res.statusCode, route.name).toBe(403);
          expect(res.json(), route.name).toEqual(EN.crossSite);
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('answers 404 on every route while no operator account exists', async () => {
      const routes = await everyRoute();
      await db().deleteFrom('operators').execute();
      for (const route of routes) expect((await route.send()).statusCode, route.name).toBe(404);
    });

    it('in the language the browser asks for', async () => {
      const bg = { 'accept-language': 'bg-BG,bg;q=0.9' };
      expect((await get(INBOX_API.leads, { ...bg, cookie: '' })).json()).toEqual({ error: 'Моля, влезте в профила си.' });
      expect((await get(`${INBOX_API.leads}?status=done&from=вчера`, bg)).json()).toEqual({
        error: 'Списъкът не може да бъде показан с тези филтри: статус, от дата.',
      });
      expect((await get(`${INBOX_API.leads}?cursor=abc`, bg)).json()).toEqual({
        error: 'Тази страница от списъка е остаряла. Моля, върнете се на първата страница.',
      });
      expect((await get(INBOX_API.lead(UNKNOWN_ID), bg)).json()).toEqual({ error: 'Тази заявка не съществува.' });
      const lead = await book();
      expect((await post(INBOX_API.status(lead.id), { status: 'done' }, bg)).json()).toEqual({ error: 'Моля, изберете един от статусите.' });
      expect((await post(INBOX_API.notes(lead.id), { text: ' ' }, bg)).json()).toEqual({ error: 'Моля, напишете бележката.' });
      expect((await post(INBOX_API.notes(lead.id), { text: 'я'.repeat(NOTE_MAX_LENGTH + 1) }, bg)).json()).toEqual({
        error: `Бележката е твърде дълга: най-много ${NOTE_MAX_LENGTH} знака.`,
      });
      const pending = await deliveryOf(lead.id, 'pending');
      expect((await post(INBOX_API.resend(pending), undefined, bg)).json()).toEqual({
        error: 'Само неуспешно известие може да бъде изпратено отново.',
      });
      expect((await post(INBOX_API.resend(UNKNOWN_ID), undefined, bg)).json()).toEqual({ error: 'Това известие не съществува.' });
    });
  });

  describe(`GET ${INBOX_API.leads}`, () => {
    it('answers the first page, newest first, and the next by its cursor', async () => {
      const leads = await insertLeads(
        db(),
        Array.from({ length: 5 }, (_, i) => testLead({ created_at: new Date(Date.UTC(2026, 10, 20, 10, i)).toISOString() })),
      );
      const first = await get(`${INBOX_API.leads}?limit=3`);
      expect(first.statusCode).toBe(200);
      const page = first.json<LeadPage>();
      expect(page.leads.map((l) => l.id)).toEqual([leads[4], leads[3], leads[2]].map((l) => l!.id));
      const second = (await get(`${INBOX_API.leads}?limit=3&cursor=${page.next}`)).json<LeadPage>();
      expect(second).toEqual({ leads: expect.any(Array), next: null });
      expect(second.leads.map((l) => l.id)).toEqual([leads[1], leads[0]].map((l) => l!.id));
    });

    it('takes the filters and the search from the query', async () => {
      const [, maria] = await insertLeads(db(), [
        testLead({ first_name: 'John', created_at: '2026-11-20T10:00:00.000Z' }),
        testLead({ first_name: 'Мария', locale: 'bg', status: 'contacted', created_at: '2026-11-21T10:00:00.000Z' }),
      ]);
      const url = `${INBOX_API.leads}?q=${encodeURIComponent(' МАР ')}&locale=bg&status=contacted&from=2026-11-21&to=2026-11-21&unseen=true`;
      expect((await get(url)).json<LeadPage>().leads.map((l) => l.id)).toEqual([maria!.id]);
      expect((await get(`${INBOX_API.leads}?overdue=true`)).json<LeadPage>().leads.map((l) => l.first_name)).toEqual(['John']);
    });

    it('refuses each bad filter with 400, naming it', async () => {
      const cases: [string, string][] = [
        ['status=done', 'status'],
        ['service=Plumbing', 'service'],
        ['locale=de', 'language'],
        ['from=2026-02-30', 'from date'],
        ['to=yesterday', 'to date'],
        ['from=2026-11-24&to=2026-11-23', 'to date'],
        ['overdue=yes', 'overdue'],
        ['unseen=1', 'unseen'],
        [`q=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}`, 'search'],
        ['limit=0', 'leads per page'],
        ['limit=101', 'leads per page'],
        ['limit=ten', 'leads per page'],
        ['status=won&status=lost', 'status'],
        ['status=done&limit=1000', 'status, leads per page'],
      ];
      for (const [query, fields] of cases) {
        const res = await get(`${INBOX_API.leads}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toEqual(badFilters(fields));
      }
    });

    it('refuses a malformed or edited cursor with 400', async () => {
      await insertLeads(db(), [testLead(), testLead()]);
      const { next } = (await get(`${INBOX_API.leads}?limit=1`)).json<LeadPage>();
      const edited = `${next!.slice(0, -2)}${next!.endsWith('A') ? 'B' : 'A'}`;
      const other = Buffer.from('["2026-11-24T10:00:00.000Z","x y"]').toString('base64url');
      for (const cursor of ['abc', edited, `${next}=`, other, 'x'.repeat(201), encodeURIComponent('ab+/')]) {
        const res = await get(`${INBOX_API.leads}?cursor=${cursor}`);
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json(), cursor).toEqual(EN.badCursor);
      }
    });
  });

  describe(`GET ${INBOX_API.lead(':id')}`, () => {
    it('answers the lead with every field, its timeline oldest first and its notifications', async () => {
      const lead = await book({ custom_service: '', attribution: { utm_source: 'google', utm_campaign: 'spring', landing_path: '/bg/' } });
      const failed = await deliveryOf(lead.id, 'failed', 'email');
      await post(INBOX_API.status(lead.id), { status: 'contacted' });
      const res = await get(INBOX_API.lead(lead.id));
      expect(res.statusCode).toBe(200);
      const view = res.json<LeadView>();
      expect(view.lead).toEqual({
        id: lead.id,
        first_name: GEORGI.first_name,
        business_name: GEORGI.business_name,
        email: GEORGI.email,
        phone: GEORGI.phone,
        phone_e164: '+359871234567',
        service: GEORGI.service,
        product: GEORGI.product,
        custom_service: '',
        status: 'contacted',
        locale: 'bg',
        created_at: lead.created_at,
        updated_at: expect.any(String),
        seen_at: null,
        spam_reason: null,
        source: 'form',
        // This app serves no privacy notice (TEST_PAGES): none was shown.
        privacy_notice_version: null,
        privacy_notice_locale: null,
        // It asked no call from Alex.
        callback_consent_at: null,
        callback_consent_version: null,
        ...attributionColumns({ utm_source: 'google', utm_campaign: 'spring', landing_path: '/bg/' }),
      });
      expect(view.timeline).toEqual([
        { id: expect.any(String), type: 'created', detail: '', channel: null, kind: null, operator_email: null, created_at: lead.created_at },
        { id: expect.any(String), type: 'status', detail: 'contacted', channel: null, kind: null, operator_email: OPERATOR.email, created_at: expect.any(String) },
      ]);
      expect(view.deliveries).toEqual([
        {
          id: failed,
          channel: 'email',
          kind: 'lead.created',
          status: 'failed',
          attempts: 3,
          last_error: 'HTTP 500',
          created_at: expect.any(String),
          delivered_at: null,
          // Failed: it is tried no more.
          next_attempt_at: null,
        },
      ]);
      // A lead of the form was made in no conversation, and Alex called it not.
      expect(view.conversations).toEqual([]);
      expect(view.callbacks).toEqual([]);
      expect(view.ai_calls_declined_at).toBeNull();
    });

    it('answers 404 for an unknown lead', async () => {
      for (const id of [UNKNOWN_ID, 'not-an-id', "' or 1=1 --"]) {
        const res = await get(INBOX_API.lead(id));
        expect(res.statusCode, id).toBe(404);
        expect(res.json(), id).toEqual(EN.leadNotFound);
      }
      // Longer than any id, and than Fastify matches a parameter to: no route at all.
      expect((await get(INBOX_API.lead('x'.repeat(300)))).json()).toEqual(EN.notFound);
    });
  });

  describe(`POST ${INBOX_API.seen(':id')}`, () => {
    it('marks the lead seen for every operator, once: opening it again keeps the first time', async () => {
      const lead = await book();
      const res = await post(INBOX_API.seen(lead.id));
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const { seen_at: first } = (await get(INBOX_API.lead(lead.id))).json<LeadView>().lead;
      expect(first).toEqual(expect.any(String));
      expect((await post(INBOX_API.seen(lead.id))).statusCode).toBe(204);
      expect((await get(INBOX_API.lead(lead.id))).json<LeadView>().lead.seen_at).toBe(first);
      expect((await get(`${INBOX_API.leads}?unseen=true`)).json<LeadPage>().leads).toEqual([]);
    });

    it('answers 404 for an unknown lead', async () => {
      const res = await post(INBOX_API.seen(UNKNOWN_ID));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(EN.leadNotFound);
    });
  });

  describe(`POST ${INBOX_API.status(':id')}`, () => {
    it('sets any status in any order, each on the timeline with the operator, and answers the lead', async () => {
      const lead = await book();
      for (const status of ['won', 'pending', 'scheduled'] as const) {
        const res = await post(INBOX_API.status(lead.id), { status });
        expect(res.statusCode).toBe(200);
        expect(res.json<LeadView>().lead.status).toBe(status);
      }
      const { timeline } = (await get(INBOX_API.lead(lead.id))).json<LeadView>();
      expect(timeline.filter((e) => e.type === 'status').map((e) => [e.detail, e.operator_email])).toEqual([
        ['won', OPERATOR.email],
        ['pending', OPERATOR.email],
        ['scheduled', OPERATOR.email],
      ]);
    });

    it('refuses a status that is not one, with 400 and nothing written', async () => {
      const lead = await book();
      await refusesEach(
        INBOX_API.status(lead.id),
        [{ status: 'done' }, { status: 'WON' }, { status: 1 }, {}, undefined].map((payload): [object | undefined, object] => [payload, EN.badStatus]),
      );
    });

    it('answers 404 for an unknown lead', async () => {
      await refusesUnknownLead(INBOX_API.status(UNKNOWN_ID), { status: 'won' });
    });
  });

  describe(`POST ${INBOX_API.notes(':id')}`, () => {
    it('adds the note, trimmed, to the timeline with the operator, and answers the lead', async () => {
      const lead = await book();
      const res = await post(INBOX_API.notes(lead.id), { text: '  Звънях, ще се обади в петък.  ' });
      expect(res.statusCode).toBe(201);
      expect(res.json<LeadView>().timeline.at(-1)).toEqual({
        id: expect.any(String),
        type: 'note',
        detail: 'Звънях, ще се обади в петък.',
        channel: null,
        kind: null,
        operator_email: OPERATOR.email,
        created_at: expect.any(String),
      });
      const longest = 'н'.repeat(NOTE_MAX_LENGTH);
      expect((await post(INBOX_API.notes(lead.id), { text: longest })).statusCode).toBe(201);
      expect((await eventsOf(lead.id)).filter((e) => e.type === 'note').map((e) => e.detail.length)).toEqual([28, NOTE_MAX_LENGTH]);
    });

    it('refuses an empty note and one too long, with 400 and nothing written', async () => {
      const lead = await book();
      await refusesEach(INBOX_API.notes(lead.id), [
        [{ text: '' }, EN.noteEmpty],
        [{ text: '   \n ' }, EN.noteEmpty],
        [{}, EN.noteEmpty],
        [{ text: 42 }, EN.noteEmpty],
        [undefined, EN.noteEmpty],
        [{ text: 'x'.repeat(NOTE_MAX_LENGTH + 1) }, EN.noteTooLong],
      ]);
    });

    it('answers 404 for an unknown lead, and writes no note', async () => {
      await refusesUnknownLead(INBOX_API.notes(UNKNOWN_ID), { text: 'Hello' });
    });
  });

  describe(`POST ${INBOX_API.resend(':id')}`, () => {
    it('puts a failed notification back in line and answers its lead', async () => {
      const lead = await book();
      const failed = await deliveryOf(lead.id, 'failed');
      const res = await post(INBOX_API.resend(failed));
      expect(res.statusCode).toBe(200);
      const view = res.json<LeadView>();
      expect(view.lead.id).toBe(lead.id);
      expect(view.deliveries).toEqual([expect.objectContaining({ id: failed, status: 'pending' })]);
    });

    it('refuses one that has not failed with 409, leaving it as it was', async () => {
      const lead = await book();
      for (const status of ['pending', 'delivered'] as const) {
        const id = await deliveryOf(lead.id, status, status === 'pending' ? 'webhook' : 'email');
        const before = await db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
        const res = await post(INBOX_API.resend(id));
        expect(res.statusCode, status).toBe(409);
        expect(res.json()).toEqual(EN.notFailed);
        expect(await db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst()).toEqual(before);
      }
    });

    it('answers 404 for an unknown notification', async () => {
      const res = await post(INBOX_API.resend(UNKNOWN_ID));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(EN.deliveryNotFound);
    });
  });

  describe(`GET ${INBOX_API.me}`, () => {
    it('names the operator, every registered channel in both languages, and the channels whose last deliveries failed', async () => {
      expect((await get(INBOX_API.me)).json()).toEqual({ email: OPERATOR.email, failing_channels: [], channels: describeChannels({}) });
      app = await site.build({ notificationHealth: () => Promise.resolve({ webhook: 'failing', email: 'ok', visitor: 'failing' }) });
      const session = (await get(INBOX_API.me)).json<InboxSession>();
      expect(session.failing_channels).toEqual(['webhook', 'visitor']);
      expect(session.channels.find((c) => c.name === 'webhook')).toEqual({
        name: 'webhook',
        names: webhookChannel.names,
        configured: false,
        audience: 'operator',
        samples: false,
        health: null,
        last_error: null,
      });
    });

    it('says which channels the environment configures', async () => {
      app = await site.build({ environment: { LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hooks', LEAD_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } });
      const session = (await get(INBOX_API.me)).json<InboxSession>();
      expect(session.channels.filter((c) => c.configured).map((c) => c.name)).toEqual(['webhook']);
    });
  });

  it('answers 404 under /api/admin/ for a path it does not have', async () => {
    const lead = await book();
    const res = await get(`${INBOX_API.lead(lead.id)}/nothing`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(EN.notFound);
  });
});
