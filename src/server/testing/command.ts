// An operator's command as it is run, for its tests: a child process with only the environment the
// test gives it (no DATABASE_URL or OPERATOR_LOCALE from the shell running the tests).
import { execFile } from 'node:child_process';
import path from 'node:path';

export const TSX = path.resolve('node_modules/.bin/tsx');

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command` (by default the script with tsx) with `args`, PATH, HOME and `env` alone. */
export function runCommand(command: string[], args: string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((resolve) => {
    const [file, ...first] = command;
    execFile(file!, [...first, ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
