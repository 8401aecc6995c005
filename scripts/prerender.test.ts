import { describe, expect, it } from 'vitest';
import { dictionaryPreloads, fillTemplate, fontPreloads } from './prerender.ts';

describe('prerender', () => {
  const template =
    '<html lang="en"><head><!--app-head--><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"><!--app-html--></div></body></html>';

  it('fills the language, head and markup and inlines the stylesheet', () => {
    const page = fillTemplate(template, 'bg', { head: '<title>T</title>', html: '<main>M</main>' }, new Map([['/assets/index-1.css', 'b{}']]));
    expect(page).toBe('<html lang="bg"><head><title>T</title><style>b{}</style></head><body><div id="root"><main>M</main></div></body></html>');
  });

  it("asks for the page's script at low priority: the page is drawn without it", () => {
    const withScript = template.replace('</head>', '<script type="module" crossorigin src="/assets/index-1.js"></script></head>');
    expect(fillTemplate(withScript, 'en', { head: '', html: '' }, new Map())).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>',
    );
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

  it("preloads the page's own dictionary chunk and its imports, and fails loudly when it is missing", () => {
    const manifest = {
      'src/content/i18n/bg.ts': { file: 'assets/bg-1.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-2.js' },
      'src/content/i18n/en.ts': { file: 'assets/en-3.js' },
    };
    expect(dictionaryPreloads('bg', manifest)).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/bg-1.js" />\n    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-2.js" />',
    );
    expect(() => dictionaryPreloads('en', {})).toThrow(/en dictionary/);
  });

  it("leaves out the page's entry, which its script tag loads anyway", () => {
    const manifest = {
      'src/content/i18n/en.ts': { file: 'assets/en-3.js', imports: ['index.html'] },
      'index.html': { file: 'assets/index-4.js', isEntry: true },
    };
    expect(dictionaryPreloads('en', manifest)).toBe('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/en-3.js" />');
  });
});
