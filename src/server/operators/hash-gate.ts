// How many password checks run at once. A check is a 32 MiB scrypt on Node's thread pool, which the
// static files and compression use too: a flood of log-ins would otherwise hold every pool thread and
// keep pages and bookings waiting. A few checks run at a time, a short queue waits, and beyond it a
// log-in is refused at once (429 with Retry-After) rather than held.

/**
 * Checks running at once: one of the pool's four threads and, on a small server, one of its cores; the
 * others are left to files, compression and the requests themselves (bench/login-flood.ts measured
 * two as well: the pages came out slower under a flood, and an operator waits a tenth of a second).
 */
export const HASHES_AT_ONCE = 1;
/** Checks that may wait their turn: at about 0.1 s a check, two seconds of waiting at most. */
export const HASHES_WAITING = 16;
/** What a refused log-in is told to wait, in seconds. */
export const BUSY_RETRY_SECONDS = 2;

/** Thrown when as many checks are waiting as may. */
export class HashGateFull extends Error {}

export interface HashGate {
  /** Runs `check` when a place is free; throws HashGateFull at once when the queue is full. */
  run<T>(check: () => Promise<T>): Promise<T>;
}

export interface HashGateOptions {
  atOnce?: number;
  waiting?: number;
}

export function createHashGate({ atOnce = HASHES_AT_ONCE, waiting = HASHES_WAITING }: HashGateOptions = {}): HashGate {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(check) {
      if (running < atOnce) running += 1;
      else if (queue.length < waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw new HashGateFull();
      try {
        return await check();
      } finally {
        release();
      }
    },
  };
}
