// Who is logged in: the session cookie looked up on every request (epic-stack's requireUserId), for
// the admin routes to put in front of theirs.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorStore } from './operator-store.ts';
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from './session-cookie.ts';
import type { SessionStore, SignedInOperator } from './sessions.ts';
import { adminMessagesFor } from '../http/messages.ts';

export interface OperatorGuard {
  /** preHandler: lets a logged-in operator through, answers 401 (JSON) otherwise. */
  requireOperator: preHandlerAsyncHookHandler;
  /** The operator requireOperator let through; throws for a request it did not. */
  operatorOf(request: FastifyRequest): SignedInOperator;
  /**
   * The operator the request's session cookie belongs to, or undefined; renews or clears the cookie as
   * the session slides or is gone. For routes that answer a visitor otherwise (a page's redirect).
   */
  sessionOperator(request: FastifyRequest, reply: FastifyReply): Promise<SignedInOperator | undefined>;
  /** Whether any operator account exists; the inbox page answers 404 until one does. */
  hasOperators(): Promise<boolean>;
}

/** Whether the cookie should be the https one: `request.protocol` honours TRUST_PROXY. */
export const isSecure = (request: FastifyRequest) => request.protocol === 'https';

export function createOperatorGuard({ accounts, sessions }: { accounts: OperatorStore; sessions: SessionStore }): OperatorGuard {
  const signedIn = new WeakMap<FastifyRequest, SignedInOperator>();

  const sessionOperator = async (request: FastifyRequest, reply: FastifyReply) => {
    const secure = isSecure(request);
    const token = sessionTokenOf(request.headers.cookie, secure);
    if (!token) return undefined;
    const session = await sessions.find(token);
    if (!session) {
      reply.header('set-cookie', clearedSessionCookie(secure));
      return undefined;
    }
    if (session.renewed) reply.header('set-cookie', sessionCookie(token, secure));
    return session.operator;
  };

  return {
    async requireOperator(request, reply) {
      const operator = await sessionOperator(request, reply);
      if (operator) {
        signedIn.set(request, operator);
        return;
      }
      const messages = adminMessagesFor(request);
      return reply.code(401).send({ error: messages.loginRequired });
    },
    operatorOf(request) {
      const operator = signedIn.get(request);
      if (!operator) throw new Error('operatorOf: the route has no requireOperator in front of it');
      return operator;
    },
    sessionOperator,
    hasOperators: () => accounts.hasOperators(),
  };
}
