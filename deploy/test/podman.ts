// Podman as `npm run test:container` runs it. On these machines Podman (as root) needs runc rather
// than crun, cgroupfs rather than systemd (there is none), and explicit limits of open files and
// processes, which it cannot raise above the shell's own: every call here passes them. With Docker,
// or Podman on a machine with systemd, none of it is needed (docs/operating.md, "Deploying").
import { execFile, execFileSync } from 'node:child_process';

/** Under the shell's hard limits, which a container cannot exceed. */
function hardLimit(flag: '-Hn' | '-Hu', ceiling: number): number {
  const raw = execFileSync('bash', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).trim();
  const value = raw === 'unlimited' ? ceiling : Number(raw);
  return Math.min(Number.isFinite(value) && value > 0 ? value : 1024, ceiling);
}

/** Before every command: the runtime and cgroup manager these machines need, events to a file. */
export const PODMAN_FLAGS = ['--runtime', 'runc', '--cgroup-manager', 'cgroupfs', '--events-backend', 'file'];
const nofile = hardLimit('-Hn', 65_536);
const nproc = hardLimit('-Hu', 8_192);
/** For `podman run` and `podman build`. */
export const ULIMITS = ['--ulimit', `nofile=${nofile}:${nofile}`, '--ulimit', `nproc=${nproc}:${nproc}`];

export class PodmanError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface PodmanOptions {
  /** Fed to the command's standard input. */
  input?: string | Buffer;
  timeoutMs?: number;
  /** Resolve with the exit code instead of throwing on a non-zero one. */
  allowFailure?: boolean;
}

export interface PodmanResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Lines Podman prints on a machine without systemd about the health-check timers it would start: the
 * runner runs each check itself (compose.ts), so they say nothing.
 */
const noise = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line && !/systemd connection|healthcheck.*timer|timer.*healthcheck/i.test(line))
    .join('\n');

export function podman(args: string[], options: PodmanOptions = {}): Promise<PodmanResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'podman',
      [...PODMAN_FLAGS, ...args],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: options.timeoutMs ?? 120_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        const result = { code, stdout, stderr: noise(stderr) };
        if (code !== 0 && !options.allowFailure) {
          reject(new PodmanError(`podman ${args.slice(0, 3).join(' ')}… failed (${code}): ${result.stderr.trim().slice(-800)}`, code, result.stderr));
        } else resolve(result);
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** A command in a running container, its output as text. */
export async function exec(container: string, command: string[], options: PodmanOptions & { env?: Record<string, string> } = {}) {
  const env = Object.entries(options.env ?? {}).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
  return podman(['exec', ...(options.input !== undefined ? ['--interactive'] : []), ...env, container, ...command], options);
}

export async function imageExists(name: string): Promise<boolean> {
  return (await podman(['image', 'exists', name], { allowFailure: true })).code === 0;
}

/** Runs the container's health check once: true when it passed. */
export async function healthy(container: string): Promise<boolean> {
  return (await podman(['healthcheck', 'run', container], { allowFailure: true, timeoutMs: 30_000 })).code === 0;
}

export interface ContainerState {
  running: boolean;
  exitCode: number;
  user: string;
  readOnly: boolean;
}

export async function inspect(container: string): Promise<ContainerState> {
  const { stdout } = await podman(['container', 'inspect', container]);
  const [info] = JSON.parse(stdout) as {
    State: { Running: boolean; ExitCode: number };
    Config: { User: string };
    HostConfig: { ReadonlyRootfs: boolean };
  }[];
  if (!info) throw new Error(`no container ${container}`);
  return { running: info.State.Running, exitCode: info.State.ExitCode, user: info.Config.User, readOnly: info.HostConfig.ReadonlyRootfs };
}

/** The container's log so far (stdout and stderr). */
export async function logs(container: string): Promise<string> {
  const { stdout, stderr } = await podman(['logs', container], { allowFailure: true });
  return stdout + stderr;
}
