// Every failure answered in the same JSON shape, in the request's language, without its details: a 4xx
// Fastify raised (bad JSON, too large, wrong type, over a limit) gets its message, another 4xx is logged
// at warn and answered as such; a failure of ours is logged with its stack and answered 500 with a
// generic message.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequests } from '../limits/route-limit.ts';
import { apiMessagesFor } from './messages.ts';

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const messages = apiMessagesFor(request);
  // Over a limit: the limit's own message, already in the visitor's language (limits/route-limit.ts).
  if (error instanceof TooManyRequests) return reply.code(429).send({ error: error.message, retryable: true });
  const status = error.statusCode ?? 500;
  const known: Record<number, string> = {
    400: messages.invalidJson,
    413: messages.tooLarge,
    415: messages.unsupportedType,
    429: messages.tooManyRequests,
  };
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: messages.internal });
  }
  if (!(status in known)) {
    // A refusal of a plugin's own, the client's doing rather than ours: the static files answer 403 to
    // a path that climbs out of their folder. Said at warn, without a stack; a file that may not be
    // read is simply not there.
    request.log.warn({ status, reason: error.message }, 'request refused');
    if (status === 403 || status === 404) return reply.callNotFound();
    return reply.code(status).send({ error: messages.invalidJson });
  }
  return reply.code(status).send({ error: known[status], ...(status === 429 ? { retryable: true } : {}) });
}
