import { beforeAll, beforeEach, expect, it } from 'vitest';
import { FUNNEL_PATH } from '../../shared/funnel.ts';
import { INBOX_API, type FunnelStats } from '../../shared/inbox.ts';
import { dayOf } from '../leads/days.ts';
import { type App, describeApp, loggedInApp } from '../testing/app.ts';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describeApp('the booking funnel', (site) => {
  let app: App;
  let cookie: string;
  const rows = () => site.store.db.selectFrom('funnel_days').selectAll().orderBy('step').execute();

  const report = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: FUNNEL_PATH,
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    ({ app, cookie } = await loggedInApp(site));
  });
  beforeEach(async () => {
    await site.store.db.deleteFrom('funnel_days').execute();
  });

  it('adds each report to its day, language, source and step, and keeps nothing else', async () => {
    for (const body of [
      { step: 'view', locale: 'bg', source: 'google' },
      { step: 'view', locale: 'bg', source: 'google' },
      { step: 'open', locale: 'bg', source: 'google' },
      { step: 'view', locale: 'en' },
    ]) {
      const res = await report(body, { 'x-forwarded-for': '203.0.113.7' });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    const today = dayOf(new Date());
    expect(await rows()).toEqual([
      { day: today, locale: 'bg', source: 'google', step: 'open', count: 1 },
      { day: today, locale: 'bg', source: 'google', step: 'view', count: 2 },
      { day: today, locale: 'en', source: '', step: 'view', count: 1 },
    ]);
    // No address, agent or id anywhere: the table holds these five columns and nothing else.
    expect(Object.keys((await rows())[0]!).sort()).toEqual(['count', 'day', 'locale', 'source', 'step']);
  });

  it('cuts a long source to the cap and cleans it, as a lead keeps its own', async () => {
    expect((await report({ step: 'view', locale: 'en', source: ` ${'a'.repeat(400)}\u0000 ` })).statusCode).toBe(204);
    expect((await rows())[0]!.source).toBe('a'.repeat(200));
  });

  it.each([
    ['an unknown step', { step: 'click', locale: 'en' }],
    ['an unknown language', { step: 'view', locale: 'fr' }],
    ['no step', { locale: 'en' }],
    ['an extra key', { step: 'view', locale: 'en', email: 'maria@example.com' }],
    ['a source that is not text', { step: 'view', locale: 'en', source: ['google'] }],
    ['an array', [{ step: 'view', locale: 'en' }]],
    ['a bare string', '"view"'],
    ['null', 'null'],
  ])('refuses %s with a translated 400 and counts nothing', async (_name, body) => {
    const res = await report(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringContaining('view, open, step2, step3') });
    const bg = await report(body, { 'accept-language': 'bg' });
    expect(bg.json<{ error: string }>().error).toMatch(/^Броят се само/);
    expect(await rows()).toEqual([]);
  });

  it('refuses malformed JSON, other content types and oversized bodies', async () => {
    expect((await report('{"step": "view",')).statusCode).toBe(400);
    const form = await app.inject({
      method: 'POST',
      url: FUNNEL_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER },
      payload: 'step=view&locale=en',
    });
    expect(form.statusCode).toBe(415);
    const huge = await report({ step: 'view', locale: 'en', source: 'x'.repeat(600) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'The request is too large.' });
    expect(await rows()).toEqual([]);
  });

  it('answers bots, agentless requests and visitors asking not to be tracked alike, and counts none of them', async () => {
    const body = { step: 'view', locale: 'en' };
    const asks: Record<string, string>[] = [{ 'user-agent': BOT }, { 'user-agent': '' }, { 'sec-gpc': '1' }, { dnt: '1' }];
    for (const headers of asks) {
      expect((await report(body, headers)).statusCode).toBe(204);
    }
    expect((await report(body, { 'user-agent': 'HeadlessChrome/131.0.0.0' })).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('shows the inbox the last 30 days per day and per source, the most viewed source first', async () => {
    const counts = { view: 5, open: 3, step2: 2, step3: 1, sent: 1 };
    const today = dayOf(new Date());
    const old = '2020-01-01';
    await site.store.db
      .insertInto('funnel_days')
      .values([
        ...Object.entries(counts).map(([step, count]) => ({ day: today, locale: 'en', source: 'google', step: step as 'view', count })),
        { day: today, locale: 'bg', source: 'google', step: 'view', count: 2 },
        { day: today, locale: 'bg', source: '', step: 'view', count: 1 },
        { day: old, locale: 'en', source: 'facebook', step: 'view', count: 99 },
      ])
      .execute();
    const res = await app.inject({ method: 'GET', url: INBOX_API.funnel, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const stats = res.json<FunnelStats>();
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toEqual({ date: today, counts: { ...counts, view: 8 } });
    expect(stats.sources).toEqual([
      { source: 'google', counts: { ...counts, view: 7 } },
      { source: null, counts: { view: 1, open: 0, step2: 0, step3: 0, sent: 0 } },
    ]);
    expect(stats.total).toEqual({ ...counts, view: 8 });
    expect((await app.inject({ method: 'GET', url: `${INBOX_API.funnel}?days=90`, headers: { cookie } })).json<FunnelStats>().days).toHaveLength(90);
    expect((await app.inject({ method: 'GET', url: `${INBOX_API.funnel}?days=7`, headers: { cookie } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: INBOX_API.funnel })).statusCode).toBe(401);
  });
});

describeApp('the booking funnel under its limit', (site) => {
  it('refuses reports past EVENTS_RATE_LIMIT with 429 and Retry-After', async () => {
    const app = await site.build({ eventsRateLimit: { max: 3, windowMs: 60_000 } });
    const send = () =>
      app.inject({
        method: 'POST',
        url: FUNNEL_PATH,
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
        payload: JSON.stringify({ step: 'view', locale: 'en' }),
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(204);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: 'Too many requests. Please try again later.', retryable: true });
  });
});
