// `npx tsx bench/login-flood.ts [seconds]`: what a flood of log-ins does to the pages. The built server
// on SQLite, behind a trusted proxy so each attempt comes from an address of its own (no per-address
// limit stops it before its password is checked); 50 connections posting log-ins to accounts that do
// not exist (each checked as dearly as a real one) while 5 connections read `GET /`. Prints the page's
// latency alone and under the flood, and how the log-ins were answered. Needs a build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER_ENTRY, startServerProcess } from './site-server.ts';

const seconds = Number(process.argv[2] ?? 15);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'login-flood-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'error', TRUST_PROXY: '127.0.0.1', BOOKING_RATE_LIMIT: 'off' };

// One operator, so the admin API exists; added the way an operator is, before the server starts.
execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/operators/cli.ts', 'add', 'owner@nexa-ai.example'], {
  env: { ...process.env, ...env, OPERATOR_PASSWORD: 'a long enough password' },
  stdio: 'ignore',
});
const server = await startServerProcess('login flood', [SERVER_ENTRY], env, { quiet: true });

/** Readers of a page held in memory (`/`) and of a file read from disk on the thread pool (the icon). */
const pages = (url: string, duration: number) => autocannon({ url: `${server.base}${url}`, connections: 5, duration, headers: { 'accept-encoding': 'br' } });
let n = 0;
const flood = (duration: number) =>
  autocannon({
    url: `${server.base}/api/admin/login`,
    connections: 50,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    requests: [
      {
        setupRequest(request) {
          n += 1;
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
            body: JSON.stringify({ email: `guess${n}@nexa-ai.example`, password: 'not the password' }),
          };
        },
      },
    ],
  });

try {
  const row = (label: string, r: autocannon.Result) =>
    `${label.padEnd(30)} p50 ${String(r.latency.p50).padStart(6)} ms  p99 ${String(r.latency.p99).padStart(6)} ms  max ${String(r.latency.max).padStart(6)} ms  ${r.requests.total} requests`;
  console.log(`[login-flood] 5 readers against 50 log-in connections, ${seconds} s each`);
  for (const url of ['/', '/favicon.svg']) {
    const alone = await pages(url, seconds);
    const [under, logins] = await Promise.all([pages(url, seconds), flood(seconds)]);
    console.log(row(`GET ${url} alone`, alone));
    console.log(row(`GET ${url} under the flood`, under));
    const answers = Object.entries(logins.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(', ');
    console.log(`  log-ins meanwhile: ${logins.requests.total} answered (${answers}), p99 ${logins.latency.p99} ms, errors ${logins.errors}, timeouts ${logins.timeouts}`);
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
