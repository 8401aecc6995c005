// Redis for the limits' tests, as testing/store.ts does for PostgreSQL: only where TEST_REDIS_URL names
// one, each test file under a key prefix of its own, its keys deleted afterwards. Also a TCP proxy on
// loopback in front of it, to take Redis away and give it back while a test runs.
import net from 'node:net';
import { Redis } from 'ioredis';
import type { Log } from '../core/log.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** A prefix no other run or file uses. */
export function testPrefix(): string {
  return `test:limits:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
}

/** A plain client for looking at what the tests stored, and removing it. */
export function inspector(url: string) {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  return {
    client,
    async keys(prefix: string): Promise<string[]> {
      const found: string[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        found.push(...keys);
        cursor = next;
      } while (cursor !== '0');
      return found;
    },
    async removeAll(prefix: string) {
      const keys = await this.keys(prefix);
      if (keys.length) await client.del(...keys);
    },
    async close() {
      client.disconnect();
    },
  };
}

/** A log that keeps its lines, to see what was warned and how often. */
export function recordingLog() {
  const lines: { level: 'info' | 'warn' | 'error'; message: string }[] = [];
  const at = (level: 'info' | 'warn' | 'error') => (...args: unknown[]) => {
    const message = args.find((a): a is string => typeof a === 'string') ?? '';
    lines.push({ level, message });
  };
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as Log;
  return { log, lines };
}

/**
 * Forwards a port on loopback to Redis. close() drops every connection and stops listening, as a Redis
 * that went down; open() listens on the same port again, as one that came back. hold() keeps Redis's
 * answers back, connections open, as a Redis that hangs; release() lets them through.
 */
export async function redisProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let held: Buffer[] | undefined;
  const toClients = new Set<(data: Buffer) => void>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream);
    const forward = (data: Buffer) => void client.write(data);
    toClients.add(forward);
    upstream.on('data', (data: Buffer) => (held ? held.push(data) : forward(data)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      toClients.delete(forward);
      client.destroy();
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
    open: () => listen(port),
    hold() {
      held = [];
    },
    release() {
      // One connection in these tests: what was held goes back to it in order.
      const waiting = held ?? [];
      held = undefined;
      for (const forward of toClients) for (const data of waiting) forward(data);
    },
  };
}

/** A port on loopback where nothing listens. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits until `check` holds, polling every 20 ms, for at most `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
