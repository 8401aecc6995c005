// `npm start` and the operator's commands read a `.env` in the project's folder when there is one, as
// the README's quick start says to fill one in; what the real environment sets wins over the file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'env-file-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** The Node options a script runs with: what stands between `node` (or `tsx`) and the file it runs. */
const nodeOptions = (script: string) => script.split(/\s+/).slice(1, -1);

describe('the .env file', () => {
  it('is read by `npm start` (Node’s own reader), and by the operator’s commands (commandConfig)', () => {
    expect(nodeOptions(scripts.serve!)).toContain('--env-file-if-exists=.env');
    expect(scripts.start).toMatch(/npm run serve$/);
  });

  it('is read by a command from the folder it runs in, without overriding the environment', () => {
    fs.writeFileSync(path.join(temp, '.env'), 'PORT=4321\nLOG_LEVEL=debug\n');
    const config = path.join(ROOT, 'src/server/config.ts');
    const read = execFileSync(process.execPath, ['--input-type=module', '-e', `const { commandConfig } = await import(${JSON.stringify(config)}); const c = commandConfig(); console.log(JSON.stringify({ port: c.port, logLevel: c.logLevel }));`], {
      cwd: temp,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect(JSON.parse(read.trim().split('\n').at(-1)!)).toEqual({ port: 4321, logLevel: 'warn' });
  });

  it('sets what the environment leaves unset, and never overrides what it sets', () => {
    fs.writeFileSync(path.join(temp, '.env'), 'PORT=4321\nLOG_LEVEL=debug\nOPERATOR_LOCALE=bg\n');
    const config = path.join(ROOT, 'src/server/config.ts');
    const read = execFileSync(process.execPath, [...nodeOptions(scripts.serve!), '--input-type=module', '-e', `const { loadConfig } = await import(${JSON.stringify(config)}); const c = loadConfig(); console.log(JSON.stringify({ port: c.port, logLevel: c.logLevel }));`], {
      cwd: temp,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect(JSON.parse(read.trim().split('\n').at(-1)!)).toEqual({ port: 4321, logLevel: 'warn' });
  });
});
