// `npm run build`: the page (client bundle, server render, one prerendered page per language) and the
// server compiled for Node. Prints each stage, since the whole takes a while on a small machine.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'vite';
import { prerender } from './prerender.ts';
import { writeSeoFiles } from './seo-files.ts';

const started = Date.now();
const stage = (n: number, what: string) =>
  console.log(`[build ${n}/4] ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

stage(1, 'client bundle');
await build({ logLevel: 'warn' });

stage(2, 'server render bundle');
await build({
  logLevel: 'warn',
  build: { ssr: 'src/client/entry-server.tsx', outDir: 'dist/ssr', emptyOutDir: true },
});

stage(3, 'prerendering pages');
const pages = await prerender('dist/client', 'dist/ssr/entry-server.js');
const seoFiles = writeSeoFiles('dist/client', new Date(started));
console.log(`          ${[...pages, ...seoFiles].join(', ')}`);

stage(4, 'server');
fs.rmSync('dist/node', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], {
  stdio: 'inherit',
});

console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
