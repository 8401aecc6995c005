// The built server (dist/node/server/main.js) started for a benchmark: its own process on a free port,
// the given environment, and stopped whatever happens.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const SERVER_ENTRY = 'dist/node/server/main.js';

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

export interface SiteServer {
  base: string;
  stop: () => Promise<void>;
}

/** Starts the server and resolves once /api/health answers 200; `stop` ends it (SIGKILL after 10 s). */
export async function startSiteServer(label: string, env: Record<string, string>): Promise<SiteServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  let running = true;
  void exited.then(() => (running = false));
  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    // A server that ignores SIGTERM must not outlive the benchmark.
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (!running) throw new Error(`${label}: server exited with code ${child.exitCode} before it was healthy`);
      const status = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status, () => 0);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`${label}: /api/health not 200 after 30 s (last: ${status || 'no answer'})`);
      await sleep(200);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}
