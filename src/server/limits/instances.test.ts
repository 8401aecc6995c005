// Two instances of the site on one database and one Redis, as behind a load balancer: the booking
// limit is one for both, and losing Redis costs neither a lead.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { addOperator, clearOperators, OPERATOR } from '../testing/operators.ts';
import { INJECT_ORIGIN, useTestApp, type App } from '../testing/app.ts';
import { visitor } from '../testing/leads.ts';
import { redisLimits, type SharedLimits } from './shared-limits.ts';
import { inspector, recordingLog, redisProxy, TEST_REDIS_URL, testPrefix, until } from '../testing/redis.ts';

const book = (app: App, n: number, address = '203.0.113.5') =>
  app.inject({
    method: 'POST',
    url: '/api/discovery-calls',
    remoteAddress: address,
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    payload: JSON.stringify(visitor(n)),
  });

const health = async (app: App) => (await app.inject({ method: 'GET', url: '/api/health' })).json<Record<string, string>>();

const FIVE_PER_TEN_MINUTES = { max: 5, windowMs: 10 * 60_000 };

describe.skipIf(!TEST_REDIS_URL)('two instances on one Redis', () => {
  const url = TEST_REDIS_URL ?? '';
  const site = useTestApp('sqlite');
  const prefix = testPrefix();
  const look = inspector(url);
  const opened: SharedLimits[] = [];
  const instance = async (at: string, log = recordingLog().log) => {
    const limits = redisLimits({ url: at, prefix });
    limits.start(log);
    opened.push(limits);
    await until(() => limits.health().redis === 'ok');
    return { app: await site.build({ bookingRateLimit: FIVE_PER_TEN_MINUTES, limits }), limits };
  };
  const rows = async () => (await site.store.db.selectFrom('discovery_calls').select('id').execute()).length;

  beforeEach(async () => {
    await look.removeAll(prefix);
    await site.store.db.deleteFrom('discovery_calls').execute();
  });
  afterAll(async () => {
    await Promise.all(opened.map((l) => l.close()));
    await look.removeAll(prefix);
    await look.close();
  });

  it('refuses the 6th booking from one address whichever instance it reaches', async () => {
    const [a, b] = [(await instance(url)).app, (await instance(url)).app];
    const codes = [];
    for (let n = 0; n < 5; n++) codes.push((await book(n % 2 ? b : a, n)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201]);
    const sixthOnA = await book(a, 5);
    const sixthOnB = await book(b, 6);
    expect([sixthOnA.statusCode, sixthOnB.statusCode]).toEqual([429, 429]);
    for (const refused of [sixthOnA, sixthOnB]) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
      expect(refused.json()).toEqual({ error: 'Too many requests from your connection. Please try again in 10 minutes.', retryable: true });
    }
    // Another address has its own count.
    expect((await book(b, 7, '198.51.100.20')).statusCode).toBe(201);
    expect(await rows()).toBe(6);
    console.log('limits: across two instances, bookings 1-5 accepted, the 6th refused on either instance');
    expect(await health(a)).toEqual({ status: 'ok', redis: 'ok' });
  });

  it('counts log-in attempts for one account across both instances', async () => {
    await clearOperators(site.store.db);
    await addOperator(site.store.db);
    const [a, b] = [(await instance(url)).app, (await instance(url)).app];
    // Each attempt from another address.
    const attempt = (app: App, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: `198.51.100.${n}`,
        headers: { origin: INJECT_ORIGIN },
        payload: { email: OPERATOR.email, password: 'a wrong password' },
      });
    const codes = [];
    for (let n = 0; n < 5; n++) codes.push((await attempt(n % 2 ? b : a, n)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const [sixthOnA, sixthOnB] = [await attempt(a, 5), await attempt(b, 6)];
    expect([sixthOnA.statusCode, sixthOnB.statusCode]).toEqual([429, 429]);
    expect(Number(sixthOnB.headers['retry-after'])).toBeGreaterThan(890);
  });

  it('keeps taking bookings with per-instance limits while Redis is away, and shares them again when it is back', async () => {
    const proxy = await redisProxy(url);
    try {
      const { log, lines } = recordingLog();
      const { app: a, limits } = await instance(proxy.url, log);
      const { app: b, limits: limitsOfB } = await instance(proxy.url);
      expect((await book(a, 0)).statusCode).toBe(201);

      await proxy.close();
      await until(() => limits.health().redis === 'failing');
      expect(await health(a)).toEqual({ status: 'degraded', redis: 'failing' });
      // Each instance counts its own five now: none is refused for the other's.
      const started = performance.now();
      const codes = [];
      for (let n = 1; n <= 6; n++) codes.push((await book(a, n)).statusCode, (await book(b, 10 + n)).statusCode);
      const perRequest = (performance.now() - started) / 12;
      expect(codes).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 201, 201, 429, 429]);
      expect(await rows()).toBe(11);
      console.log(`limits: Redis away, 11 of 13 bookings stored (5 per instance + 1 before), ${perRequest.toFixed(1)} ms per booking`);
      expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);

      await proxy.open();
      await until(async () => (await health(a)).status === 'ok' && limitsOfB.health().redis === 'ok', 5000);
      // Counted in Redis again, where the one booking made before the outage still counts: four more
      // are taken, and the next is refused on either instance.
      for (let n = 20; n < 24; n++) expect((await book(n % 2 ? a : b, n)).statusCode).toBe(201);
      expect(await look.client.get(`${prefix}route:POST /api/discovery-calls:203.0.113.5`)).toBe('5');
      expect([(await book(a, 24)).statusCode, (await book(b, 25)).statusCode]).toEqual([429, 429]);
      expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    } finally {
      await proxy.close();
    }
  });
});
