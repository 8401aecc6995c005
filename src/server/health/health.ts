import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ChannelHealth } from '../core/health.ts';
import type { LeadStore } from '../leads/lead-store.ts';
import type { StorageState } from '../store/storage-check.ts';
import { json } from '../http/route-schemas.ts';

const channelHealth = z.enum(['ok', 'failing']) satisfies z.ZodType<ChannelHealth>;
/** The answer while the store answers: each configured notification channel, and Redis and the calendars where they are used. */
const working = z.object({
  status: z.enum(['ok', 'degraded']),
  channels: z.record(z.string(), channelHealth).optional(),
  redis: channelHealth.optional(),
  calendars: channelHealth.optional(),
});
const unavailable = z.object({
  status: z.literal('unavailable'),
  storage: z.enum(['read-only', 'full']).optional(),
}) satisfies z.ZodType<{ status: 'unavailable'; storage?: Exclude<StorageState, 'ok'> }>;

export interface HealthRoutesOptions {
  store: LeadStore;
  /** The configured notification channels' states (notifications/index.ts); none when unset. */
  notifications?: () => Promise<Record<string, ChannelHealth>>;
  /** Where the limits count: `{ redis: … }` with REDIS_URL, empty without (limits/shared-limits.ts). */
  limits?: () => Record<string, ChannelHealth>;
  /** Whether the SQLite folder takes writes (store/storage-check.ts); none with PostgreSQL. */
  storage?: () => StorageState;
}

/**
 * For load balancers and uptime checks: 200 while the store answers, 503 otherwise, and 503 naming
 * the problem while the SQLite folder is full or read-only (bookings fail there). A notification
 * channel whose last three attempts failed makes it `degraded`, naming the channel, and still 200:
 * the site itself works, and a load balancer must not take it out for that. So does a Redis that
 * cannot be reached (`"redis": "failing"`): leads are still taken, with each instance counting its
 * own limits.
 */
export async function healthRoutes(app: FastifyInstance, opts: HealthRoutesOptions) {
  const schema = {
    tags: ['site'],
    summary: 'For load balancers and uptime checks',
    response: {
      200: json(working, '`ok`, or `degraded` naming what fails (leads are still taken).'),
      503: json(unavailable, 'The database does not answer, or the SQLite folder takes no writes.'),
    },
  };
  app.get('/api/health', { schema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let storage: StorageState;
    try {
      await opts.store.ping();
      storage = opts.storage?.() ?? 'ok';
    } catch (err) {
      request.log.warn({ err }, 'health check: store unreachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
    if (storage !== 'ok') {
      request.log.warn({ storage }, 'health check: the data folder takes no writes');
      return reply.code(503).send({ status: 'unavailable', storage });
    }
    const channels = opts.notifications ? await opts.notifications() : {};
    const limits = opts.limits ? opts.limits() : {};
    const degraded = [...Object.values(channels), ...Object.values(limits)].includes('failing');
    return reply.send({
      status: degraded ? 'degraded' : 'ok',
      ...(Object.keys(channels).length > 0 ? { channels } : {}),
      ...limits,
    });
  });
}
