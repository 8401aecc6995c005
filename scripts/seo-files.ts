// sitemap.xml and robots.txt, written next to the prerendered pages at build time: the sitemap names
// every page in both languages with its hreflang alternates (the same links each page's head carries),
// and robots.txt points crawlers at it and away from the API. The not-found page is not a page to list.
import fs from 'node:fs';
import path from 'node:path';
import { pathOf } from '../src/content/i18n/index.ts';
import { business } from '../src/content/site.ts';
import { LOCALES, type Locale } from '../src/shared/locale.ts';
import { SITE_PAGES, type SitePage } from '../src/shared/site-pages.ts';

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `lastmod` is a W3C date (YYYY-MM-DD): the day the pages were built. */
export function sitemapXml(origin: string, lastmod: string): string {
  const entriesOf = (page: SitePage) => {
    const url = (l: Locale) => xmlEscape(new URL(pathOf(l, page), origin).href);
    const alternates = [
      ...LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${url(l)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url('en')}"/>`,
    ];
    return LOCALES.map((l) =>
      ['  <url>', `    <loc>${url(l)}</loc>`, `    <lastmod>${lastmod}</lastmod>`, ...alternates, '  </url>'].join('\n'),
    );
  };
  const entries = SITE_PAGES.flatMap(entriesOf);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${new URL('/sitemap.xml', origin).href}`, ''].join('\n');
}

/** Every URL in them starts with the site's public origin (site.ts `website`). */
export function writeSeoFiles(clientDir: string, built: Date, origin = business.website): string[] {
  const files = {
    'sitemap.xml': sitemapXml(origin, built.toISOString().slice(0, 10)),
    'robots.txt': robotsTxt(origin),
  };
  return Object.entries(files).map(([name, content]) => {
    const file = path.join(clientDir, name);
    fs.writeFileSync(file, content);
    return path.relative(process.cwd(), file);
  });
}
