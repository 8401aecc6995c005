// How often log-in may be tried, so a password cannot be guessed by brute force: per client address
// (one source trying many accounts) and per account (many sources trying one). Every attempt counts,
// before its password is checked, so a burst of parallel requests cannot slip past the count; a
// successful log-in clears its account's count. An unknown account is counted like a known one, or the
// 429 would tell which accounts exist.
//
// In memory for now: with several instances each keeps its own count, so the limit is per instance.
// The interface is asynchronous so a shared store (Redis) can take its place.

export interface LoginLimiter {
  /** Counts one attempt for the key: 0 when it may go ahead, else the seconds until it may. */
  consume(key: string): Promise<number>;
  /** Forgets the key's attempts. */
  reset(key: string): Promise<void>;
}

export interface LoginLimits {
  perAddress: LoginLimiter;
  perAccount: LoginLimiter;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Limits that fit one office: a typo or two, never a dictionary. */
export const LOGIN_LIMITS = {
  perAddress: { max: 10, windowMs: FIFTEEN_MINUTES },
  perAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
};

/** Sweep finished windows once this many keys are held, so spraying made-up accounts cannot grow memory. */
const SWEEP_ABOVE = 10_000;

export function memoryLoginLimiter(
  { max, windowMs }: { max: number; windowMs: number },
  now: () => number = Date.now,
): LoginLimiter {
  // A fixed window per key: counted from its first attempt.
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async consume(key) {
      const at = now();
      if (windows.size > SWEEP_ABOVE) {
        for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      if (window.count >= max) return Math.ceil((window.endsAt - at) / 1000);
      window.count += 1;
      return 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function memoryLoginLimits(now?: () => number): LoginLimits {
  return {
    perAddress: memoryLoginLimiter(LOGIN_LIMITS.perAddress, now),
    perAccount: memoryLoginLimiter(LOGIN_LIMITS.perAccount, now),
  };
}
