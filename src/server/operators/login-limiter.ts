// How often log-in may be tried, so a password cannot be guessed by brute force, after OWASP's device
// cookies (device-cookie.ts). A browser carrying a genuine device cookie for the account is counted by
// that cookie alone. Any other client is counted per address (an IPv6 address by its /64: one source
// trying many accounts) and per account (many sources trying one); a lockout there applies to such
// clients only, so a stranger cannot lock the operator's own browser out. Every attempt counts before
// its password is checked, so a burst of parallel requests cannot slip past the count; a successful
// log-in clears the count it was made under. An unknown account is counted like a known one, or the
// 429 would tell which accounts exist.
//
// The counts are the site's limits' (limits/): in Redis, shared by every instance, when REDIS_URL is
// set, so an attacker gains nothing by spreading attempts over instances.
import type { HitCounter } from '../limits/counter.ts';
import { limiterOf, type Limiter } from '../limits/limiter.ts';

export interface LoginLimits {
  perAddress: Limiter;
  perAccount: Limiter;
  /** Per device cookie, for the browsers that carry one for the account. */
  perDevice: Limiter;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Limits that fit one office: a typo or two, never a dictionary. */
export const LOGIN_LIMITS = {
  perAddress: { max: 10, windowMs: FIFTEEN_MINUTES },
  perAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  perDevice: { max: 5, windowMs: FIFTEEN_MINUTES },
};

export function loginLimits(counter: HitCounter): LoginLimits {
  return {
    perAddress: limiterOf(counter, 'login-address', LOGIN_LIMITS.perAddress),
    perAccount: limiterOf(counter, 'login-account', LOGIN_LIMITS.perAccount),
    perDevice: limiterOf(counter, 'login-device', LOGIN_LIMITS.perDevice),
  };
}
