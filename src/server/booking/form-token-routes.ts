// GET /api/form-token: the token the booking dialog asks for when it opens (form-token.ts), never
// cached, so each opening gets its own time.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { json, retryOnly } from '../http/route-schemas.ts';
import { FORM_TOKEN_PATH } from '../../shared/spam.ts';
import type { FormTokens } from './form-token.ts';

export async function formTokenRoutes(app: FastifyInstance, opts: { tokens: FormTokens }) {
  const schema = {
    tags: ['booking'],
    summary: "The time trap's signed token, for the booking dialog when it opens",
    response: {
      200: json(z.object({ token: z.string() }), 'The token, never cached.'),
      503: json(retryOnly, 'The database cannot be reached. Retry-After: 5.'),
    },
  };
  app.get(FORM_TOKEN_PATH, { logLevel: 'warn', schema }, async (request, reply) => {
    try {
      return await reply.header('cache-control', 'no-store').send({ token: await opts.tokens.issue() });
    } catch (err) {
      // The database (and with it the secret) is not reachable: the booking itself will say so.
      request.log.warn({ err }, 'form token not issued');
      return reply.code(503).header('retry-after', '5').header('cache-control', 'no-store').send({ retryable: true });
    }
  });
}
