// How long a new lead takes to reach a webhook: the built server on a fresh SQLite folder, a receiver
// on loopback, 20 bookings one after another (a random pause between them, so they fall anywhere in the
// deliverer's poll), each timed from the request's start to the webhook's arrival. Prints the median.
// Usage: npm run build && npx tsx bench/notification-latency.ts [port, default 3700; the receiver uses the next]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const port = Number(process.argv[2] ?? 3700);
const receiverPort = port + 1;
const ROUNDS = 20;
const booking = (n: number) =>
  JSON.stringify({
    first_name: 'Latency', email: `latency${n}@example.com`, phone: '+359 88 123 4567', business_name: 'Latency Ltd',
    service: 'Support Automation', product: 'Customer Support Chat Assistant', custom_service: '', locale: 'en',
  });

const arrivals = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { lead: { id: string } } };
    arrivals.set(body.data.lead.id, performance.now());
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notification-latency-'));
const server = spawn(process.execPath, ['dist/node/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BOOKING_RATE_LIMIT: 'off',
    LEAD_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/hooks`,
    LEAD_WEBHOOK_SECRET: `whsec_${Buffer.from('latency-bench-secret-32-bytes!!!').toString('base64')}`,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 100) throw new Error('the server did not start');
    await sleep(100);
  }
  const latencies: number[] = [];
  for (let n = 0; n < ROUNDS; n++) {
    await sleep(Math.random() * 500);
    const started = performance.now();
    const res = await fetch(`${base}/api/discovery-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: booking(n),
    });
    const { id } = (await res.json()) as { id: string };
    while (!arrivals.has(id)) await sleep(1);
    latencies.push(arrivals.get(id)! - started);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(`[latency] submission to webhook over ${ROUNDS} bookings: median ${at(0.5)} ms, min ${at(0)} ms, max ${at(1)} ms`);
} finally {
  server.kill('SIGTERM');
  receiver.close();
  await sleep(300);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
