import { describe, expect, it } from 'vitest';
import { filesLoadedBy, pageLoader } from './page-loader.ts';
import { dictionaryFiles, fillTemplate, fontPreloads } from './prerender.ts';

describe('prerender', () => {
  const template =
    '<html lang="en"><head><!--app-head--><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"><!--app-html--></div></body></html>';

  it('fills the language, head and markup and inlines the stylesheet', () => {
    const page = fillTemplate(template, 'bg', { head: '<title>T</title>', html: '<main>M</main>' }, new Map([['/assets/index-1.css', 'b{}']]));
    expect(page).toBe('<html lang="bg"><head><title>T</title><style>b{}</style></head><body><div id="root"><main>M</main></div></body></html>');
  });

  it("starts the page's entry, Vite's preloads and the dictionary from one loader, and keeps no script tag of them", () => {
    const withScript = template.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/shared-2.js"><script type="module" crossorigin src="/assets/index-1.js"></script></head>',
    );
    const page = fillTemplate(withScript, 'en', { head: '', html: '' }, new Map(), ['/assets/en-3.js', '/assets/shared-2.js']);
    expect(page).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(filesLoadedBy(page)).toEqual(['/assets/index-1.js', '/assets/shared-2.js', '/assets/en-3.js']);
    expect(page).toContain(`${pageLoader(['/assets/index-1.js', '/assets/shared-2.js', '/assets/en-3.js'])}\n  </head>`);
    expect(filesLoadedBy(template)).toEqual([]);
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
