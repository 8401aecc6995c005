// SIGTERM under load, as a deploy or an orchestrator stops an instance: the requests under way finish,
// new ones are refused (or their kept-alive connection closed), the deliverer records what it is
// sending and stops, nothing acknowledged is lost, and the process is gone within 10 s although two
// clients hang: one stops half-way through its headers, one half-way through its body.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  attempt,
  count,
  deliveryFigures,
  logged,
  OUTBOX_QUERY,
  promises,
  sqliteRows,
  startServer,
  submissions,
  tempDir,
  until,
  webhookEnv,
  webhookReceiver,
  type Figures,
  type OutboxRow,
  type StoredLead,
  type Submission,
} from './harness.ts';
import { bookingBody } from '../tools/booking.ts';

const CONCURRENCY = 20;
/** Load before the signal, and after it. */
const BEFORE_MS = 1500;
const AFTER_MS = 1500;
const EXIT_WITHIN_MS = 10_000;

/** A raw connection that sends `head` now; `rest()` sends the remainder; `answer` is the status line's code. */
function rawRequest(address: URL, head: string) {
  const socket = net.connect(Number(address.port), address.hostname);
  let received = '';
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  socket.on('error', () => {});
  socket.write(head);
  return {
    rest: (text: string) => socket.write(text),
    closed,
    answer: () => Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
    destroy: () => socket.destroy(),
  };
}

function requestHead(body: string, key: string, address: URL): string {
  return [
    'POST /api/discovery-calls HTTP/1.1',
    `Host: ${address.host}`,
    'Content-Type: application/json',
    `Idempotency-Key: ${key}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
}

export async function sigterm(): Promise<Figures> {
  const dataDir = tempDir('sigterm');
  const receiver = await webhookReceiver();
  // Deliveries take a while to answer, so some are under way at the signal.
  receiver.delayMs = 300;
  const env = { DATA_DIR: dataDir, ...webhookEnv(receiver) };
  const server = await startServer(env, 'sigterm');
  const address = new URL(server.url);

  // Clients that hang: half a header block, and full headers with half the body.
  const [hanging] = submissions('sigterm-hang', 1);
  const hangingBody = bookingBody(hanging!);
  const halfHeaders = rawRequest(address, requestHead(hangingBody, hanging!.key, address).split('\r\n').slice(0, 3).join('\r\n'));
  const halfBody = rawRequest(address, requestHead(hangingBody, hanging!.key, address) + hangingBody.slice(0, 40));
  // A slow client whose request is under way at the signal and ends after it: it must be served.
  const [slow] = submissions('sigterm-slow', 1);
  const slowBody = bookingBody(slow!);
  const slowRequest = rawRequest(address, requestHead(slowBody, slow!.key, address) + slowBody.slice(0, 60));

  // The load: fresh bookings, each sent once, until a while after the signal.
  const all: (Submission & { sentAt?: number })[] = [];
  let stop = false;
  let signalledAt = Infinity;
  const worker = async () => {
    while (!stop) {
      const [s] = submissions(`sigterm-${all.length}`, 1);
      const tagged: Submission & { sentAt?: number } = { ...s!, sentAt: performance.now() };
      all.push(tagged);
      if (!(await attempt(server.url, tagged))) await sleep(100);
    }
  };
  const workers = Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await sleep(BEFORE_MS);

  signalledAt = performance.now();
  server.child.kill('SIGTERM');
  // Once the server has begun to close, a new connection is refused while the process still runs.
  let refused = 'accepted';
  let refusedAfterMs = 0;
  let resets = 0;
  while (server.alive() && performance.now() - signalledAt < 3000) {
    refused = await new Promise<string>((resolve) => {
      const probe = net.connect(Number(address.port), address.hostname);
      probe.once('connect', () => (probe.destroy(), resolve('accepted')));
      probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    if (refused !== 'accepted') {
      refused = server.alive() ? refused : 'the process had already exited';
      if (refusedAfterMs === 0) refusedAfterMs = performance.now() - signalledAt;
      // A probe that reached the listen queue just as the listener closed is reset by the kernel, not
      // served: the listener is gone, so the next probe must be refused outright.
      if (refused === 'ECONNRESET') {
        resets += 1;
        continue;
      }
      break;
    }
    await sleep(50);
  }
  await sleep(Math.max(0, 1000 - (performance.now() - signalledAt)));
  slowRequest.rest(slowBody.slice(60));
  await sleep(AFTER_MS - 1000);
  stop = true;
  await workers;

  const exit = await Promise.race([server.exited, sleep(EXIT_WITHIN_MS + 5000).then(() => undefined)]);
  const exitMs = performance.now() - signalledAt;
  if (!exit) server.child.kill('SIGKILL');
  const hangersClosed = await Promise.race([Promise.all([halfHeaders.closed, halfBody.closed]).then(() => true), sleep(1000).then(() => false)]);
  for (const c of [halfHeaders, halfBody, slowRequest]) c.destroy();

  const { broken, expect } = promises();
  expect(exit?.code === 0, `exit code 0 (got ${exit ? exit.code ?? exit.signal : 'no exit'})`);
  expect(exitMs < EXIT_WITHIN_MS, `exit within ${EXIT_WITHIN_MS / 1000} s of SIGTERM`);
  expect(hangersClosed, 'the hanging clients were disconnected');
  expect(slowRequest.answer() === 201, `the request under way at the signal finished with 201 (got ${slowRequest.answer()})`);
  expect(refused === 'ECONNREFUSED', `a new connection after the signal is refused (got ${refused})`);
  const after = all.filter((s) => (s.sentAt ?? 0) > signalledAt + refusedAfterMs);
  expect(refusedAfterMs > 0 && after.length > 0 && after.every((s) => !s.id), 'no request sent once the server closed was taken');
  const other = all.flatMap((s) => s.failures).filter((f) => /^\d+$/.test(f) && f !== '503');
  expect(other.length === 0, `only 503 or a closed connection for refused requests (got ${other.join(', ')})`);

  // The deliverer recorded every send it had under way: no claim is left behind.
  const outboxAtExit = sqliteRows<OutboxRow>(dataDir, OUTBOX_QUERY);
  const leftClaims = outboxAtExit.filter((e) => e.status === 'pending' && e.locked_until !== null).length;
  const deliveredAtExit = outboxAtExit.filter((e) => e.status === 'delivered').length;
  expect(leftClaims === 0, `the outbox stopped cleanly (claims left: ${leftClaims})`);
  expect(logged(server, 'stopped') === 1, 'the server logged that it stopped');

  const rows = sqliteRows<StoredLead>(dataDir, 'select id, email from discovery_calls');
  const slowStored = rows.some((r) => r.email === slow!.email);
  expect(slowStored, 'the slow request is stored');
  const figures = count(all, rows);
  expect(figures.lost === 0, 'nothing acknowledged lost');
  expect(figures.duplicates === 0, 'no duplicates');

  receiver.delayMs = 0;
  // Started again, the instance sends what was left: each lead's notification once, none twice.
  const again = await startServer(env, 'sigterm, restarted');
  const delivered = await until(
    () => sqliteRows<OutboxRow>(dataDir, OUTBOX_QUERY).every((e) => e.status === 'delivered'),
    30_000,
    200,
  );
  await again.stop();
  const d = deliveryFigures(all, sqliteRows<OutboxRow>(dataDir, OUTBOX_QUERY), receiver);
  expect(delivered && d.undelivered === 0 && d.missing === 0, 'every acknowledged lead notified after the restart');
  expect(d.repeats === 0 && d.twice === 0, 'no notification sent twice (the stop recorded every send)');

  const outcomes = new Map<string, number>();
  for (const s of all) {
    const what = s.id ? '201' : (s.failures[0] ?? '?');
    outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
  }
  return {
    ...figures,
    notes: [
      `exit ${(exitMs / 1000).toFixed(1)} s after SIGTERM, code ${exit?.code ?? '-'}`,
      `answers: ${[...outcomes].map(([k, n]) => `${k}×${n}`).join(', ')}`,
      `request under way finished ${slowRequest.answer()}, new connection ${refused} ${(refusedAfterMs / 1000).toFixed(1)} s after the signal${resets ? ` (${resets} reset in the listen queue first)` : ''}, 2 hanging clients cut`,
      `outbox: ${deliveredAtExit} delivered before exit, ${leftClaims} claims left, ${outboxAtExit.length - deliveredAtExit} sent after the restart, ${d.repeats} repeats`,
    ],
    broken,
  };
}
