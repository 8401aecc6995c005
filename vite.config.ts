import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ICON_SPRITE_PLACEHOLDER, iconSprite } from './src/ui/icon-sprite.ts';

/**
 * `npm run dev` answers /admin and every address under it with the inbox's page, as the server does
 * (src/server/inbox/admin-page.ts); the build makes the inbox in a stage of its own (scripts/build.ts).
 */
const inboxPage: Plugin = {
  name: 'inbox-page',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/admin(?:[/?]|$)/.test(req.url)) req.url = '/admin.html';
      next();
    });
  },
};

/**
 * Every page's template, the inbox's included, takes the icons' sprite (src/ui/icon-sprite.ts): the
 * drawings each icon on the page refers to, in development as in the build.
 */
const iconSpriteInPages: Plugin = {
  name: 'icon-sprite',
  transformIndexHtml(html, context) {
    if (!html.includes(ICON_SPRITE_PLACEHOLDER)) throw new Error(`${context.path}: no ${ICON_SPRITE_PLACEHOLDER} for the icons' sprite`);
    return html.replace(ICON_SPRITE_PLACEHOLDER, () => iconSprite());
  },
};

/** V8's explicit compile hint: a file that starts with it is compiled whole (scripts/build-output.test.ts). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Each page's first script is compiled whole while it downloads, off the main thread (V8's explicit
 * compile hint, Chromium 136 and later): nearly every function in it runs as the page starts, React's
 * hydration above all, and compiled lazily each would be parsed twice, the second time on the main
 * thread while the page starts (docs/decisions/020-page-speed.md). Other browsers read a comment.
 */
const compileEntriesWhole: Plugin = {
  name: 'compile-entries-whole',
  apply: (config, env) => env.command === 'build' && !config.build?.ssr,
  // Written into the files once the bundle is out, after everything Vite adds to a chunk (the table of
  // a lazy chunk's dependencies goes at the top of the entry that loads one): the hint must be the
  // file's first line.
  writeBundle(options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.isEntry || !options.dir) continue;
      const file = path.join(options.dir, chunk.fileName);
      fs.writeFileSync(file, `${COMPILE_HINT}\n${fs.readFileSync(file, 'utf8')}`);
    }
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), inboxPage, iconSpriteInPages, compileEntriesWhole],
  define: {
    // The year in the prerendered footer; the page updates it in the browser if it has changed.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The prerender reads it to preload each page's own dictionary chunk.
    manifest: true,
    // Every browser the site supports preloads modules natively; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    // One stylesheet for every page, which the prerender inlines. Split per chunk, each lazy chunk named
    // it as its own dependency, and the first island to wake fetched it and added it again: the whole
    // page restyled and laid out on the visitor's first press (decision 039).
    cssCodeSplit: false,
  },
  resolve: {
    // The Vapi SDK is CommonJS and require()s Daily. Given Daily's ES build, the bundler wraps it in
    // ES-to-CommonJS helpers, which it keeps in the entry (the chunk every other one imports from), so
    // every first visit would carry them. Daily's CommonJS build, the same code, needs none.
    alias: { '@daily-co/daily-js': '@daily-co/daily-js/dist/daily.js' },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
