// `GET /metrics` (metrics.ts holds what it answers), behind a bearer token (METRICS_TOKEN): without one
// the route does not exist.
import type { FastifyInstance } from 'fastify';
import { sameText } from '../core/signer.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/** The route, for a scraper holding the token; 404 without METRICS_TOKEN, 401 with a wrong one. */
export async function metricsRoutes(app: FastifyInstance, { metrics, token }: { metrics: Metrics; token: string | undefined }) {
  const expected = token ? `Bearer ${token}` : undefined;
  app.get(METRICS_PATH, async (request, reply) => {
    if (!expected) return reply.callNotFound();
    if (!sameText(request.headers.authorization ?? '', expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store').send({ error: 'Unauthorized' });
    }
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
}
