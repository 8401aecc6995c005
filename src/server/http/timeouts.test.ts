// Slow and stalled clients against a listening app, over a raw socket: each of the server's timeouts
// cuts off the client it is there for. The timeouts are made short here (a second or less) so the
// test takes seconds; the real values are checked against what docs/reliability.md says.
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS, type ServerTimeouts } from './timeouts.ts';
import { useTestApp, type App } from '../testing/app.ts';

/** How long a test waits for the server to cut a client off before it gives up: far past every timeout here. */
const GIVE_UP_MS = 8_000;

interface Outcome {
  /** What the server sent back, if anything. */
  answer: string;
  /** Milliseconds from the first byte the client sent until the server closed the connection. */
  closedAfterMs: number;
  /** How many bytes of `rest` the client got to send. */
  trickled: number;
}

/**
 * Connects, sends `head` at once, then the bytes of `rest` one every `everyMs`, until the server
 * closes the connection (or GIVE_UP_MS passes: closedAfterMs is then Infinity).
 */
function trickle(port: number, head: string, rest: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let trickled = 0;
    let started = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      finish(Infinity);
    }, GIVE_UP_MS);
    const finish = (closedAfterMs: number) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer: Buffer.concat(chunks).toString(), closedAfterMs, trickled });
    };
    socket.on('data', (chunk) => chunks.push(chunk));
    // A write after the server hung up fails; that is the outcome under test, not an error.
    socket.on('error', () => {});
    socket.on('close', () => finish(Date.now() - started));
    socket.on('connect', () => {
      started = Date.now();
      if (head) socket.write(head);
      timer = setInterval(() => {
        if (trickled < rest.length && socket.writable) socket.write(rest[trickled++]!);
      }, everyMs);
    });
  });
}

const BODY = JSON.stringify({ first_name: 'Elena', email: 'elena@example.bg', phone: '+359 88 765 4321' });
const HEADERS = [
  'POST /api/discovery-calls HTTP/1.1',
  'Host: 127.0.0.1',
  'Content-Type: application/json',
  `Content-Length: ${Buffer.byteLength(BODY)}`,
  '',
  '',
].join('\r\n');

describe('a slow or stalled client', () => {
  const site = useTestApp('sqlite');
  const listening: App[] = [];
  afterAll(() => Promise.all(listening.map((app) => app.close())));

  /** The app listening on a free loopback port, with these timeouts and the rest long. */
  const listen = async (timeouts: Partial<ServerTimeouts>) => {
    const app = await site.build({ timeouts: { headersMs: 5_000, requestMs: 5_000, idleMs: 5_000, keepAliveMs: 5_000, checkEveryMs: 50, ...timeouts } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    listening.push(app);
    return (app.server.address() as AddressInfo).port;
  };

  it('that sends its headers a byte at a time is answered 408 and cut off after headersTimeout', async () => {
    // A byte every 200 ms keeps the connection from ever being idle for idleMs (500 ms): only the headers' own clock stops it.
    const port = await listen({ headersMs: 1_000, idleMs: 500 });
    const outcome = await trickle(port, '', HEADERS, 200);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.trickled).toBeLessThan(HEADERS.length);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
  });

  it('that sends its headers and then its body a byte at a time is answered 408 and cut off after requestTimeout', async () => {
    const port = await listen({ headersMs: 1_000, requestMs: 1_000, idleMs: 500 });
    const outcome = await trickle(port, HEADERS, BODY, 200);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.answer).toContain('"error"');
    expect(outcome.trickled).toBeLessThan(BODY.length);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
    // Nothing of it was stored.
    expect(await site.store.db.selectFrom('discovery_calls').selectAll().execute()).toEqual([]);
  });

  it('that sends its headers and never its body is cut off once the connection is idle for connectionTimeout', async () => {
    const port = await listen({ idleMs: 500 });
    const outcome = await trickle(port, HEADERS, '', 1_000);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(400);
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
  });

  it('that keeps a connection open after its answer is cut off after keepAliveTimeout, and a quick one is served', async () => {
    const port = await listen({ keepAliveMs: 500, headersMs: 1_000, requestMs: 1_000, idleMs: 1_000 });
    const outcome = await trickle(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '', 1_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.answer).toContain('"status":"ok"');
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(400);
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
  });
});

describe('the timeouts', () => {
  const site = useTestApp('sqlite');

  it('are set on the server as SERVER_TIMEOUTS says', async () => {
    const app = await site.build();
    await app.ready();
    expect(app.server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
    expect(app.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(app.server.timeout).toBe(SERVER_TIMEOUTS.idleMs);
    expect(app.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
    expect((app.server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(SERVER_TIMEOUTS.checkEveryMs);
  });

  it('are the figures docs/reliability.md states', () => {
    const readme = fs.readFileSync(new URL('../../../docs/reliability.md', import.meta.url), 'utf8');
    const rows: [keyof ServerTimeouts, string][] = [
      ['headersMs', 'headersTimeout'],
      ['requestMs', 'requestTimeout'],
      ['idleMs', 'connectionTimeout'],
      ['keepAliveMs', 'keepAliveTimeout'],
    ];
    for (const [key, name] of rows) {
      const line = readme.split('\n').find((l) => l.includes(`\`${name}\``) && l.startsWith('|'));
      expect(line, `a row of the table in docs/reliability.md for ${name}`).toBeDefined();
      expect(line).toContain(`| ${SERVER_TIMEOUTS[key] / 1000} s |`);
    }
  });
});
