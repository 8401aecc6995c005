// The operator side's services, built once in services.ts: the accounts, the sessions, the browsers
// operators log in with, the password checks' gate, the guard the inbox's routes put in front of theirs,
// and the log-in limits.
import type { Kysely } from 'kysely';
import type { HitCounter } from '../limits/counter.ts';
import type { Database } from '../store/database.ts';
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
  /** Who is logged in, for every admin route. */
  guard: OperatorGuard;
  /** Log-in limits, on the site's counter. */
  limits: LoginLimits;
}

export interface OperatorsOptions extends OperatorStoreOptions {
  /** How many password checks run and wait at once (tests make it small). */
  hashGate?: HashGateOptions;
}

export function createOperators(db: Kysely<Database>, counter: HitCounter, { hashGate, ...options }: OperatorsOptions = {}): Operators {
  const accounts = createOperatorStore(db, options);
  const sessions = createSessionStore(db);
  return {
    accounts,
    sessions,
    devices: createDeviceCookies(() => siteSecret(db, 'device-cookie')),
    hashGate: createHashGate(hashGate),
    guard: createOperatorGuard({ accounts, sessions }),
    limits: loginLimits(counter),
  };
}
