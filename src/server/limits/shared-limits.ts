// Where the limits count: in this process, or in Redis (REDIS_URL) so that every instance behind one
// load balancer sees the same counts. Redis is a help, never a dependency: while it cannot be reached
// each instance counts in its own memory (the limits hold per instance), a warning is logged once per
// outage, health says `degraded`, and the counts go back to Redis as soon as it answers again. No
// request waits for a Redis that is down: commands are not queued while disconnected. One that is
// connected but silent costs one request `commandTimeoutMs`, and the next second's requests nothing:
// they count in memory before Redis is tried again. See docs/decisions/016-limits-shared-by-every-instance.md.
import { Redis } from 'ioredis';
import type { ChannelHealth } from '../core/health.ts';
import { silentLog, type Log } from '../core/log.ts';
import { memoryCounter, type HitCounter } from './counter.ts';

export interface SharedLimits {
  counter: HitCounter;
  /** For GET /api/health: `{ redis: 'ok' | 'failing' }` with Redis, empty without. */
  health(): Record<string, ChannelHealth>;
  /** Connects, and logs what happens to the connection to `log`. */
  start(log?: Log): void;
  close(): Promise<void>;
}

/** Counts in this process only: a single instance, or tests. */
export function memoryLimits(now?: () => number): SharedLimits {
  return { counter: memoryCounter(now), health: () => ({}), start() {}, async close() {} };
}

// INCR and the window's expiry in one step, so no key is ever left without an end, whatever fails
// between them. A key found without one (written by hand) gets the window's.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type ScriptedRedis = Redis & { limitHit(key: string, windowMs: number): Promise<[number, number]> };

/** The counts in Redis, under `prefix`. Throws whatever the connection throws. */
export function redisCounter(client: Redis, prefix: string): HitCounter {
  client.defineCommand('limitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const scripted = client as ScriptedRedis;
  return {
    async hit(key, windowMs) {
      const [count, resetMs] = await scripted.limitHit(prefix + key, windowMs);
      return { count, resetMs };
    },
    async reset(key) {
      await client.del(prefix + key);
    },
  };
}

export interface RedisLimitsOptions {
  url: string;
  /** Put before every key, so several sites (or test runs) can share one Redis. */
  prefix?: string;
  /** How long a command may go unanswered before this instance counts in memory instead. */
  commandTimeoutMs?: number;
  /** After a command failed, how long to count in memory before trying Redis again. */
  retryAfterMs?: number;
  now?: () => number;
}

export const DEFAULT_KEY_PREFIX = 'limits:';

/** Reconnecting after 0.1 s, then 0.2 s… and every 2 s at most, for as long as Redis stays away. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 2000);

export function redisLimits({
  url,
  prefix = DEFAULT_KEY_PREFIX,
  commandTimeoutMs = 250,
  retryAfterMs = 1000,
  now = Date.now,
}: RedisLimitsOptions): SharedLimits {
  const client = new Redis(url, {
    lazyConnect: true,
    // A command sent while disconnected fails at once instead of waiting for the connection.
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    retryStrategy: reconnectDelay,
  });
  const shared = redisCounter(client, prefix);
  const local = memoryCounter(now);
  let log: Log = silentLog;
  let answering = false;
  let outage = false;
  let closing = false;
  /** Until when a connection that failed a command is not tried again. */
  let resting = 0;

  const lost = (err?: unknown) => {
    answering = false;
    if (outage || closing) return;
    outage = true;
    log.warn(
      { err: err instanceof Error ? err.message : undefined },
      'Redis unreachable or not answering: limits are counted per instance until it is back',
    );
  };
  const back = () => {
    answering = true;
    resting = 0;
    if (!outage) return;
    outage = false;
    log.info('Redis reachable again: limits are shared again');
  };
  client.on('ready', back);
  client.on('error', lost);
  client.on('close', () => lost());

  /** Redis when it is connected and answers, this process's memory otherwise. */
  async function counted<T>(use: (counter: HitCounter) => Promise<T>): Promise<T> {
    // Not connected (yet, or any more): the connection's own events have said so.
    if (client.status !== 'ready' || now() < resting) return use(local);
    try {
      const result = await use(shared);
      back();
      return result;
    } catch (err) {
      resting = now() + retryAfterMs;
      lost(err);
      return use(local);
    }
  }

  return {
    counter: {
      hit: (key, windowMs) => counted((c) => c.hit(key, windowMs)),
      async reset(key) {
        // Both, so a count made during an outage does not outlive a successful log-in.
        await Promise.all([local.reset(key), counted((c) => c.reset(key))]);
      },
    },
    health: () => ({ redis: answering && client.status === 'ready' ? 'ok' : 'failing' }),
    start(logTo) {
      if (logTo) log = logTo;
      // A first connection that fails is retried like any other: the site starts without Redis.
      client.connect().catch(lost);
    },
    async close() {
      closing = true;
      client.disconnect();
    },
  };
}

/** Redis when a URL is given, else memory. */
export function openLimits(redisUrl: string | undefined): SharedLimits {
  return redisUrl ? redisLimits({ url: redisUrl }) : memoryLimits();
}
