// GET /api/form-token: the token the booking dialog asks for when it opens (form-token.ts), never
// cached, so each opening gets its own time.
import type { FastifyInstance } from 'fastify';
import { FORM_TOKEN_PATH } from '../../shared/spam.ts';
import type { FormTokens } from './form-token.ts';

export async function formTokenRoutes(app: FastifyInstance, opts: { tokens: FormTokens }) {
  app.get(FORM_TOKEN_PATH, { logLevel: 'warn' }, async (request, reply) => {
    try {
      return await reply.header('cache-control', 'no-store').send({ token: await opts.tokens.issue() });
    } catch (err) {
      // The database (and with it the secret) is not reachable: the booking itself will say so.
      request.log.warn({ err }, 'form token not issued');
      return reply.code(503).header('retry-after', '5').header('cache-control', 'no-store').send({ retryable: true });
    }
  });
}
