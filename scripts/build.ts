// `npm run build`: the page (client bundle, server render, one prerendered page per language), the leads
// inbox (a bundle of its own under /admin/, docs/decisions/011-inbox-page.md) and the server compiled for
// Node. Prints each stage, since the whole takes a while on a small machine.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'vite';
import { INBOX_PATH } from '../src/shared/inbox.ts';
import { prerender } from './prerender.ts';
import { writeSeoFiles } from './seo-files.ts';

const started = Date.now();
const stage = (n: number, what: string) =>
  console.log(`[build ${n}/5] ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

stage(1, 'client bundle');
await build({ logLevel: 'warn' });

// Its own entry (admin.html), stylesheet and chunks, in its own folder: nothing of it is in the public
// pages' files, and the public build's output and checks stay as they were.
stage(2, 'leads inbox bundle');
await build({
  logLevel: 'warn',
  base: `${INBOX_PATH}/`,
  // The site's public files (icons, share images) are served from the site's root already.
  publicDir: false,
  build: { outDir: 'dist/admin', emptyOutDir: true, manifest: false, rolldownOptions: { input: 'admin.html' } },
});

stage(3, 'server render bundle');
await build({
  logLevel: 'warn',
  build: { ssr: 'src/client/entry-server.tsx', outDir: 'dist/ssr', emptyOutDir: true },
});

stage(4, 'prerendering pages');
const pages = await prerender('dist/client', 'dist/ssr/entry-server.js');
const seoFiles = writeSeoFiles('dist/client', new Date(started));
console.log(`          ${[...pages, ...seoFiles].join(', ')}`);

stage(5, 'server');
fs.rmSync('dist/node', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], {
  stdio: 'inherit',
});

console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
