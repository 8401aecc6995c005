// Counting requests per key in fixed windows: the one mechanism behind every limit (bookings, log-ins,
// and any endpoint that needs its own). A window opens at a key's first hit and lasts its length; the
// count never extends it. In memory here; redis.ts keeps the same counts in Redis, shared by every
// instance (docs/decisions/016-limits-shared-by-every-instance.md).

/** A key's hits in its current window, this one included, and the milliseconds until the window ends. */
export interface Hits {
  count: number;
  resetMs: number;
}

export interface HitCounter {
  /** Counts one hit for the key in a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<Hits>;
  /** Forgets the key's hits. */
  reset(key: string): Promise<void>;
}

/** Sweep finished windows once this many keys are held, so hits from made-up keys cannot grow memory. */
const SWEEP_ABOVE = 10_000;

/** Counts for this process alone: what a single instance uses, and what Redis falls back to. */
export function memoryCounter(now: () => number = Date.now): HitCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      const at = now();
      if (windows.size > SWEEP_ABOVE) {
        for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetMs: window.endsAt - at };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
