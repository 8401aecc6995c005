// Every failure answered in the same JSON shape, in the request's language, without its details: a 4xx
// Fastify raised (bad JSON, too large, wrong type, over a limit) gets its message; anything else is
// logged and answered 500 with a generic one.
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
  if (status >= 500 || !(status in known)) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 400 && status < 500 ? status : 500).send({ error: messages.internal });
  }
  return reply.code(status).send({ error: known[status], ...(status === 429 ? { retryable: true } : {}) });
}
