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

export interface ServerProcess {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts `node <args>` (`$PORT` in them replaced by a free port, also given as PORT) and resolves once its
 * /api/health answers 200; `stop` ends it (SIGKILL after 10 s). `quiet` sends its standard output
 * nowhere, as a deployment's logs go to a collector: written, not shown.
 */
export async function startServerProcess(
  label: string,
  args: string[],
  env: Record<string, string>,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args.map((a) => (a === '$PORT' ? String(port) : a)), {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
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
      if (!running) throw new Error(`${label}: exited with code ${child.exitCode} before it was healthy`);
      const status = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status, () => 0);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`${label}: /api/health not 200 after 30 s (last: ${status || 'no answer'})`);
      await sleep(200);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, pid: child.pid ?? 0, stop };
}

/** The built site's server, logging warnings and errors only. */
export const startSiteServer = (label: string, env: Record<string, string>): Promise<ServerProcess> =>
  startServerProcess(label, [SERVER_ENTRY], { LOG_LEVEL: 'warn', ...env });
