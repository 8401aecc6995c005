// The operator side's part of the app, in one call for buildApp: the admin API's gate, the log-in
// routes, and the guard the inbox's routes put in front of theirs.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { HitCounter } from '../limits/counter.ts';
import type { Database } from '../store/database.ts';
import { adminRequestsHook } from './admin-requests.ts';
import { operatorAuthRoutes, type AuthRoutesOptions } from './auth-routes.ts';
import { siteSecret } from '../store/site-secret.ts';
import { createDeviceCookies, type DeviceCookies } from './device-cookie.ts';
import { createOperatorGuard, type OperatorGuard } from './guard.ts';
import { createHashGate, type HashGate, type HashGateOptions } from './hash-gate.ts';
import { loginLimits, type LoginLimits } from './login-limiter.ts';
import { createOperatorStore, type OperatorStore, type OperatorStoreOptions } from './operator-store.ts';
import { createSessionStore, type SessionStore } from './sessions.ts';

export interface Operators {
  accounts: OperatorStore;
  sessions: SessionStore;
  /** The browsers operators have logged in with, for the log-in limits. */
  devices: DeviceCookies;
  /** How many password checks run at once. */
  hashGate: HashGate;
  /** Log-in limits; on the app's counter (the site's limits) when not given. */
  limits?: LoginLimits;
}

export interface OperatorsOptions extends OperatorStoreOptions {
  /** How many password checks run and wait at once (tests make it small). */
  hashGate?: HashGateOptions;
}

export function createOperators(db: Kysely<Database>, { hashGate, ...options }: OperatorsOptions = {}): Operators {
  return {
    accounts: createOperatorStore(db, options),
    sessions: createSessionStore(db),
    devices: createDeviceCookies(() => siteSecret(db, 'device-cookie')),
    hashGate: createHashGate(hashGate),
  };
}

export async function registerAdminApi(
  app: FastifyInstance,
  operators: Operators,
  counter: HitCounter,
  notificationHealth?: AuthRoutesOptions['notificationHealth'],
): Promise<OperatorGuard> {
  // On the root instance, so it sees every /api/admin/ request, the inbox's included.
  app.addHook('onRequest', adminRequestsHook(operators.accounts));
  const guard = createOperatorGuard(operators);
  await app.register(operatorAuthRoutes, { ...operators, limits: operators.limits ?? loginLimits(counter), guard, notificationHealth });
  return guard;
}
