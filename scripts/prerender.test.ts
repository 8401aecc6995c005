import { describe, expect, it } from 'vitest';
import { filesLoadedBy, filesPreloadedBy, pageLoader } from './page-loader.ts';
import { dictionaryFiles, fillTemplate, fontPreloads, islandFiles } from './prerender.ts';

describe('prerender', () => {
  const template =
    '<html lang="en"><head><!--app-head--><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"><!--app-html--></div></body></html>';

  it('fills the language, head and markup and inlines the stylesheet', () => {
    const page = fillTemplate(template, 'bg', { head: '<title>T</title>', html: '<main>M</main>' }, new Map([['/assets/index-1.css', 'b{}']]));
    expect(page).toBe('<html lang="bg"><head><title>T</title><style>b{}</style></head><body><div id="root"><main>M</main></div></body></html>');
  });

  it("starts the page's entry, Vite's preloads and what else it needs at once from one loader, fetches the rest when idle, and keeps no script tag of them", () => {
    const withScript = template.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/shared-2.js"><script type="module" crossorigin src="/assets/index-1.js"></script></head>',
    );
    const page = fillTemplate(withScript, 'en', { head: '', html: '' }, new Map(), {
      atStart: ['/assets/en-3.js', '/assets/shared-2.js'],
      idle: ['/assets/react-4.js', '/assets/shared-2.js', '/assets/react-4.js'],
    });
    expect(page).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(filesLoadedBy(page)).toEqual(['/assets/index-1.js', '/assets/shared-2.js', '/assets/en-3.js']);
    // Once each, and nothing the page starts with.
    expect(filesPreloadedBy(page)).toEqual(['/assets/react-4.js']);
    expect(page).toContain(`${pageLoader(['/assets/index-1.js', '/assets/shared-2.js', '/assets/en-3.js'], ['/assets/react-4.js'])}\n  </head>`);
    expect(filesLoadedBy(template)).toEqual([]);
    expect(filesPreloadedBy(template)).toEqual([]);
  });

  it("fetches ahead every island the entry imports, with React, the page's dictionary and the booking dialog; not the other language", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['src/client/islands/hero-island.tsx', 'src/content/i18n/en.ts', 'src/content/i18n/bg.ts'] },
      'src/client/islands/hero-island.tsx': { file: 'assets/hero-2.js', imports: ['_react.js', 'index.html'], dynamicImports: ['src/client/voice/live-voice.tsx'] },
      '_react.js': { file: 'assets/react-3.js' },
      'src/client/voice/live-voice.tsx': { file: 'assets/live-voice-9.js' },
      'src/client/booking/booking-dialog.tsx': { file: 'assets/booking-dialog-4.js', imports: ['_react.js'] },
      'src/content/i18n/en.ts': { file: 'assets/en-5.js' },
      'src/content/i18n/bg.ts': { file: 'assets/bg-6.js' },
    };
    expect(islandFiles('bg', manifest)).toEqual(['/assets/hero-2.js', '/assets/react-3.js', '/assets/booking-dialog-4.js', '/assets/bg-6.js']);
    expect(() => islandFiles('en', {})).toThrow(/no entry/);
  });

  it('copies dollar signs in the rendered page as they are', () => {
    const head = `<script type="application/ld+json">{"priceRange":"$$","x":"$&$'$\`"}</script>`;
    const page = fillTemplate(template, 'en', { head, html: '<p>$1 $$</p>' }, new Map());
    expect(page).toContain(head);
    expect(page).toContain('<p>$1 $$</p>');
  });

  it('preloads the one font file cut for the site, and fails loudly when it is missing', () => {
    const files = ['onest-latin-wght-normal-a1.woff2', 'onest-site-c3.woff2', 'onest-cyrillic-wght-normal-b2.woff2', 'index-3.js'];
    expect(fontPreloads(files)).toBe('<link rel="preload" href="/assets/onest-site-c3.woff2" as="font" type="font/woff2" crossorigin />');
    expect(() => fontPreloads(['onest-latin-wght-normal-a1.woff2'])).toThrow(/onest-site/);
  });

  it("names the page's own dictionary chunk and its imports, and fails loudly when it is missing", () => {
    const manifest = {
      'src/content/i18n/bg.ts': { file: 'assets/bg-1.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-2.js' },
      'src/content/i18n/en.ts': { file: 'assets/en-3.js' },
    };
    expect(dictionaryFiles('bg', manifest)).toEqual(['/assets/bg-1.js', '/assets/shared-2.js']);
    expect(() => dictionaryFiles('en', {})).toThrow(/en dictionary/);
  });

  it("leaves out the page's entry, which the loader starts anyway", () => {
    const manifest = {
      'src/content/i18n/en.ts': { file: 'assets/en-3.js', imports: ['index.html'] },
      'index.html': { file: 'assets/index-4.js', isEntry: true },
    };
    expect(dictionaryFiles('en', manifest)).toEqual(['/assets/en-3.js']);
  });
});
