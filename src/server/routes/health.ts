import type { FastifyInstance } from 'fastify';
import type { LeadStore } from '../store/lead-store.ts';

/** For load balancers and uptime checks: 200 while the store answers, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance, opts: { store: LeadStore }) {
  app.get('/api/health', async (request, reply) => {
    try {
      await opts.store.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (err) {
      request.log.warn({ err }, 'health check: store unreachable');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });
}
