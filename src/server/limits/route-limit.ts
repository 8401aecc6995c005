// Per-address limits on routes, through @fastify/rate-limit counting on our counter (memory, or Redis
// with its fallback: shared-limits.ts). The plugin keys a request by its address, an IPv6 address by
// its /64 (one visitor's network), sets Retry-After, and runs before the body is read. A route limits
// itself with `config: { rateLimit: routeLimit(limit, message) }`.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { HitCounter } from './counter.ts';
import type { Limit } from './limiter.ts';

/** The plugin's store on a counter: each limited route counts in a key space of its own. */
export function rateLimitStore(counter: HitCounter): FastifyRateLimitStoreCtor {
  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counter.hit(prefix + key, timeWindow).then(
        ({ count, resetMs }) => callback(null, { current: count, ttl: resetMs }),
        (err: Error) => callback(err),
      );
    },
    child(routeOptions) {
      // The plugin hands the route as routeInfo, beside the route's own limit settings.
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string; url: string } };
      return storeFor(`route:${routeInfo.method} ${routeInfo.url}:`);
    },
  });
  // The plugin calls `new store(options)`; a constructor returning an object yields that object.
  return function Store() {
    return storeFor('');
  } as unknown as FastifyRateLimitStoreCtor;
}

/** A refusal for being over a limit, its message already in the visitor's language. */
export class TooManyRequests extends Error {
  readonly statusCode = 429;
}

/**
 * A route's limit (false when it has none). `message` words the refusal for the seconds to wait; the
 * plugin has already set Retry-After to them.
 */
export function routeLimit(
  limit: Limit | undefined,
  message: (request: FastifyRequest, seconds: number) => string,
): RateLimitOptions | false {
  if (!limit) return false;
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: (request, context) =>
      new TooManyRequests(message(request, Math.max(1, Math.ceil(context.ttl / 1000)))),
  };
}
