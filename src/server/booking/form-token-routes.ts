// GET /api/form-token: the token the booking dialog asks for when it opens (form-token.ts), never
// cached, so each opening gets its own time. Where Alex calls back, the answer also says what the
// dialog may offer (callback-offer.ts): the page is the same on every deployment, so it learns it here.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { json, retryOnly } from '../http/route-schemas.ts';
import { FORM_TOKEN_PATH } from '../../shared/spam.ts';
import { callbackOfferJson, type CallbackOffer } from '../../shared/callback-offer.ts';
import type { FormTokens } from './form-token.ts';

export interface FormTokenRoutesOptions {
  tokens: FormTokens;
  /** Alex's call as the dialog offers it now; none where the callback channel is not set up. */
  callbackOffer?: () => CallbackOffer | undefined;
}

export async function formTokenRoutes(app: FastifyInstance, opts: FormTokenRoutesOptions) {
  const schema = {
    tags: ['booking'],
    summary: "The time trap's signed token, for the booking dialog when it opens",
    response: {
      200: json(
        z.object({
          token: z.string(),
          callback: callbackOfferJson
            .optional()
            .describe('Where Alex, the AI assistant, calls back (the callback channel): whether a call asked for now would ring now, or when.'),
        }),
        'The token, never cached.',
      ),
      503: json(retryOnly, 'The database cannot be reached. Retry-After: 5.'),
    },
  };
  app.get(FORM_TOKEN_PATH, { logLevel: 'warn', schema }, async (request, reply) => {
    try {
      const token = await opts.tokens.issue();
      const callback = opts.callbackOffer?.();
      return await reply.header('cache-control', 'no-store').send({ token, ...(callback ? { callback } : {}) });
    } catch (err) {
      // The database (and with it the secret) is not reachable: the booking itself will say so.
      request.log.warn({ err }, 'form token not issued');
      return reply.code(503).header('retry-after', '5').header('cache-control', 'no-store').send({ retryable: true });
    }
  });
}
