import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCounter, type HitCounter } from './counter.ts';
import { limiterOf, parseLimit } from './limiter.ts';
import { redisCounter, redisLimits, type SharedLimits } from './shared-limits.ts';
import { closedPort, inspector, recordingLog, redisProxy, TEST_REDIS_URL, testPrefix, until } from '../testing/redis.ts';

describe('parseLimit', () => {
  it('reads a count per window in seconds, minutes or hours, and nothing for 0 or off', () => {
    expect(parseLimit('5/10m')).toEqual({ max: 5, windowMs: 600_000 });
    expect(parseLimit('1/1s')).toEqual({ max: 1, windowMs: 1000 });
    expect(parseLimit('20/2h')).toEqual({ max: 20, windowMs: 7_200_000 });
    expect(parseLimit('0')).toBeUndefined();
    expect(parseLimit('off')).toBeUndefined();
    expect(() => parseLimit('5 per 10 minutes')).toThrow();
  });
});

describe('a limiter on memory, by the clock', () => {
  it('lets max hits through in a window, then answers the seconds left until it ends', async () => {
    let clock = 0;
    const limiter = limiterOf(memoryCounter(() => clock), 'test', { max: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(await limiter.consume('a')).toBe(0);
    clock = 20_500;
    expect(await limiter.consume('a')).toBe(40);
    expect(await limiter.consume('b')).toBe(0);
    // Refused hits do not push the window's end.
    clock = 59_999;
    expect(await limiter.consume('a')).toBe(1);
    clock = 60_000;
    expect(await limiter.consume('a')).toBe(0);
  });

  it('forgets the windows that ended once many keys are held', async () => {
    let clock = 0;
    const counter = memoryCounter(() => clock);
    for (let i = 0; i <= 10_001; i++) await counter.hit(`k${i}`, 1000);
    clock = 1000;
    // The sweep happened: an old key starts afresh, as it would anyway, and the count stays right.
    expect(await counter.hit('k1', 1000)).toEqual({ count: 1, resetMs: 1000 });
  });
});

/** The same promises on each kind of counter the run has. */
const KINDS: { kind: string; open: () => Promise<{ counter: HitCounter; close: () => Promise<void> }> }[] = [
  { kind: 'memory', open: async () => ({ counter: memoryCounter(), close: async () => {} }) },
];
if (TEST_REDIS_URL) {
  const url = TEST_REDIS_URL;
  KINDS.push({
    kind: 'redis',
    open: async () => {
      const prefix = testPrefix();
      const client = new Redis(url);
      const look = inspector(url);
      return {
        counter: redisCounter(client, prefix),
        close: async () => {
          await look.removeAll(prefix);
          await look.close();
          client.disconnect();
        },
      };
    },
  });
}

describe.each(KINDS)('a limiter on $kind', ({ open }) => {
  let counter: HitCounter;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ counter, close } = await open());
  });
  afterAll(() => close());

  it('lets max hits through, refuses the next with the seconds left, and starts afresh after the window', async () => {
    const limiter = limiterOf(counter, 'window', { max: 2, windowMs: 400 });
    expect([await limiter.consume('a'), await limiter.consume('a')]).toEqual([0, 0]);
    expect(await limiter.consume('a')).toBe(1);
    expect(await limiter.consume('b')).toBe(0);
    await sleep(450);
    expect(await limiter.consume('a')).toBe(0);
  });

  it('answers the whole seconds until the window ends', async () => {
    const limiter = limiterOf(counter, 'seconds', { max: 1, windowMs: 10 * 60_000 });
    await limiter.consume('a');
    const wait = await limiter.consume('a');
    expect(wait).toBeGreaterThan(599);
    expect(wait).toBeLessThanOrEqual(600);
  });

  it('forgets a key when reset, and keeps limits of other names apart', async () => {
    const one = limiterOf(counter, 'one', { max: 1, windowMs: 60_000 });
    const two = limiterOf(counter, 'two', { max: 1, windowMs: 60_000 });
    await one.consume('a');
    expect(await one.consume('a')).toBeGreaterThan(0);
    expect(await two.consume('a')).toBe(0);
    await one.reset('a');
    expect(await one.consume('a')).toBe(0);
  });

  it('counts every one of many hits at once exactly once', async () => {
    const counts = await Promise.all(Array.from({ length: 200 }, () => counter.hit('burst', 60_000)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });
});

describe.skipIf(!TEST_REDIS_URL)('limits in Redis', () => {
  const url = TEST_REDIS_URL ?? '';
  const prefix = testPrefix();
  const look = inspector(url);
  const opened: SharedLimits[] = [];
  const open = (at: string, log = recordingLog().log) => {
    const limits = redisLimits({ url: at, prefix });
    limits.start(log);
    opened.push(limits);
    return limits;
  };
  afterAll(async () => {
    await Promise.all(opened.map((l) => l.close()));
    await look.removeAll(prefix);
    await look.close();
  });

  it('keeps one count for every instance, each key ending with its window', async () => {
    const [a, b] = [open(url), open(url)];
    await until(() => a.health().redis === 'ok' && b.health().redis === 'ok');
    const [onA, onB] = [a, b].map((l) => limiterOf(l.counter, 'shared', { max: 5, windowMs: 60_000 }));
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await (i % 2 ? onB! : onA!).consume('203.0.113.9'));
    expect(waits).toEqual([0, 0, 0, 0, 0, 60]);
    expect(await onA!.consume('203.0.113.9')).toBe(60);
    expect(await look.client.get(`${prefix}shared:203.0.113.9`)).toBe('7');
    const ttl = await look.client.pttl(`${prefix}shared:203.0.113.9`);
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('counts in memory at once when Redis cannot be reached, warning once, and health says so', async () => {
    const { log, lines } = recordingLog();
    const limits = open(`redis://127.0.0.1:${await closedPort()}`, log);
    await until(() => lines.length > 0);
    const limiter = limiterOf(limits.counter, 'down', { max: 5, windowMs: 60_000 });
    const started = performance.now();
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await limiter.consume('a'));
    const perHitMs = (performance.now() - started) / 6;
    expect(waits).toEqual([0, 0, 0, 0, 0, 60]);
    expect(perHitMs).toBeLessThan(5);
    expect(limits.health()).toEqual({ redis: 'failing' });
    // Reconnection attempts go on, and say nothing more.
    await sleep(500);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(lines[0]!.message).toMatch(/Redis unreachable/);
  });

  it('falls back to memory while Redis is away and uses it again once back', async () => {
    const proxy = await redisProxy(url);
    const { log, lines } = recordingLog();
    const limits = open(proxy.url, log);
    await until(() => limits.health().redis === 'ok');
    const limiter = limiterOf(limits.counter, 'outage', { max: 100, windowMs: 60_000 });
    await limiter.consume('a');
    expect(await look.client.get(`${prefix}outage:a`)).toBe('1');

    await proxy.close();
    await until(() => limits.health().redis === 'failing');
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect(await limiter.consume('a')).toBe(0);
    console.log(`limits: ${((performance.now() - started) / 20).toFixed(3)} ms per hit while Redis is away`);
    expect(performance.now() - started).toBeLessThan(200);
    expect(await look.client.get(`${prefix}outage:a`)).toBe('1');

    await proxy.open();
    await until(() => limits.health().redis === 'ok', 5000);
    await limiter.consume('a');
    expect(await look.client.get(`${prefix}outage:a`)).toBe('2');
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(lines[1]!.message).toMatch(/Redis reachable again/);
    await proxy.close();
  });

  it('waits at most the command timeout once for a Redis that hangs, then counts in memory for a second', async () => {
    const proxy = await redisProxy(url);
    const { log, lines } = recordingLog();
    const limits = redisLimits({ url: proxy.url, prefix, commandTimeoutMs: 100, retryAfterMs: 1000 });
    limits.start(log);
    opened.push(limits);
    await until(() => limits.health().redis === 'ok');
    const limiter = limiterOf(limits.counter, 'hang', { max: 100, windowMs: 60_000 });
    await limiter.consume('a');

    proxy.hold();
    const times = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect(await limiter.consume('a')).toBe(0);
      times.push(performance.now() - started);
    }
    expect(times[0]).toBeGreaterThanOrEqual(95);
    expect(times[0]).toBeLessThan(400);
    expect(Math.max(...times.slice(1))).toBeLessThan(5);
    expect(limits.health()).toEqual({ redis: 'failing' });
    expect(lines.map((l) => l.level)).toEqual(['warn']);

    proxy.release();
    await sleep(1100);
    await limiter.consume('a');
    expect(limits.health()).toEqual({ redis: 'ok' });
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    await proxy.close();
  });
});
