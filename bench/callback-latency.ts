// Alex calling back: the time from a booking that asks for it (`call_now: true`) to Vapi's `POST /call`,
// the call's start as the site sees it. The built server on a fresh SQLite folder, Alex configured to
// call round the clock with no hourly cap, a stand-in of Vapi's API on loopback that answers `201` with
// a call as Vapi does; 40 bookings one after another, each with its own number (one call a day per
// number), a random pause between them so they fall anywhere in the deliverer's poll; each timed from
// the booking's request to the stand-in's receipt of its call. Reports p50 and p95; the budget is the
// promise, a call within a minute.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { OUR_ENV } from './api.ts';
import { freePort, startSiteServer } from './site-server.ts';

const BOOKINGS = 40;
/** The promise: Alex calls within a minute of the booking, p95. */
export const CALLBACK_BUDGET_MS = 60_000;
const KEY = 'bench-vapi-private-key';

export interface CallbackLatency {
  bookings: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Calls the stand-in took that named a number no booking of the run had: must be none. */
  strayCalls: number;
}

const quantile = (sorted: number[], q: number) => Number(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1));

export async function benchCallbackLatency(log: (line: string) => void): Promise<CallbackLatency> {
  // The stand-in of Vapi's POST /call: when each number's call arrived.
  const arrivals = new Map<string, number>();
  let strayCalls = 0;
  const vapi = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/call' || req.headers.authorization !== `Bearer ${KEY}`) return res.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { customer?: { number?: string } };
      const number = body.customer?.number ?? '';
      if (arrivals.has(number)) strayCalls++;
      arrivals.set(number, performance.now());
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: randomUUID(), type: 'outboundPhoneCall', status: 'queued' }));
    });
  });
  const vapiPort = await freePort();
  await new Promise<void>((resolve) => vapi.listen(vapiPort, '127.0.0.1', resolve));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callback-latency-'));
  const server = await startSiteServer('callback latency', {
    ...OUR_ENV,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    VAPI_PRIVATE_KEY: KEY,
    VAPI_PUBLIC_KEY: 'bench-vapi-public-key',
    VAPI_ASSISTANT_ID: 'bench-alex',
    VAPI_PHONE_NUMBER_ID: 'bench-number',
    VAPI_API_URL: `http://127.0.0.1:${vapiPort}`,
    CALLBACK_HOURS: 'Mo-Su 00:00-23:59',
    CALLBACK_CALLS_PER_HOUR: '0',
  });
  try {
    const latencies: number[] = [];
    for (let n = 0; n < BOOKINGS; n++) {
      await sleep(Math.random() * 500);
      const local = String(1_000_000 + n).slice(1);
      const number = `+35988${local}`;
      const started = performance.now();
      const res = await fetch(`${server.base}/api/discovery-calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Bench', email: `callback${n}@example.com`, phone: `088 ${local}`, business_name: 'Bench Ltd',
          service: 'Support Automation', product: 'Customer Support Chat Assistant', custom_service: '', locale: 'en', call_now: true,
        }),
      });
      if (res.status !== 201) throw new Error(`the booking answered ${res.status}: ${await res.text()}`);
      const deadline = Date.now() + 2 * CALLBACK_BUDGET_MS;
      while (!arrivals.has(number)) {
        if (Date.now() > deadline) throw new Error(`no call for ${number} within ${(2 * CALLBACK_BUDGET_MS) / 1000} s`);
        await sleep(1);
      }
      latencies.push(arrivals.get(number)! - started);
    }
    latencies.sort((a, b) => a - b);
    const result = { bookings: BOOKINGS, p50Ms: quantile(latencies, 0.5), p95Ms: quantile(latencies, 0.95), maxMs: quantile(latencies, 1), strayCalls };
    log(`callback: booking to Vapi's POST /call over ${BOOKINGS} bookings: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms`);
    return result;
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => vapi.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
