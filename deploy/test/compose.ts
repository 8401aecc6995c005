// compose.yaml, read and started the way Docker Compose does, with Podman, for `npm run test:container`.
//
// Neither Docker Compose (it needs Docker's engine) nor a Podman compose that knows fixed addresses,
// address ranges and health conditions (Debian's podman-compose 1.0.3 knows none of them) runs on the
// test machines, so the test reads the file itself (decision 033). It understands exactly the keys the
// file uses and refuses any other with its path, so a change to compose.yaml that this runner would
// not honour fails the test instead of passing untested. `npm test` reads the file through it too
// (compose.test.ts), without starting anything.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseEnv } from 'node:util';
import { parse } from 'yaml';
import { healthy, podman, ULIMITS } from './podman.ts';

export class ComposeError extends Error {}

// ---------------------------------------------------------------------------------------------------
// Variables: ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?message}, ${NAME?message}, $NAME, $$.

export function interpolate(text: string, vars: Record<string, string | undefined>, where: string): string {
  return text.replace(/\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])((?:[^{}]|\{[^{}]*\})*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g, (whole, braced?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
    if (whole === '$$') return '$';
    const name = (braced ?? bare)!;
    const value = vars[name];
    const missing = value === undefined || (colon === ':' && value === '');
    if (op === '-') return missing ? interpolate(arg ?? '', vars, where) : value!;
    if (op === '?') {
      if (missing) throw new ComposeError(`${where}: ${name} ${arg ? `is required: ${arg}` : 'is required'}`);
      return value!;
    }
    return value ?? '';
  });
}

function interpolateAll(node: unknown, vars: Record<string, string | undefined>, where: string): unknown {
  if (typeof node === 'string') return interpolate(node, vars, where);
  if (Array.isArray(node)) return node.map((n, i) => interpolateAll(n, vars, `${where}[${i}]`));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateAll(v, vars, `${where}.${k}`)]));
  }
  return node;
}

// ---------------------------------------------------------------------------------------------------
// The file, checked against the keys this runner honours.

type Dict = Record<string, unknown>;

const isDict = (v: unknown): v is Dict => !!v && typeof v === 'object' && !Array.isArray(v);

function only(node: unknown, where: string, keys: readonly string[]): Dict {
  if (!isDict(node)) throw new ComposeError(`${where} must be a mapping`);
  for (const key of Object.keys(node)) {
    if (!keys.includes(key)) throw new ComposeError(`${where}.${key} is not understood by the test's compose runner (deploy/test/compose.ts)`);
  }
  return node;
}

const strings = (v: unknown, where: string): string[] => {
  if (v === undefined) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return v;
  throw new ComposeError(`${where} must be a string or a list of strings`);
};

/** `15s`, `1m30s`, `500ms` in seconds. */
export function seconds(v: unknown, where: string): number {
  if (typeof v !== 'string' || !/^(\d+(ms|s|m|h))+$/.test(v)) throw new ComposeError(`${where} must be a duration such as 15s`);
  let total = 0;
  for (const [, n, unit] of v.matchAll(/(\d+)(ms|s|m|h)/g)) total += Number(n) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'];
  return total;
}

export interface Mount {
  kind: 'volume' | 'bind';
  /** A volume's name in the file, or a bind mount's absolute path. */
  source: string;
  target: string;
  readOnly: boolean;
}

export interface HealthCheck {
  /** The command and its arguments (the file's `["CMD", …]`). */
  command: string[];
  intervalS: number;
  timeoutS: number;
  retries: number;
  startPeriodS: number;
}

export interface Service {
  name: string;
  image: string;
  /** The build context, absolute, when the service has one. */
  build?: string;
  envFiles: string[];
  environment: Record<string, string>;
  dependsOn: { service: string; condition: 'service_started' | 'service_healthy' }[];
  readOnly: boolean;
  capDrop: string[];
  securityOpt: string[];
  stopGraceS: number;
  restart?: string;
  networks: { name: string; ipv4Address?: string }[];
  ports: string[];
  mounts: Mount[];
  healthcheck?: HealthCheck;
  command?: string[];
}

export interface Project {
  name: string;
  dir: string;
  services: Service[];
  networks: { name: string; subnet?: string; ipRange?: string }[];
  volumes: string[];
}

const SERVICE_KEYS = [
  'build', 'image', 'env_file', 'environment', 'depends_on', 'read_only', 'cap_drop', 'security_opt',
  'stop_grace_period', 'restart', 'networks', 'ports', 'volumes', 'healthcheck', 'command',
] as const;

export interface LoadOptions {
  /** The variables of the shell compose would run in; they win over the `.env` file's. */
  env?: Record<string, string>;
  /** Another file in place of the project's `.env` (`--env-file`), for interpolation and `env_file`. */
  envFile?: string;
}

/** Reads compose.yaml as `docker compose` would: `.env` beside it for its variables, paths from its folder. */
export function loadCompose(file: string, options: LoadOptions = {}): Project {
  const dir = path.dirname(path.resolve(file));
  const dotEnv = options.envFile ?? path.join(dir, '.env');
  const vars = { ...(fs.existsSync(dotEnv) ? parseEnv(fs.readFileSync(dotEnv, 'utf8')) : {}), ...options.env };
  const raw = interpolateAll(parse(fs.readFileSync(file, 'utf8'), { merge: true }), vars, path.basename(file));
  const top = only(raw, 'compose', ['name', 'services', 'networks', 'volumes', ...Object.keys(isDict(raw) ? raw : {}).filter((k) => k.startsWith('x-'))]);
  const envFilePath = (p: string) => (path.resolve(dir, p) === path.join(dir, '.env') ? dotEnv : path.resolve(dir, p));

  const services = Object.entries(only(top.services, 'services', Object.keys(isDict(top.services) ? top.services : {}))).map(([name, node]): Service => {
    const where = `services.${name}`;
    const s = only(node, where, SERVICE_KEYS);
    if (typeof s.image !== 'string') throw new ComposeError(`${where}.image must be set`);
    const environment = only(s.environment ?? {}, `${where}.environment`, Object.keys(isDict(s.environment) ? s.environment : {}));
    const dependsOn = isDict(s.depends_on)
      ? Object.entries(s.depends_on).map(([service, d]) => {
          const condition = only(d, `${where}.depends_on.${service}`, ['condition']).condition;
          if (condition !== 'service_started' && condition !== 'service_healthy') {
            throw new ComposeError(`${where}.depends_on.${service}.condition must be service_started or service_healthy`);
          }
          return { service, condition: condition as Service['dependsOn'][number]['condition'] };
        })
      : strings(s.depends_on, `${where}.depends_on`).map((service) => ({ service, condition: 'service_started' as const }));
    const networks = isDict(s.networks)
      ? Object.entries(s.networks).map(([net, n]) => {
          const opts = only(n ?? {}, `${where}.networks.${net}`, ['ipv4_address']);
          return { name: net, ...(typeof opts.ipv4_address === 'string' ? { ipv4Address: opts.ipv4_address } : {}) };
        })
      : strings(s.networks, `${where}.networks`).map((net) => ({ name: net }));
    const mounts = strings(s.volumes, `${where}.volumes`).map((spec): Mount => {
      const [source = '', target = '', mode, ...rest] = spec.split(':');
      if (!target || rest.length || (mode && mode !== 'ro' && mode !== 'rw')) throw new ComposeError(`${where}.volumes: "${spec}" is not source:target[:ro]`);
      const bind = source.startsWith('.') || source.startsWith('/');
      return { kind: bind ? 'bind' : 'volume', source: bind ? path.resolve(dir, source) : source, target, readOnly: mode === 'ro' };
    });
    let healthcheck: HealthCheck | undefined;
    if (s.healthcheck !== undefined) {
      const h = only(s.healthcheck, `${where}.healthcheck`, ['test', 'interval', 'timeout', 'retries', 'start_period']);
      const test = strings(h.test, `${where}.healthcheck.test`);
      if (test[0] !== 'CMD' || test.length < 2) throw new ComposeError(`${where}.healthcheck.test must be ["CMD", …]`);
      healthcheck = {
        command: test.slice(1),
        intervalS: h.interval === undefined ? 30 : seconds(h.interval, `${where}.healthcheck.interval`),
        timeoutS: h.timeout === undefined ? 30 : seconds(h.timeout, `${where}.healthcheck.timeout`),
        retries: typeof h.retries === 'number' ? h.retries : 3,
        startPeriodS: h.start_period === undefined ? 0 : seconds(h.start_period, `${where}.healthcheck.start_period`),
      };
    }
    if (s.build !== undefined && typeof s.build !== 'string') throw new ComposeError(`${where}.build must be a folder`);
    return {
      name,
      image: s.image,
      ...(typeof s.build === 'string' ? { build: path.resolve(dir, s.build) } : {}),
      envFiles: strings(s.env_file, `${where}.env_file`).map(envFilePath),
      environment: Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, String(v)])),
      dependsOn,
      readOnly: s.read_only === true,
      capDrop: strings(s.cap_drop, `${where}.cap_drop`),
      securityOpt: strings(s.security_opt, `${where}.security_opt`),
      stopGraceS: s.stop_grace_period === undefined ? 10 : seconds(s.stop_grace_period, `${where}.stop_grace_period`),
      ...(typeof s.restart === 'string' ? { restart: s.restart } : {}),
      networks,
      ports: strings(s.ports, `${where}.ports`),
      mounts,
      ...(healthcheck ? { healthcheck } : {}),
      ...(s.command !== undefined ? { command: strings(s.command, `${where}.command`) } : {}),
    };
  });

  const networks = Object.entries(isDict(top.networks) ? top.networks : {}).map(([name, n]) => {
    const where = `networks.${name}`;
    const ipam = only(only(n ?? {}, where, ['ipam']).ipam ?? {}, `${where}.ipam`, ['config']);
    const configs = (Array.isArray(ipam.config) ? ipam.config : []).map((c, i) => only(c, `${where}.ipam.config[${i}]`, ['subnet', 'ip_range']));
    const { subnet, ip_range: ipRange } = configs[0] ?? {};
    return { name, ...(typeof subnet === 'string' ? { subnet } : {}), ...(typeof ipRange === 'string' ? { ipRange } : {}) };
  });
  const volumes = Object.keys(isDict(top.volumes) ? top.volumes : {});

  for (const s of services) {
    for (const d of s.dependsOn) if (!services.some((o) => o.name === d.service)) throw new ComposeError(`services.${s.name}.depends_on names no service ${d.service}`);
    for (const n of s.networks) if (!networks.some((o) => o.name === n.name)) throw new ComposeError(`services.${s.name}.networks names no network ${n.name}`);
    for (const m of s.mounts) if (m.kind === 'volume' && !volumes.includes(m.source)) throw new ComposeError(`services.${s.name}.volumes names no volume ${m.source}`);
  }
  return { name: typeof top.name === 'string' ? top.name : path.basename(dir), dir, services, networks, volumes };
}

// ---------------------------------------------------------------------------------------------------
// Starting and stopping it with Podman.

/** Names as Docker Compose gives them: `<project>-<service>-1`, `<project>_<volume>`, `<project>_<network>`. */
export const containerName = (p: Pick<Project, 'name'>, service: string) => `${p.name}-${service}-1`;
const volumeName = (p: Pick<Project, 'name'>, volume: string) => `${p.name}_${volume}`;
const networkName = (p: Pick<Project, 'name'>, network: string) => `${p.name}_${network}`;
const LABEL = 'com.docker.compose.project';

/** The services in an order where each comes after what it depends on. */
export function startOrder(project: Project): Service[] {
  const done: Service[] = [];
  const visit = (s: Service, trail: string[]) => {
    if (done.includes(s)) return;
    if (trail.includes(s.name)) throw new ComposeError(`depends_on goes round: ${[...trail, s.name].join(' → ')}`);
    for (const d of s.dependsOn) visit(project.services.find((o) => o.name === d.service)!, [...trail, s.name]);
    done.push(s);
  };
  for (const s of project.services) visit(s, []);
  return done;
}

/** `podman run` for a service, as Compose would create its container. */
export function runArgs(project: Project, s: Service, image: string): string[] {
  const args = ['run', '--detach', '--name', containerName(project, s.name), '--hostname', s.name, '--label', `${LABEL}=${project.name}`, ...ULIMITS];
  const [first, ...more] = s.networks;
  if (first) {
    args.push('--network', networkName(project, first.name), '--network-alias', s.name);
    if (first.ipv4Address) args.push('--ip', first.ipv4Address);
  }
  if (more.length) throw new ComposeError(`services.${s.name}: one network per service is all this runner joins`);
  for (const file of s.envFiles) {
    if (!fs.existsSync(file)) throw new ComposeError(`services.${s.name}.env_file: ${file} does not exist`);
    args.push('--env-file', file);
  }
  for (const [k, v] of Object.entries(s.environment)) args.push('--env', `${k}=${v}`);
  // Docker's read-only root has no writable /tmp; Podman's adds one unless told not to.
  if (s.readOnly) args.push('--read-only', '--read-only-tmpfs=false');
  for (const cap of s.capDrop) args.push('--cap-drop', cap);
  for (const opt of s.securityOpt) args.push('--security-opt', opt === 'no-new-privileges:true' ? 'no-new-privileges' : opt);
  args.push('--stop-timeout', String(Math.ceil(s.stopGraceS)));
  if (s.restart) args.push('--restart', s.restart);
  for (const port of s.ports) args.push('--publish', port);
  for (const m of s.mounts) {
    args.push('--volume', `${m.kind === 'volume' ? volumeName(project, m.source) : m.source}:${m.target}${m.readOnly ? ':ro' : ''}`);
  }
  // Checks run when the runner asks (`podman healthcheck run`): no systemd here for Podman's timers.
  if (s.healthcheck) {
    args.push('--health-cmd', JSON.stringify(s.healthcheck.command), '--health-timeout', `${s.healthcheck.timeoutS}s`, '--health-retries', String(s.healthcheck.retries));
  }
  args.push('--health-interval', 'disable');
  args.push(image, ...(s.command ?? []));
  return args;
}

export interface UpOptions {
  /** The image to run in place of a service's own (a stand-in, or the image built for the test). */
  images?: Record<string, string>;
  /** Called as each service starts and, where waited for, turns healthy. */
  progress?: (line: string) => void;
  /** Start these services only (with what they depend on). */
  only?: string[];
}

/** Runs the service's health check (the file's, or its image's) until it passes; false on time out. */
export async function waitHealthy(project: Project, s: Service, limitS = 90): Promise<boolean> {
  const every = Math.min(s.healthcheck?.intervalS ?? 15, 2);
  const deadline = Date.now() + limitS * 1000;
  while (Date.now() < deadline) {
    if (await healthy(containerName(project, s.name))) return true;
    await sleep(every * 1000);
  }
  return false;
}

export async function up(project: Project, options: UpOptions = {}): Promise<void> {
  const say = options.progress ?? (() => {});
  for (const n of project.networks) {
    const name = networkName(project, n.name);
    if ((await podman(['network', 'exists', name], { allowFailure: true })).code !== 0) {
      await podman(['network', 'create', '--label', `${LABEL}=${project.name}`, ...(n.subnet ? ['--subnet', n.subnet] : []), ...(n.ipRange ? ['--ip-range', n.ipRange] : []), name]);
    }
  }
  for (const v of project.volumes) {
    const name = volumeName(project, v);
    if ((await podman(['volume', 'exists', name], { allowFailure: true })).code !== 0) {
      await podman(['volume', 'create', '--label', `${LABEL}=${project.name}`, name]);
    }
  }
  const wanted = new Set<string>();
  const want = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const d of project.services.find((s) => s.name === name)?.dependsOn ?? []) want(d.service);
  };
  for (const s of options.only ?? project.services.map((s) => s.name)) want(s);

  const healthyServices = new Set<string>();
  for (const s of startOrder(project).filter((s) => wanted.has(s.name))) {
    for (const d of s.dependsOn.filter((d) => d.condition === 'service_healthy' && !healthyServices.has(d.service))) {
      const dep = project.services.find((o) => o.name === d.service)!;
      say(`waiting for ${d.service} to be healthy`);
      if (!(await waitHealthy(project, dep))) throw new ComposeError(`${d.service} did not become healthy`);
      healthyServices.add(d.service);
    }
    // As Compose: a container that exists already is started if it is stopped, and otherwise left be.
    const name = containerName(project, s.name);
    if ((await podman(['container', 'exists', name], { allowFailure: true })).code === 0) {
      await podman(['start', name]);
      continue;
    }
    await podman(runArgs(project, s, options.images?.[s.image] ?? s.image));
    say(`started ${s.name}`);
  }
}

/** Stops and removes the project's containers, then its network and, with `volumes`, its volumes. */
export async function down(project: Pick<Project, 'name'>, options: { volumes?: boolean } = {}): Promise<void> {
  const filter = ['--filter', `label=${LABEL}=${project.name}`];
  const { stdout } = await podman(['ps', '--all', '--quiet', ...filter], { allowFailure: true });
  const ids = stdout.split('\n').filter(Boolean);
  if (ids.length) await podman(['rm', '--force', '--volumes', '--time', '15', ...ids], { allowFailure: true, timeoutMs: 60_000 });
  const nets = (await podman(['network', 'ls', '--quiet', ...filter], { allowFailure: true })).stdout.split('\n').filter(Boolean);
  if (nets.length) await podman(['network', 'rm', '--force', ...nets], { allowFailure: true });
  if (options.volumes) {
    const vols = (await podman(['volume', 'ls', '--quiet', ...filter], { allowFailure: true })).stdout.split('\n').filter(Boolean);
    if (vols.length) await podman(['volume', 'rm', '--force', ...vols], { allowFailure: true });
  }
}
