// A limit on a counter: so many hits per key in a window. Each limit has a name of its own, so limits
// on one counter (one Redis) never count each other's hits.
import type { HitCounter } from './counter.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface Limiter {
  /** Counts one hit for the key: 0 when it may go ahead, else the whole seconds until it may. */
  consume(key: string): Promise<number>;
  /** Forgets the key's hits. */
  reset(key: string): Promise<void>;
}

export function limiterOf(counter: HitCounter, name: string, { max, windowMs }: Limit): Limiter {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    async consume(key) {
      const { count, resetMs } = await counter.hit(keyOf(key), windowMs);
      return count > max ? Math.max(1, Math.ceil(resetMs / 1000)) : 0;
    },
    reset: (key) => counter.reset(keyOf(key)),
  };
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** How a limit is written in the environment: `5/10m` (s, m or h), or `0` / `off` for none. */
export const LIMIT_SYNTAX = /^(?:0|off|([1-9]\d{0,5})\/([1-9]\d{0,5})([smh]))$/;

/** The limit a matching text names; undefined for `0` and `off`. */
export function parseLimit(text: string): Limit | undefined {
  const match = LIMIT_SYNTAX.exec(text);
  if (!match) throw new Error(`not a limit: ${text}`);
  const [, max, length, unit] = match;
  if (!max || !length || !unit) return undefined;
  return { max: Number(max), windowMs: Number(length) * UNIT_MS[unit as keyof typeof UNIT_MS] };
}
