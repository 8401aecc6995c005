import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
