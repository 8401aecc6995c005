// compose.yaml, .env.example and the Caddyfile, read as `npm run test:container` starts them: what
// a deployment relies on holds without starting a container.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VARIABLE_NAMES as CONFIG_VARIABLES } from '../src/server/config.ts';
import { CHANNEL_VARIABLE_NAMES } from '../src/server/notifications/channels/index.ts';
import { ComposeError, interpolate, loadCompose, runArgs, startOrder, type Project } from './test/compose.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Every variable the site reads: the configuration's and the notification channels' own. */
const VARIABLE_NAMES = [...CONFIG_VARIABLES, ...CHANNEL_VARIABLE_NAMES];
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-test-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** .env.example as a deployment fills it in. */
function envFile(extra = 'SITE_DOMAIN=nexa-ai.example\nSITE_TLS=ops@nexa-ai.example\nPOSTGRES_PASSWORD=0123abcd\n'): string {
  const file = path.join(temp, `env-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(file, `${fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')}\n${extra}`);
  return file;
}

const load = (extra?: string): Project => loadCompose(path.join(ROOT, 'compose.yaml'), { envFile: envFile(extra) });
const service = (p: Project, name: string) => p.services.find((s) => s.name === name)!;

describe('interpolation as Compose does it', () => {
  const vars = { SET: 'x', EMPTY: '' };
  it('reads set variables, defaults and escapes', () => {
    expect(interpolate('${SET}-$SET-${NONE}', vars, 'f')).toBe('x-x-');
    expect(interpolate('${EMPTY:-d} ${EMPTY-d} ${NONE-d}', vars, 'f')).toBe('d  d');
    expect(interpolate('$$SET ${NONE:-${SET}}', vars, 'f')).toBe('$SET x');
  });
  it('stops on a required variable that is missing, with its message', () => {
    expect(() => interpolate('${EMPTY:?set it in .env}', vars, 'compose.services.x')).toThrow('compose.services.x: EMPTY is required: set it in .env');
    expect(interpolate('${EMPTY?no}', vars, 'f')).toBe('');
  });
});

describe('compose.yaml', () => {
  const project = load();

  it('runs a proxy, two instances, PostgreSQL and Redis, in that dependency order', () => {
    expect(project.services.map((s) => s.name).sort()).toEqual(['postgres', 'proxy', 'redis', 'site-1', 'site-2']);
    const order = startOrder(project).map((s) => s.name);
    expect(order.indexOf('site-1')).toBeGreaterThan(order.indexOf('postgres'));
    expect(order.indexOf('site-2')).toBeGreaterThan(order.indexOf('redis'));
    expect(order.at(-1)).toBe('proxy');
  });

  it('starts each instance only once PostgreSQL and Redis are healthy, and both have a health check', () => {
    for (const name of ['site-1', 'site-2']) {
      expect(service(project, name).dependsOn).toEqual([
        { service: 'postgres', condition: 'service_healthy' },
        { service: 'redis', condition: 'service_healthy' },
      ]);
    }
    expect(service(project, 'postgres').healthcheck?.command[0]).toBe('pg_isready');
    expect(service(project, 'redis').healthcheck?.command).toEqual(['redis-cli', 'ping']);
  });

  it('has the instances trust the proxy alone: TRUST_PROXY is its fixed address, inside the network', () => {
    const proxyAddress = service(project, 'proxy').networks[0]?.ipv4Address;
    expect(proxyAddress).toBe('10.231.78.2');
    // The others' addresses come from the upper half: none can take the proxy's before it starts.
    expect(project.networks).toEqual([{ name: 'site', subnet: '10.231.78.0/24', ipRange: '10.231.78.128/25' }]);
    for (const name of ['site-1', 'site-2']) expect(service(project, name).environment.TRUST_PROXY).toBe(proxyAddress);
    const moved = load('SITE_DOMAIN=a.example\nSITE_TLS=internal\nPOSTGRES_PASSWORD=x\nNETWORK_PREFIX=10.9.9\n');
    expect(service(moved, 'site-2').environment.TRUST_PROXY).toBe('10.9.9.2');
    expect(service(moved, 'proxy').networks[0]?.ipv4Address).toBe('10.9.9.2');
    expect(moved.networks[0]).toEqual({ name: 'site', subnet: '10.9.9.0/24', ipRange: '10.9.9.128/25' });
  });

  it('gives the instances the database with the password of .env, and Redis', () => {
    const env = service(project, 'site-1').environment;
    expect(env.DATABASE_URL).toBe('postgres://site:0123abcd@postgres:5432/site');
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(service(project, 'postgres').environment.POSTGRES_PASSWORD).toBe('0123abcd');
  });

  it('runs the instances on a read-only root, without capabilities, stopped with time to finish', () => {
    const args = runArgs(project, service(project, 'site-1'), 'agency-site:test');
    expect(args).toEqual(expect.arrayContaining(['--read-only', '--read-only-tmpfs=false', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges']));
    expect(args.join(' ')).toContain('--stop-timeout 15');
    expect(args.join(' ')).toContain(`--env-file ${path.join(temp)}`);
  });

  it('publishes 80 and 443 by default, or the address and port .env gives', () => {
    expect(service(project, 'proxy').ports).toEqual(['80:80', '443:443', '443:443/udp']);
    const local = load('SITE_DOMAIN=a\nSITE_TLS=internal\nPOSTGRES_PASSWORD=x\nHTTPS_PORT=127.0.0.1:8443\n');
    expect(service(local, 'proxy').ports).toContain('127.0.0.1:8443:443');
  });

  it('stops with a message naming what .env lacks', () => {
    expect(() => load('SITE_TLS=internal\nPOSTGRES_PASSWORD=x\n')).toThrow(/SITE_DOMAIN is required: set SITE_DOMAIN in .env/);
    expect(() => load('SITE_DOMAIN=a\nSITE_TLS=internal\n')).toThrow(/POSTGRES_PASSWORD is required/);
  });

  it('is refused by the runner when it uses a key the runner would not honour', () => {
    const file = path.join(temp, 'compose.yaml');
    fs.writeFileSync(file, 'services:\n  web:\n    image: x\n    privileged: true\n');
    expect(() => loadCompose(file)).toThrow(ComposeError);
    expect(() => loadCompose(file)).toThrow('services.web.privileged is not understood');
  });
});

describe('the Caddyfile', () => {
  const caddyfile = fs.readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8');
  it('sends requests to exactly the instances compose.yaml runs, on the port the image listens on', () => {
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams).toEqual(['site-1:3000', 'site-2:3000']);
    expect(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')).toMatch(/ENV .*PORT=3000/);
    expect(caddyfile).toContain('health_uri /api/health');
  });
  it('never passes /metrics', () => {
    expect(caddyfile).toMatch(/respond \/metrics 404/);
  });
});

describe('.env.example', () => {
  const text = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  const lines = text.split('\n');
  const listed = lines.map((l) => /^#?([A-Z][A-Z0-9_]+)=/.exec(l)?.[1]).filter((n): n is string => !!n);
  const composeFile = fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
  const composeVariables = [...new Set([...composeFile.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]!))];

  it('lists every variable the site reads and every one compose.yaml reads', () => {
    expect(VARIABLE_NAMES.filter((n) => !listed.includes(n))).toEqual([]);
    expect(composeVariables.filter((n) => !listed.includes(n))).toEqual([]);
  });

  it('lists nothing else, each once, each under a comment', () => {
    expect(listed.filter((n) => !VARIABLE_NAMES.includes(n) && !composeVariables.includes(n))).toEqual([]);
    expect(listed.length).toBe(new Set(listed).size);
    for (const [i, line] of lines.entries()) {
      if (!/^#?[A-Z][A-Z0-9_]+=/.test(line)) continue;
      const above = lines.slice(0, i).reverse().find((l) => !/^#?[A-Z][A-Z0-9_]+=/.test(l));
      expect(above, `${line} has a comment above it`).toMatch(/^# /);
    }
  });

  it('leaves what compose.yaml or the image sets commented out, so an empty value never overrides it', () => {
    for (const name of ['HOST', 'PORT', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY']) {
      expect(lines.some((l) => l.startsWith(`${name}=`)), name).toBe(false);
      expect(lines.some((l) => l.startsWith(`#${name}=`)), name).toBe(true);
    }
  });
});
