// The Node.js line is written once, in .nvmrc; everything else that names it must agree: the engines
// npm enforces, the runtime's types, the image's base, the container test's stand-in and the README.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const LINE = read('.nvmrc').trim().replace(/^v/, '');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };

describe(`the Node.js line (.nvmrc: ${LINE})`, () => {
  it('is one major version', () => {
    expect(LINE).toMatch(/^\d+$/);
  });

  it('is the lowest line engines.node admits, and npm refuses any other engine at once', () => {
    const lowest = /^\^?(\d+)\./.exec(pkg.engines.node)?.[1];
    expect(lowest).toBe(LINE);
    expect(read('.npmrc')).toMatch(/^engine-strict=true$/m);
  });

  it('is the line of the runtime types', () => {
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^?${LINE}\\.`));
  });

  it("is the image's base, in the Dockerfile and in the container test's stand-in", () => {
    expect(read('Dockerfile')).toMatch(new RegExp(`^ARG BASE=node:${LINE}-(trixie|bookworm)-slim$`, 'm'));
    expect(read('deploy/test/images/node/Containerfile')).toContain(`Stand-in for node:${LINE}-trixie-slim`);
  });

  it('is the one the README tells a newcomer to install', () => {
    expect(read('README.md')).toContain(`Node.js ${LINE} LTS (\`.nvmrc\``);
    expect(read('README.md')).not.toMatch(/Node(\.js)? 20\.19/);
  });
});
