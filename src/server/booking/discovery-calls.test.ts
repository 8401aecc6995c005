import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../store/database.ts';
import { createLeadStore, type LeadStore } from '../leads/lead-store.ts';
import { migrate } from '../store/migrations/index.ts';
import { describeApp, TEST_PAGES, useTestApp, type App } from '../testing/app.ts';
import type { LeadStatus } from '../../shared/booking.ts';
import { LEAD_RETENTION_DAYS_PLACEHOLDER, PRIVACY_NOTICE_ID } from '../../shared/runtime-config.ts';
import { servedNotice } from '../site/privacy-notice.ts';
import { bookingTexts } from '../../content/i18n/booking.ts';

const valid = {
  first_name: '  Elena ',
  email: '  Elena.Petrova@Example.BG ',
  phone: ' +359 88 765 4321 ',
  business_name: '  Petrova Dental  ',
  service: 'Call Automation Systems',
  product: 'Inbound Phone Caller (appointments & support)',
  custom_service: 'should be dropped',
  locale: 'bg',
};

const normalised = {
  first_name: 'Elena',
  email: 'elena.petrova@example.bg',
  phone: '+359 88 765 4321',
  phone_e164: '+359887654321',
  business_name: 'Petrova Dental',
  service: 'Call Automation Systems',
  product: 'Inbound Phone Caller (appointments & support)',
  custom_service: '',
  locale: 'bg',
  status: 'pending',
};

const post = (app: App, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/discovery-calls',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describeApp('POST /api/discovery-calls', (site) => {
  let app: App;
  const rows = () => site.store.db.selectFrom('discovery_calls').selectAll().execute();

  beforeAll(async () => {
    app = await site.build();
  });
  beforeEach(async () => {
    await site.store.db.deleteFrom('discovery_calls').execute();
  });

  it('stores the normalised lead as pending and answers 201', async () => {
    const res = await post(app, { ...valid, status: 'won' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; status: string; created_at: string; meetingToken: string }>();
    expect(body).toEqual({ id: expect.any(String), status: 'pending', created_at: expect.any(String), meetingToken: expect.any(String) });
    // The link to pick the call's time is signed for this lead (meetings/meeting-token.ts).
    expect(body.meetingToken.startsWith(`${body.id}.`)).toBe(true);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    // This server serves no privacy notice (TEST_PAGES), so none is recorded.
    expect(stored[0]).toMatchObject({ ...normalised, id: body.id, idempotency_key: null, privacy_notice_version: null, privacy_notice_locale: null });
    expect(new Date(stored[0]!.created_at).toISOString()).toBe(body.created_at);
  });

  it('stores the first touch the page sent, known keys only, each capped, and never refuses a lead for it', async () => {
    const attribution = {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: `dental-${'x'.repeat(300)}`,
      gclid: 'Cj0KCQiA-abc',
      referrer_host: 'www.google.com',
      landing_path: '/bg/',
      utm_id: 'dropped',
      ip: '203.0.113.7',
    };
    expect((await post(app, { ...valid, attribution })).statusCode).toBe(201);
    const [stored] = await rows();
    expect(stored).toMatchObject({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: `dental-${'x'.repeat(193)}`,
      utm_term: null,
      utm_content: null,
      gclid: 'Cj0KCQiA-abc',
      fbclid: null,
      referrer_host: 'www.google.com',
      landing_path: '/bg/',
    });
    expect(stored).not.toHaveProperty('utm_id');
    expect(stored).not.toHaveProperty('ip');
    const odd = await post(app, { ...valid, email: 'other@example.bg', attribution: 'utm_source=google' });
    expect(odd.statusCode).toBe(201);
  });

  it('stores a described service with its description and no product', async () => {
    const res = await post(app, { ...valid, service: 'Other', custom_service: '  Night-time calls ' });
    expect(res.statusCode).toBe(201);
    expect(await rows()).toMatchObject([{ service: 'Other', product: '', custom_service: 'Night-time calls' }]);
  });

  it('stores the phone as the visitor typed it and in E.164, a number without a prefix taken for a Bulgarian one', async () => {
    const typed = ['0888 123 456', '+44 20 7946 0958', '00359 888 123 456', '+359 (88) 123-45-67'];
    for (const [n, phone] of typed.entries()) {
      expect((await post(app, { ...valid, email: `visitor${n}@example.bg`, phone })).statusCode, phone).toBe(201);
    }
    const stored = new Map((await rows()).map((r) => [r.phone, r.phone_e164]));
    expect(Object.fromEntries(stored)).toEqual({
      '0888 123 456': '+359888123456',
      '+44 20 7946 0958': '+442079460958',
      '00359 888 123 456': '+359888123456',
      '+359 (88) 123-45-67': '+359881234567',
    });
  });

  it('refuses letters in a phone, and digits no country numbers its phones with, each in its own words and language', async () => {
    for (const locale of ['en', 'bg'] as const) {
      const letters = await post(app, { ...valid, locale, phone: '0888-ABC-1234' });
      expect(letters.statusCode).toBe(400);
      expect(letters.json<{ fields: Record<string, string> }>().fields).toEqual({ phone: bookingTexts[locale].errors.invalidPhone });
      // Six digits pass the form's own rule, but are no one's number: it could never be called back.
      for (const phone of ['123456', '+359 1234', '0000000']) {
        const impossible = await post(app, { ...valid, locale, phone });
        expect(impossible.statusCode, phone).toBe(400);
        expect(impossible.json<{ fields: Record<string, string> }>().fields).toEqual({ phone: bookingTexts[locale].errors.impossiblePhone });
      }
    }
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a phone with too few digits in the words it always had, in the language of the request', async () => {
    for (const locale of ['en', 'bg'] as const) {
      const res = await post(app, { ...valid, locale, phone: '12-34' });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({ phone: bookingTexts[locale].errors.invalidPhone });
    }
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ['a missing name', { ...valid, first_name: '   ' }, 'first_name'],
    ['a bad email', { ...valid, email: 'elena@' }, 'email'],
    ['a short phone', { ...valid, phone: '12-34' }, 'phone'],
    ['an unknown service', { ...valid, service: 'Crypto' }, 'service'],
    ['a product of another service', { ...valid, product: 'Prospect Scraping System' }, 'product'],
    ['Other without a description', { ...valid, service: 'Other', custom_service: '' }, 'custom_service'],
    ['a name over 100 characters', { ...valid, first_name: 'x'.repeat(101) }, 'first_name'],
  ])('refuses %s with 400, names the field, stores nothing', async (_what, body, field) => {
    const res = await post(app, body);
    expect(res.statusCode).toBe(400);
    const json = res.json<{ error: string; fields: Record<string, string> }>();
    expect(Object.keys(json.fields)).toEqual([field]);
    expect(json.error).toMatch(/^Моля, проверете/);
    expect(await rows()).toHaveLength(0);
  });

  it('answers in English when the request says English', async () => {
    const res = await post(app, { ...valid, locale: 'en', email: 'no' });
    expect(res.json()).toEqual({
      error: 'Please check the highlighted details: Email address.',
      fields: { email: 'Please enter a valid email address.' },
    });
  });

  it('refuses malformed JSON (400), a non-JSON body (415) and a body over 16 KiB (413)', async () => {
    const bad = await post(app, '{"first_name": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: expect.any(String) });

    const text = await post(app, 'first_name=Elena', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);

    const form = await post(app, 'first_name=Elena', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);

    const big = await post(app, { ...valid, custom_service: 'x'.repeat(17 * 1024) });
    expect(big.statusCode).toBe(413);
    for (const res of [bad, text, form, big]) expect(res.body).not.toMatch(/at .*\.(js|ts):\d|stack|select|insert/i);
    expect(await rows()).toHaveLength(0);
  });

  it('answers a repeated Idempotency-Key with the same body with the first lead, storing nothing more', async () => {
    const headers = { 'idempotency-key': 'form-3f9c2a' };
    const first = await post(app, valid, headers);
    // Spaces and letter case the validation normalises away make the same request.
    const second = await post(app, { ...valid, email: 'elena.petrova@example.bg', first_name: 'Elena' }, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await rows()).toMatchObject([{ first_name: 'Elena', idempotency_key: 'form-3f9c2a' }]);
  });

  it.each([
    ['another name', { first_name: 'Changed' }],
    ['another service', { service: 'Other', product: '', custom_service: 'Night-time calls' }],
    ['another language', { locale: 'en' }],
  ])('refuses a used Idempotency-Key with %s (422), storing nothing and changing nothing', async (_what, change) => {
    const headers = { 'idempotency-key': 'form-7d1e', 'accept-language': 'en' };
    const first = await post(app, valid, headers);
    const reused = await post(app, { ...valid, ...change }, headers);
    expect(reused.statusCode).toBe(422);
    const error = reused.json<{ error: string }>().error;
    expect(error).toMatch(/Idempotency-Key/);
    // Nothing of the first lead is handed out.
    expect(reused.body).not.toContain(first.json<{ id: string }>().id);
    expect(await rows()).toMatchObject([{ first_name: 'Elena', service: 'Call Automation Systems', locale: 'bg' }]);
    // …and the key's own request still replays.
    expect((await post(app, valid, headers)).statusCode).toBe(200);
  });

  it('answers the 422 in the language of the request', async () => {
    const headers = { 'idempotency-key': 'form-bg' };
    await post(app, valid, headers);
    const reused = await post(app, { ...valid, phone: '+359 88 000 0000' }, headers);
    expect(reused.json()).toEqual({
      error: 'Този Idempotency-Key вече е използван за заявка с други данни, затова нищо не е записано. Изпратете нова заявка с нов ключ.',
    });
  });

  it('makes one lead of concurrent requests with the same key', async () => {
    const headers = { 'idempotency-key': 'double-click' };
    const answers = await Promise.all([post(app, valid, headers), post(app, valid, headers), post(app, valid, headers)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<{ id: string }>().id)).size).toBe(1);
    expect(await rows()).toHaveLength(1);
  });

  it('stores one of two concurrent requests with one key and other bodies, and refuses the other', async () => {
    const headers = { 'idempotency-key': 'two-tabs' };
    const bodies = [valid, { ...valid, first_name: 'Other' }];
    const answers = await Promise.all(bodies.map((body) => post(app, body, headers)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const winner = answers.findIndex((a) => a.statusCode === 201);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.first_name).toBe(winner === 0 ? 'Elena' : 'Other');
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const res = await post(app, valid, { 'idempotency-key': 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it('reports health 200 while the store answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('keeps the status to the allowed values in the database itself', async () => {
    await post(app, valid);
    // A status the types rule out, written past them as a careless script could.
    const deleted = 'deleted' as LeadStatus;
    await expect(site.store.db.updateTable('discovery_calls').set({ status: deleted }).execute()).rejects.toThrow();
    expect(await rows()).toMatchObject([{ status: 'pending' }]);
  });

  it('runs its migrations again without effect', async () => {
    expect(await migrate(site.store.db, site.store.schema)).toEqual([]);
  });

  it('answers 429 with Retry-After and when to try again once over the limit, storing nothing more', async () => {
    const limited = await site.build({ bookingRateLimit: { max: 2, windowMs: 10 * 60_000 } });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await post(limited, valid, { 'accept-language': 'en' })).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    const res = await post(limited, valid, { 'accept-language': 'en' });
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(9 * 60);
    expect(wait).toBeLessThanOrEqual(10 * 60);
    expect(res.json()).toEqual({ error: 'Too many requests from your connection. Please try again in 10 minutes.', retryable: true });
    const bg = await post(limited, valid, { 'accept-language': 'bg' });
    expect(bg.json<{ error: string }>().error).toBe('Твърде много заявки от вашата връзка. Моля, опитайте отново след 10 минути.');
    expect(await rows()).toHaveLength(2);
  });
});

/** A privacy page per language whose notice says how long leads are kept. */
const privacyPage = (lang: string) =>
  `<html lang="${lang}"><body><article id="${PRIVACY_NOTICE_ID}">Notice ${lang}: ${LEAD_RETENTION_DAYS_PLACEHOLDER} days.</article></body></html>`;

describeApp('the privacy notice a booking was shown', { ...TEST_PAGES, privacy: { en: privacyPage('en'), bg: privacyPage('bg') } }, (site) => {
  const noticeOf = async (app: App, locale: string) => {
    const { id } = (await post(app, { ...valid, locale })).json<{ id: string }>();
    return site.store.db
      .selectFrom('discovery_calls')
      .select(['privacy_notice_version', 'privacy_notice_locale'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  };

  it('is recorded with the lead: the version of the text served in the form’s language, and that language', async () => {
    const app = await site.build({ leadRetentionDays: 730 });
    expect(await noticeOf(app, 'bg')).toEqual({
      privacy_notice_version: servedNotice(privacyPage('bg'), 'bg', 730).version,
      privacy_notice_locale: 'bg',
    });
    const english = await noticeOf(app, 'en');
    expect(english).toEqual({ privacy_notice_version: servedNotice(privacyPage('en'), 'en', 730).version, privacy_notice_locale: 'en' });
    expect(english.privacy_notice_version).not.toBe((await noticeOf(app, 'bg')).privacy_notice_version);
  });

  it('names another version once the server keeps leads for another number of days', async () => {
    const before = await noticeOf(await site.build({ leadRetentionDays: 730 }), 'en');
    const after = await noticeOf(await site.build({ leadRetentionDays: 365 }), 'en');
    expect(after.privacy_notice_version).toMatch(/^[0-9a-f]{12}$/);
    expect(after.privacy_notice_version).not.toBe(before.privacy_notice_version);
  });
});

describe('when the store is unreachable', () => {
  const site = useTestApp('sqlite');
  let store: LeadStore;
  let unreachable: OpenDatabase;
  let app: App;

  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused.
    unreachable = openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', connectTimeoutMs: 1000 });
    store = createLeadStore(unreachable.db);
    app = await site.build({ store });
  });
  afterAll(() => unreachable.close());

  it('answers 503 with a retry hint and nothing of the cause', async () => {
    const res = await post(app, valid);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: 'В момента не можем да запишем заявката ви. Моля, опитайте отново след малко.',
      retryable: true,
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|insert/i);
  });

  it('reports health 503', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
  });
});
