import type { FastifyInstance } from 'fastify';
import type { ChannelHealth } from '../notifications/outbox.ts';
import type { LeadStore } from '../store/lead-store.ts';

export interface HealthRoutesOptions {
  store: LeadStore;
  /** The configured notification channels' states (notifications/index.ts); none when unset. */
  notifications?: () => Promise<Record<string, ChannelHealth>>;
}

/**
 * For load balancers and uptime checks: 200 while the store answers, 503 otherwise. A notification
 * channel whose last three attempts failed makes it `degraded`, naming the channel, and still 200:
 * the site itself works, and a load balancer must not take it out for that.
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
    if (Object.keys(channels).length === 0) return reply.send({ status: 'ok' });
    const degraded = Object.values(channels).includes('failing');
    return reply.send({ status: degraded ? 'degraded' : 'ok', channels });
  });
}
