// What whoever runs the site scrapes (metrics-routes.ts serves it), in Prometheus' text format
// (prom-client): requests by route and status with their durations, bookings by outcome, log-in
// refusals, the outbox's backlog and deliveries, and whether the database and Redis answer. Each app
// has a registry of its own (no global state), and the figures read from the database are the same on
// every instance: sum the counters of requests, not those. The site's own series share one prefix
// (METRIC_PREFIX), counters end in `_total`, and the whole scrape passes `promtool check metrics`
// (metrics.test.ts runs it).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ChannelHealth } from '../core/health.ts';
import type { Database } from '../store/database.ts';


/** The start of every series of the site's own, beside the process's (`process_*`, `nodejs_*`). */
export const METRIC_PREFIX = 'agency_site_';

/**
 * prom-client's sums of the gauges it also gives by type, named like counters: Prometheus' lint refuses
 * a gauge ending in `_total`, and `sum()` of the typed ones says the same.
 */
const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** What a booking came to, as the booking route reports it. */
export type BookingOutcome = { result: 'stored' } | { result: 'spam'; reason: string };

export interface Metrics {
  registry: Registry;
  /** Counts a booking the route stored, as a lead or as spam with its reason. */
  booking(outcome: BookingOutcome): void;
  /** The hook that times every answer (registered on the app's root). */
  onResponse(request: FastifyRequest, reply: FastifyReply, done: () => void): void;
}

export interface MetricsSources {
  db: Kysely<Database>;
  /** Whether the store answers. */
  ping: () => Promise<void>;
  /** Where the limits count: `{ redis: … }` with REDIS_URL, empty without. */
  limits: () => Record<string, ChannelHealth>;
}

const BOOKING_ROUTE = '/api/discovery-calls';
const LOGIN_ROUTE = '/api/admin/login';

export function createMetrics({ db, ping, limits }: MetricsSources): Metrics {
  const registry = new Registry();
  // The process's own: resident memory, heap, event-loop delay, garbage collection, open handles.
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  const named = (name: string) => `${METRIC_PREFIX}${name}`;
  const requests = new Histogram({
    name: named('http_request_duration_seconds'),
    help: 'Time to answer a request, by method, route (the pattern, not the path) and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const bookings = new Counter({
    name: named('bookings_total'),
    help: 'Booking requests by what they came to: stored (a lead), spam (with its reason), or refused over the limit.',
    labelNames: ['result', 'reason'],
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: named('login_failures_total'),
    help: 'Log-ins that did not succeed: a wrong email or password, or refused (over a limit, or too many checks at once).',
    labelNames: ['reason'],
    registers: [registry],
  });
  new Gauge({
    name: named('outbox_entries'),
    help: 'Notifications in the outbox by channel and status (read from the database: the same on every instance).',
    labelNames: ['channel', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db.selectFrom('outbox').select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['channel', 'status']).execute();
      for (const row of rows) this.set({ channel: row.channel, status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: named('outbox_oldest_pending_seconds'),
    help: 'Age of the oldest notification not yet delivered; 0 when none waits.',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('outbox')
        .select(sql<string | Date | null>`min(created_at)`.as('oldest'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
      this.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });
  new Gauge({
    name: named('delivery_attempts'),
    help: 'Attempts to deliver a notification, by channel and result (read from the database).',
    labelNames: ['channel', 'result'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db
        .selectFrom('delivery_attempts')
        .select(['channel', 'ok', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['channel', 'ok'])
        .execute();
      for (const row of rows) this.set({ channel: row.channel, result: Number(row.ok) === 1 ? 'delivered' : 'failed' }, Number(row.n));
    },
  });
  new Gauge({
    name: named('database_up'),
    help: '1 while the database answers, 0 otherwise.',
    registers: [registry],
    async collect() {
      this.set(await ping().then(() => 1, () => 0));
    },
  });
  // Only where there is a Redis to ask: a series of 0 without one would fire every "Redis down" alert.
  if (limits().redis !== undefined) {
    new Gauge({
      name: named('redis_up'),
      help: '1 while Redis answers, 0 while it does not (the limits are then counted per instance); absent without REDIS_URL.',
      registers: [registry],
      collect() {
        this.set(limits().redis === 'failing' ? 0 : 1);
      },
    });
  }

  return {
    registry,
    booking(outcome) {
      bookings.inc({ result: outcome.result, reason: outcome.result === 'spam' ? outcome.reason : '' });
    },
    onResponse(request, reply, done) {
      // Unmatched paths share one label, so a scan of random paths cannot grow the series without end.
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      requests.observe({ method: request.method, route, status: String(status) }, reply.elapsedTime / 1000);
      if (route === BOOKING_ROUTE && status === 429) bookings.inc({ result: 'refused', reason: 'limit' });
      if (route === LOGIN_ROUTE && status === 401) loginFailures.inc({ reason: 'wrong' });
      if (route === LOGIN_ROUTE && status === 429) loginFailures.inc({ reason: 'refused' });
      done();
    },
  };
}
