// What every request to the admin API goes through before its route, whichever plugin defines it, so
// a route added later cannot forget it: 404 while no operator account exists (the admin area stays
// invisible on a site that never set it up), never cached, and no state-changing request from
// another site (the session cookie's SameSite=Strict already keeps it off those; this holds for
// browsers that ignore SameSite too).
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { OperatorStore } from './operator-store.ts';
import { adminMessagesFor } from '../http/messages.ts';

export const ADMIN_API_PREFIX = '/api/admin/';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Whether the request comes from a page of this site: its Origin (or, where a browser sends none, its
 * Referer) is the origin the request was made to. `request.protocol` and `request.host` honour
 * TRUST_PROXY, so behind a proxy that is the public origin.
 */
export function isSameOrigin(request: Pick<FastifyRequest, 'protocol' | 'host' | 'headers'>): boolean {
  const own = originOf(`${request.protocol}://${request.host}`);
  const { origin, referer } = request.headers;
  const theirs = origin !== undefined ? originOf(origin) : referer ? originOf(referer) : undefined;
  return own !== undefined && theirs === own;
}

/** Whether a request is for the admin API: the route it reached, or where no route matched, its path. */
function isAdminRequest(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): boolean {
  const route = request.routeOptions.url;
  return route !== undefined ? route.startsWith(ADMIN_API_PREFIX) : request.url.startsWith(ADMIN_API_PREFIX);
}

export function adminRequestsHook(accounts: Pick<OperatorStore, 'hasOperators'>): onRequestAsyncHookHandler {
  return async function adminRequests(request: FastifyRequest, reply: FastifyReply) {
    // The route the request reached, not its raw URL: routing decodes the path, so `/api/%61dmin/…`
    // reaches an admin route while its raw URL does not start with the prefix. A path that reaches no
    // route is gated by its raw URL as well, so its 404 is never cached either.
    if (!isAdminRequest(request)) return;
    reply.header('cache-control', 'no-store');
    if (!(await accounts.hasOperators())) return reply.callNotFound();
    if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
      request.log.warn({ origin: request.headers.origin, referer: Boolean(request.headers.referer) }, 'cross-site admin request refused');
      const messages = adminMessagesFor(request);
      return reply.code(403).send({ error: messages.crossSite });
    }
  };
}
