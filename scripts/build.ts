// `npm run build`: the home page (client bundle), the pages beside it (the privacy notice and the
// not-found page: a bundle of their own, docs/decisions/013-pages-beside-the-home-page.md), the leads
// inbox (a bundle of its own under /admin/, docs/decisions/011-inbox-page.md), the server render and
// every page prerendered in each language, the scripts and styles compressed, and the server compiled
// for Node. Prints each stage, since the whole takes a while on a small machine.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { build, createLogger, type InlineConfig } from 'vite';
import { INBOX_PATH } from '../src/shared/inbox.ts';
import { compressAssets } from './compress-assets.ts';
import { PAGES_MANIFEST, PAGE_TEMPLATE, prerender } from './prerender.ts';
import { writeSeoFiles } from './seo-files.ts';
import { isAboutTheCode } from './build-warnings.ts';

const started = Date.now();
let stageStarted = started;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** Prints a stage as it begins; `done` prints how long it took once it has. */
const stage = (n: number, what: string) => {
  stageStarted = Date.now();
  console.log(`[build ${n}/7] ${what}…`);
};
const done = (detail = '') =>
  console.log(`          ${detail ? `${detail}, ` : ''}${seconds(Date.now() - stageStarted)}`);

// A clean build prints no warning about the code: each one Vite or Rolldown reports is printed and
// counted, and the build fails at its end if there was any, so a new one is fixed when it appears. A
// notice about the machine's speed is printed and not counted (build-warnings.ts).
let warnings = 0;
const logger = createLogger('warn');
const warn = logger.warn.bind(logger);
logger.warn = (message, options) => {
  if (isAboutTheCode(message)) warnings += 1;
  warn(message, options);
};
const bundle = (config: InlineConfig) => build({ logLevel: 'warn', customLogger: logger, ...config });

stage(1, 'client bundle');
await bundle({});
done();

// Beside the home page's files, with a manifest of their own: they share none of its chunks, so the
// home page's first scripts stay exactly its own (the pages' React is a download of their own).
stage(2, 'other pages bundle');
await bundle({
  // The site's public files are in place already.
  publicDir: false,
  build: { emptyOutDir: false, manifest: PAGES_MANIFEST, rolldownOptions: { input: PAGE_TEMPLATE } },
});
done();

// Its own entry (admin.html), stylesheet and chunks, in its own folder: nothing of it is in the public
// pages' files, and the public build's output and checks stay as they were.
stage(3, 'leads inbox bundle');
await bundle({
  base: `${INBOX_PATH}/`,
  // The site's public files (icons, share images) are served from the site's root already.
  publicDir: false,
  build: { outDir: 'dist/admin', emptyOutDir: true, manifest: false, rolldownOptions: { input: 'admin.html' } },
});
done();

stage(4, 'server render bundle');
await bundle({
  build: {
    ssr: 'src/client/entry-server.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    rolldownOptions: {
      // The render imports every dictionary at once, while the page loads the other language's on
      // demand: in this one file for Node the page's dynamic imports have nothing to split, as meant.
      onwarn(warning, report) {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') report(warning);
      },
    },
  },
});
done();

stage(5, 'prerendering pages');
const pages = await prerender('dist/client', 'dist/ssr/entry-server.js');
const seoFiles = writeSeoFiles('dist/client', new Date(started));
done([...pages, ...seoFiles].map((f) => f.replace(/^dist\/client\//, '')).join(', '));

stage(6, 'compressing scripts and styles');
const compressed = (await Promise.all(['dist/client/assets', 'dist/admin/assets'].map(compressAssets))).reduce((a, b) => a + b, 0);
done(`${compressed} files, each as .br and .gz`);

stage(7, 'server');
fs.rmSync('dist/node', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], {
  stdio: 'inherit',
});
done();

if (warnings > 0) {
  console.error(`[build] ${warnings} warning(s) above: a clean build prints none`);
  process.exit(1);
}
console.log(`[build] done in ${seconds(Date.now() - started)}`);
