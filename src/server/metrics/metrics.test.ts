import { spawnSync } from 'node:child_process';
import { beforeEach, expect, it } from 'vitest';
import { memoryLimits } from '../limits/shared-limits.ts';
import { HONEYPOT_FIELD } from '../../shared/spam.ts';
import { describeApp, INJECT_ORIGIN, type App } from '../testing/app.ts';
import { GEORGI } from '../testing/leads.ts';
import { addOperator, clearOperators } from '../testing/operators.ts';
import { METRIC_PREFIX } from './metrics.ts';
import { METRICS_PATH } from './metrics-routes.ts';

/** Debian's `prometheus` package has it; CI installs it (.ci/run), elsewhere its test says so and is skipped. */
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const hasPromtool = spawnSync(PROMTOOL, ['--version']).status === 0;

const TOKEN = 'a-scraper-token-of-24-chars-or-more';

/** The value of one series in Prometheus' text, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeApp('GET /metrics', (site) => {
  let app: App;
  const scrape = async () => {
    const res = await app.inject({ url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const book = (extra: object = {}) =>
    app.inject({ method: 'POST', url: '/api/discovery-calls', headers: { 'content-type': 'application/json' }, payload: { ...GEORGI, ...extra } });

  beforeEach(async () => {
    await site.store.db.deleteFrom('discovery_calls').execute();
    await site.store.db.deleteFrom('outbox').execute();
    app = await site.build({ metricsToken: TOKEN });
  });

  it('does not exist without METRICS_TOKEN, and wants the token with it', async () => {
    const without = await site.build();
    expect((await without.inject(METRICS_PATH)).statusCode).toBe(404);
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await app.inject({ url: METRICS_PATH, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain(`${METRIC_PREFIX}bookings_total`);
    }
  });

  it('speaks Prometheus: requests by route pattern and status, timed', async () => {
    await app.inject('/api/health');
    await app.inject('/api/health');
    await app.inject('/no/such/page/1');
    await app.inject('/no/such/page/2');
    const res = await app.inject({ url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(valueOf(res.body, `${METRIC_PREFIX}http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}`)).toBe(2);
    // Unknown paths share one series, so a scan cannot grow them without end.
    expect(valueOf(res.body, `${METRIC_PREFIX}http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}`)).toBe(2);
    expect(res.body).not.toContain('/no/such/page');
    // The process's own figures, for memory and event-loop delay.
    for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(valueOf(res.body, name), name).toBeGreaterThan(0);
    }
  });

  it('counts bookings stored and spam by reason, and the outbox behind them', async () => {
    expect((await book()).statusCode).toBe(201);
    expect((await book({ email: 'second@example.com', [HONEYPOT_FIELD]: 'x' })).statusCode).toBe(201);
    const text = await scrape();
    expect(valueOf(text, `${METRIC_PREFIX}bookings_total{result="stored",reason=""}`)).toBe(1);
    expect(valueOf(text, `${METRIC_PREFIX}bookings_total{result="spam",reason="honeypot"}`)).toBe(1);
    expect(valueOf(text, `${METRIC_PREFIX}database_up`)).toBe(1);
    expect(valueOf(text, `${METRIC_PREFIX}outbox_oldest_pending_seconds`)).toBeGreaterThanOrEqual(0);
    expect(text).toContain(`# TYPE ${METRIC_PREFIX}delivery_attempts gauge`);
    expect(text).not.toContain(GEORGI.email);
  });

  it('counts bookings refused over the limit, and log-ins that failed', async () => {
    const limited = await site.build({ metricsToken: TOKEN, bookingRateLimit: { max: 1, windowMs: 60_000 } });
    await limited.inject({ method: 'POST', url: '/api/discovery-calls', headers: { 'content-type': 'application/json' }, payload: GEORGI });
    expect((await limited.inject({ method: 'POST', url: '/api/discovery-calls', headers: { 'content-type': 'application/json' }, payload: GEORGI })).statusCode).toBe(429);
    await clearOperators(site.store.db);
    await addOperator(site.store.db);
    const wrong = { method: 'POST' as const, url: '/api/admin/login', headers: { origin: INJECT_ORIGIN }, payload: { email: 'nobody@example.com', password: 'not the password' } };
    expect((await limited.inject(wrong)).statusCode).toBe(401);
    const text = (await limited.inject({ url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(valueOf(text, `${METRIC_PREFIX}bookings_total{result="refused",reason="limit"}`)).toBe(1);
    expect(valueOf(text, `${METRIC_PREFIX}login_failures_total{reason="wrong"}`)).toBe(1);
  });

  it('says nothing of Redis without REDIS_URL, and 1 or 0 with it', async () => {
    expect(await scrape()).not.toContain('redis_up');
    let health: 'ok' | 'failing' = 'ok';
    const withRedis = await site.build({ metricsToken: TOKEN, limits: { ...memoryLimits(), health: () => ({ redis: health }) } });
    const scrapeIt = async () => (await withRedis.inject({ url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(valueOf(await scrapeIt(), `${METRIC_PREFIX}redis_up`)).toBe(1);
    health = 'failing';
    expect(valueOf(await scrapeIt(), `${METRIC_PREFIX}redis_up`)).toBe(0);
  });

  it('gives the site\'s own series one prefix, and passes Prometheus\' own lint on a real scrape', async (context) => {
    if (!hasPromtool) {
      expect(process.env.CI, 'promtool (Debian\'s prometheus package) is missing on CI').toBeFalsy();
      context.skip();
    }
    expect((await book()).statusCode).toBe(201);
    await app.inject('/api/health');
    const text = await scrape();
    const own = [...new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!))].filter((name) => !/^(process|nodejs)_/.test(name));
    expect(own.length).toBeGreaterThan(5);
    expect(own.filter((name) => !name.startsWith(METRIC_PREFIX))).toEqual([]);
    const lint = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(`${lint.stdout}${lint.stderr}`.trim()).toBe('');
    expect(lint.status).toBe(0);
  });
});
