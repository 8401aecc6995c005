// The operator command as it is run: a child process on a SQLite database in a folder of its own.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import { useTempDir } from '../testing/app.ts';
import { createOperatorStore } from './operator-store.ts';
import { createSessionStore } from './sessions.ts';

const TSX = path.resolve('node_modules/.bin/tsx');
const CLI = path.resolve('src/server/operators/cli.ts');
const PASSWORD = 'correct horse battery';

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

// Each case starts the command as an operator would (tsx compiling it), a few seconds each on a busy machine.
describe('npm run operator', { timeout: 90_000 }, () => {
  const dataDir = useTempDir('operator-cli-');

  /** Runs the command with the environment given; `input` is what standard input carries. */
  const run = (args: string[], { env = {}, input = '', command = [TSX, CLI] }: { env?: Record<string, string>; input?: string; command?: string[] } = {}) =>
    new Promise<Result>((resolve) => {
      const [file, ...first] = command;
      const child = execFile(
        file!,
        [...first, ...args],
        // Only what the command reads: no DATABASE_URL or OPERATOR_PASSWORD from the shell running the tests.
        { env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
      child.stdin!.end(input);
    });

  const opened = openDatabase({ dataDir });
  const accounts = createOperatorStore(opened.db);
  afterAll(() => opened.db.destroy());

  beforeAll(async () => {
    const added = await run(['add', ' Maria@Nexa-AI.example '], { env: { OPERATOR_PASSWORD: PASSWORD } });
    expect(added).toEqual({ code: 0, stdout: 'Operator maria@nexa-ai.example added.\n', stderr: '' });
  }, 30_000);

  it('adds an operator with OPERATOR_PASSWORD, into the database the server uses, migrated', async () => {
    expect(await accounts.authenticate('maria@nexa-ai.example', PASSWORD)).toMatchObject({ email: 'maria@nexa-ai.example' });
  });

  it('lists the operators, through the npm script', async () => {
    const res = await run(['run', '--silent', 'operator', '--', 'list'], { command: ['npm'] });
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^maria@nexa-ai\.example\tadded \d{4}-\d\d-\d\d\n$/);
  });

  it('refuses a second account for the same email', async () => {
    const res = await run(['add', 'MARIA@nexa-ai.example'], { env: { OPERATOR_PASSWORD: PASSWORD } });
    expect(res).toMatchObject({ code: 1, stderr: 'There is already an operator maria@nexa-ai.example.\n' });
  });

  it('refuses a password under 12 characters and stores nothing', async () => {
    const res = await run(['add', 'ivan@nexa-ai.example'], { env: { OPERATOR_PASSWORD: 'elevenchars' } });
    expect(res).toMatchObject({ code: 1, stderr: 'The password must be at least 12 characters long.\n' });
    expect(await accounts.findByEmail('ivan@nexa-ai.example')).toBeUndefined();
  });

  it('asks for the password twice on standard input and refuses two that differ', async () => {
    const res = await run(['add', 'ivan@nexa-ai.example'], { input: `${PASSWORD}\n${PASSWORD}?\n` });
    expect(res).toMatchObject({ code: 1, stderr: 'The two passwords do not match; nothing was changed.\n' });
    expect(await accounts.findByEmail('ivan@nexa-ai.example')).toBeUndefined();
  });

  it('refuses when no password comes at all', async () => {
    const res = await run(['add', 'ivan@nexa-ai.example']);
    expect(res).toMatchObject({ code: 1, stderr: 'No password given: type it in a terminal, or set OPERATOR_PASSWORD.\n' });
  });

  it('resets a password from two matching lines, and ends the operator\'s sessions', async () => {
    const maria = (await accounts.findByEmail('maria@nexa-ai.example'))!;
    const sessions = createSessionStore(opened.db);
    const { token } = await sessions.create(maria.id);
    const res = await run(['reset-password', 'maria@nexa-ai.example'], { input: 'a brand new password\na brand new password\n' });
    expect(res).toEqual({ code: 0, stdout: 'Password of maria@nexa-ai.example changed; their sessions are ended.\n', stderr: '' });
    expect(await sessions.find(token)).toBeUndefined();
    expect(await accounts.authenticate('maria@nexa-ai.example', PASSWORD)).toBeUndefined();
    expect(await accounts.authenticate('maria@nexa-ai.example', 'a brand new password')).toBeDefined();
  });

  it('refuses to reset or remove an account that does not exist, and an argument that is no email', async () => {
    expect(await run(['reset-password', 'nobody@nexa-ai.example'], { env: { OPERATOR_PASSWORD: PASSWORD } })).toMatchObject({
      code: 1,
      stderr: 'There is no operator nobody@nexa-ai.example.\n',
    });
    expect(await run(['remove', 'nobody@nexa-ai.example'])).toMatchObject({ code: 1, stderr: 'There is no operator nobody@nexa-ai.example.\n' });
    expect(await run(['remove', 'nobody'])).toMatchObject({ code: 1, stderr: 'Not an email address: nobody\n' });
  });

  it('shows how it is used for a missing or unknown command, with exit code 2', async () => {
    for (const args of [[], ['delete', 'maria@nexa-ai.example'], ['add']]) {
      const res = await run(args);
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/^Usage: npm run operator -- <command>/);
    }
  });

  it('stops on a bad environment, naming the variable', async () => {
    const res = await run(['list'], { env: { DATABASE_URL: 'mysql://nope' } });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('DATABASE_URL');
  });

  it('removes an operator', async () => {
    const res = await run(['remove', 'Maria@nexa-ai.example']);
    expect(res).toEqual({ code: 0, stdout: 'Operator maria@nexa-ai.example removed; their sessions are ended.\n', stderr: '' });
    expect((await run(['list'])).stdout).toBe('No operators yet: add one with npm run operator -- add <email>\n');
  });
});
