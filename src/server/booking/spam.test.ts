import { afterEach, describe, expect, it, beforeAll, beforeEach, vi } from 'vitest';
import { INBOX_API, type InboxStats, type LeadPage, type LeadView } from '../../shared/inbox.ts';
import { FORM_TOKEN_FIELD, FORM_TOKEN_PATH, HONEYPOT_FIELD } from '../../shared/spam.ts';
import { outboxRows } from '../notifications/outbox.ts';
import { leadCreatedEntries } from '../notifications/entries.ts';
import { OPERATOR } from '../testing/operators.ts';
import { createLeadStore, type LeadStoreOptions } from '../leads/lead-store.ts';
import { type App, describeApp, INJECT_ORIGIN, loggedInApp } from '../testing/app.ts';
import { GEORGI } from '../testing/leads.ts';
import { createFormTokens, formTokenId } from './form-token.ts';
import { siteSecret } from '../store/site-secret.ts';

const HOUR = 3_600_000;

describe('form tokens', () => {
  const secret = () => Promise.resolve(Buffer.alloc(32, 7));
  const at = (ms: number) => createFormTokens({ secret, minFillMs: 3000, now: () => ms });
  const T0 = Date.parse('2026-11-23T10:00:00Z');

  it('let a request through 3 s after the dialog opened, and up to a day', async () => {
    const token = await at(T0).issue();
    expect(await at(T0 + 3000).check(token)).toBeUndefined();
    expect(await at(T0 + 24 * HOUR).check(token)).toBeUndefined();
  });

  it('take a request sooner than 3 s for too fast, and one a day late for expired', async () => {
    const token = await at(T0).issue();
    expect(await at(T0).check(token)).toBe('too fast');
    expect(await at(T0 + 2999).check(token)).toBe('too fast');
    expect(await at(T0 + 24 * HOUR + 1).check(token)).toBe('expired token');
  });

  it('are each a token of its own, even issued in the same millisecond', async () => {
    const [a, b] = [await at(T0).issue(), await at(T0).issue()];
    expect(a).not.toBe(b);
    expect(formTokenId(a)).not.toBe(formTokenId(b));
  });

  it('hold a missing, malformed, forged or back-dated token for no token at all', async () => {
    const token = await at(T0).issue();
    const [issued, nonce, signature] = token.split('.') as [string, string, string];
    const forgedTime = `${Number(issued) - 60_000}.${nonce}.${signature}`;
    const otherNonce = `${issued}.${'B'.repeat(22)}.${signature}`;
    const withoutNonce = `${issued}.${signature}`;
    const otherKey = await createFormTokens({ secret: () => Promise.resolve(Buffer.alloc(32, 8)), minFillMs: 3000, now: () => T0 }).issue();
    const future = await at(T0 + 10 * 60_000).issue();
    for (const bad of [undefined, '', 42, {}, 'x.y', `${issued}.`, forgedTime, otherNonce, withoutNonce, otherKey, `${token}x`, future]) {
      expect(await at(T0 + 5000).check(bad), String(bad)).toBe('no token');
    }
  });

  it('check nothing when the time trap is off', async () => {
    expect(await createFormTokens({ secret, minFillMs: 0 }).check(undefined)).toBeUndefined();
  });
});

describeApp('spam', (site) => {
  let app: App;
  let cookie: string;
  let afterCreate = 0;
  /** The notifications as main.ts wires them: an outbox entry per lead, on the webhook. */
  const notify: LeadStoreOptions = {
    outboxFor: (lead) => outboxRows(leadCreatedEntries(lead, { operator: ['webhook'], visitorConfirmation: false, visitorMeetings: false }, new Date()), new Date()),
    afterCreate: () => {
      afterCreate += 1;
    },
  };
  const db = () => site.store.db;
  const outboxOf = (id: string) => db().selectFrom('outbox').select('kind').where('lead_id', '=', id).execute();
  const post = (body: object) =>
    app.inject({ method: 'POST', url: '/api/discovery-calls', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  /** A token the server would have issued `ago` ms earlier: the same secret, an earlier clock. */
  const tokenFrom = async (ago: number) =>
    createFormTokens({ secret: () => siteSecret(db(), 'form-token'), minFillMs: 3000, now: () => Date.now() - ago }).issue();
  const stored = (id: string) => db().selectFrom('discovery_calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ({ app, cookie } = await loggedInApp(site, { minFillMs: 3000, store: createLeadStore(db(), notify) }));
  });
  beforeEach(async () => {
    await db().deleteFrom('lead_events').execute();
    await db().deleteFrom('discovery_calls').execute();
    afterCreate = 0;
  });

  it('hands the dialog a fresh token, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: FORM_TOKEN_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<{ token: string }>().token).toMatch(/^\d{13}\.[\w-]{22}\.[\w-]{43}$/);
  });

  it('stores a request with a token 3 s old as a lead, and notifies', async () => {
    const res = await post({ ...GEORGI, [FORM_TOKEN_FIELD]: await tokenFrom(5000) });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(await stored(id)).toMatchObject({ spam_reason: null });
    expect(await outboxOf(id)).toEqual([{ kind: 'lead.created' }]);
    expect(afterCreate).toBe(1);
  });

  it.each([
    ['honeypot', async () => ({ [FORM_TOKEN_FIELD]: await tokenFrom(5000), [HONEYPOT_FIELD]: 'https://cheap-seo.example' })],
    ['too fast', async () => ({ [FORM_TOKEN_FIELD]: (await app.inject({ method: 'GET', url: FORM_TOKEN_PATH })).json<{ token: string }>().token })],
    ['no token', async () => ({})],
    ['no token', async () => ({ [FORM_TOKEN_FIELD]: `${Date.now() - 10_000}.${'A'.repeat(43)}` })],
    ['expired token', async () => ({ [FORM_TOKEN_FIELD]: await tokenFrom(25 * HOUR) })],
  ] as const)('answers a request caught by %s as it answers a lead, and stores it flagged, unannounced', async (reason, traps) => {
    const res = await post({ ...GEORGI, ...(await traps()) });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(['created_at', 'id', 'meetingToken', 'status']);
    const { id } = res.json<{ id: string }>();
    expect(await stored(id)).toMatchObject({ spam_reason: reason, status: 'pending' });
    expect(await outboxOf(id)).toEqual([]);
    expect(afterCreate).toBe(0);
    const events = await db().selectFrom('lead_events').select(['type', 'detail']).where('lead_id', '=', id).orderBy('created_at').execute();
    // Its arrival is its own created_at (arrivalOf), so the flag is all its timeline stores.
    expect(events).toEqual([{ type: 'spam', detail: reason }]);
  });

  describe('a token is good for one lead', () => {
    const postWithKey = (body: object, key?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/discovery-calls',
        headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        payload: JSON.stringify(body),
      });
    beforeEach(() => db().deleteFrom('form_token_uses').execute());

    it('takes a second, different lead with the same token for spam, token reused, unannounced', async () => {
      const token = await tokenFrom(5000);
      const first = await postWithKey({ ...GEORGI, [FORM_TOKEN_FIELD]: token }, 'first-key');
      const second = await postWithKey({ ...GEORGI, first_name: 'Another', [FORM_TOKEN_FIELD]: token }, 'second-key');
      const keyless = await postWithKey({ ...GEORGI, first_name: 'A third', [FORM_TOKEN_FIELD]: token });
      for (const res of [first, second, keyless]) expect(res.statusCode).toBe(201);
      expect(await stored(first.json<{ id: string }>().id)).toMatchObject({ spam_reason: null });
      for (const res of [second, keyless]) {
        const { id } = res.json<{ id: string }>();
        expect(await stored(id)).toMatchObject({ spam_reason: 'token reused' });
        expect(await outboxOf(id)).toEqual([]);
      }
      expect(afterCreate).toBe(1);
    });

    it('answers a replay of the same request (its idempotency key) as before: the same lead, not spam', async () => {
      const token = await tokenFrom(5000);
      const body = { ...GEORGI, [FORM_TOKEN_FIELD]: token };
      const first = await postWithKey(body, 'replayed-key');
      const again = await postWithKey(body, 'replayed-key');
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
      expect(await stored(first.json<{ id: string }>().id)).toMatchObject({ spam_reason: null });
    });

    it('lets exactly one of several leads sent at once with one token through', async () => {
      const token = await tokenFrom(5000);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => postWithKey({ ...GEORGI, first_name: `Parallel ${i}`, [FORM_TOKEN_FIELD]: token }, `parallel-${i}`)),
      );
      const reasons = await Promise.all(answers.map(async (res) => (await stored(res.json<{ id: string }>().id)).spam_reason));
      expect(reasons.filter((r) => r === null)).toHaveLength(1);
      expect(reasons.filter((r) => r === 'token reused')).toHaveLength(7);
    });

    it('still reads a token of the earlier form, without a nonce, until it expires', async () => {
      const current = await tokenFrom(5000);
      const [issued] = current.split('.') as [string];
      const { createHmac } = await import('node:crypto');
      const signature = createHmac('sha256', await siteSecret(db(), 'form-token')).update(`form-token:${issued}`).digest('base64url');
      const res = await postWithKey({ ...GEORGI, [FORM_TOKEN_FIELD]: `${issued}.${signature}` }, 'old-form');
      expect(await stored(res.json<{ id: string }>().id)).toMatchObject({ spam_reason: null });
    });

    it('forgets the uses of tokens that have expired, in the daily sweep', async () => {
      const { sweepFormTokenUses } = await import('../store/form-token-uses.ts');
      await db()
        .insertInto('form_token_uses')
        .values([
          { token_id: 'old'.padEnd(43, 'x'), claimed_by: 'k', used_at: new Date(Date.now() - 25 * HOUR).toISOString() },
          { token_id: 'new'.padEnd(43, 'x'), claimed_by: 'k', used_at: new Date(Date.now() - HOUR).toISOString() },
        ])
        .execute();
      expect(await sweepFormTokenUses(db())).toBe(1);
      expect(await db().selectFrom('form_token_uses').select('token_id').execute()).toEqual([{ token_id: 'new'.padEnd(43, 'x') }]);
    });
  });

  it('still tells a person what to fix before it looks for spam', async () => {
    const res = await post({ ...GEORGI, email: 'not an email', [HONEYPOT_FIELD]: 'x' });
    expect(res.statusCode).toBe(400);
    expect(await db().selectFrom('discovery_calls').select('id').execute()).toEqual([]);
  });

  it('keeps spam out of the leads, the chart and the overdue, and lists it in the Spam view', async () => {
    const lead = (await post({ ...GEORGI, [FORM_TOKEN_FIELD]: await tokenFrom(5000) })).json<{ id: string }>().id;
    const spam = (await post({ ...GEORGI, email: 'bot@example.bg' })).json<{ id: string }>().id;
    expect((await get(INBOX_API.leads)).json<LeadPage>().leads.map((l) => l.id)).toEqual([lead]);
    const spamPage = (await get(`${INBOX_API.leads}?spam=true`)).json<LeadPage>();
    expect(spamPage.leads.map((l) => [l.id, l.spam_reason])).toEqual([[spam, 'no token']]);
    expect((await get(`${INBOX_API.stats}?days=30`)).json<InboxStats>().statuses.pending).toBe(1);
    const csv = (await get(`${INBOX_API.export}?spam=true`)).body;
    expect(csv).toContain('bot@example.bg');
    expect(csv).toContain('no token');
    expect((await get(`${INBOX_API.export}`)).body).not.toContain('bot@example.bg');
  });

  afterEach(() => vi.useRealTimers());

  it('restores spam as a lead: on its timeline with the operator, notified as a new lead', async () => {
    // The clock stands still, so it is restored within the millisecond it arrived: its timeline still
    // reads arrival, spam, restored.
    vi.useFakeTimers({ toFake: ['Date'] });
    const spam = (await post({ ...GEORGI, [HONEYPOT_FIELD]: 'x', [FORM_TOKEN_FIELD]: await tokenFrom(5000) })).json<{ id: string }>().id;
    const res = await app.inject({ method: 'POST', url: INBOX_API.restore(spam), headers: { cookie, origin: INJECT_ORIGIN } });
    expect(res.statusCode).toBe(200);
    const view = res.json<LeadView>();
    expect(view.lead.spam_reason).toBeNull();
    expect(view.timeline.map((e) => [e.type, e.operator_email])).toEqual([
      ['created', null],
      ['spam', null],
      ['restored', OPERATOR.email],
    ]);
    expect(await outboxOf(spam)).toEqual([{ kind: 'lead.created' }]);
    expect(afterCreate).toBe(1);
    expect((await get(INBOX_API.leads)).json<LeadPage>().leads.map((l) => l.id)).toEqual([spam]);

    // Twice is refused: it is a lead now. An unknown id is not found. Both in the request's language.
    const again = await app.inject({ method: 'POST', url: INBOX_API.restore(spam), headers: { cookie, origin: INJECT_ORIGIN, 'accept-language': 'bg' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Тази заявка не е в спама: няма какво да се възстанови.' });
    expect((await app.inject({ method: 'POST', url: INBOX_API.restore('nope'), headers: { cookie, origin: INJECT_ORIGIN } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: INBOX_API.restore(spam), headers: { origin: INJECT_ORIGIN } })).statusCode).toBe(401);
    expect(await outboxOf(spam)).toHaveLength(1);
  });
});
