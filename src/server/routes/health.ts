import type { FastifyInstance } from 'fastify';
import type { ChannelHealth } from '../notifications/outbox.ts';
import type { LeadStore } from '../store/lead-store.ts';

export interface HealthRoutesOptions {
  store: LeadStore;
  /** The configured notification channels' states (notifications/index.ts); none when unset. */
  notifications?: () => Promise<Record<string, ChannelHealth>>;
  /** Where the limits count: `{ redis: … }` with REDIS_URL, empty without (limits/shared-limits.ts). */
  limits?: () => Record<string, ChannelHealth>;
}

/**
 * For load balancers and uptime checks: 200 while the store answers, 503 otherwise. A notification
 * channel whose last three attempts failed makes it `degraded`, naming the channel, and still 200:
 * the site itself works, and a load balancer must not take it out for that. So does a Redis that
 * cannot be reached (`"redis": "failing"`): leads are still taken, with each instance counting its
 * own limits.
 */
export async function healthRoutes(app: FastifyInstance, opts: HealthRoutesOptions) {
  app.get('/api/health', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await opts.store.ping();
    } catch (err) {
      request.log.warn({ err }, 'health check: store unreachable');
      return reply.code(503).send({ status: 'unavailable' });
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
