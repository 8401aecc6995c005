import type { FastifyInstance } from 'fastify';
import { json } from '../http/route-schemas.ts';
import { detectPlace, location, locationOf, type LocationSource } from './location.ts';

/**
 * The location of the asking visitor (docs/api.md, "Location"): for the page, and for operators checking
 * that their proxy's country header arrives. Personal to the visitor, so never stored by any cache.
 */
export async function locationRoutes(app: FastifyInstance, opts: { sources: readonly LocationSource[] }) {
  const schema = {
    tags: ['site'],
    summary: 'What the server knows of where the asking visitor is',
    response: { 200: json(location, 'From the country header or the GeoIP database; `countryCode` "US" and an `error` when nothing is known.') },
  };
  app.get('/api/location', { schema }, async (request, reply) => {
    const detection = detectPlace(opts.sources, request, (err, source) =>
      request.log.warn({ err, source: source.name }, 'location source failed'),
    );
    return reply.header('cache-control', 'private, no-store').send(locationOf(detection));
  });
}
