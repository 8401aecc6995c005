// Turns the built templates into one finished HTML page per page and language, with the page's CSS
// inlined (one render-blocking request fewer; docs/decisions/003-build.md): the home page from
// index.html, the pages beside it (the privacy notice, the not-found page) from page.html, whose own
// entry carries none of the home page's sections.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rendered } from '../src/client/entry-server.tsx';
import type { SubPage } from '../src/client/pages/sub-pages.ts';
import { LOCALES, type Locale } from '../src/shared/locale.ts';
import {
  LEAD_RETENTION_DAYS_PLACEHOLDER,
  PRIVACY_NOTICE_VERSION_PLACEHOLDER,
  RUNTIME_CONFIG_PLACEHOLDER,
} from '../src/shared/runtime-config.ts';
import { BUILT_PAGES, pageFileOf, type BuiltPage } from '../src/shared/site-pages.ts';
import { FETCHER_SOURCE, fetcherFile, pageLoader } from './page-loader.ts';

interface ServerRender {
  render: (locale: Locale) => Rendered;
  renderPage: (page: SubPage, locale: Locale) => Rendered;
}

/** The template of the pages beside the home page; read, filled for each of them, and removed. */
export const PAGE_TEMPLATE = 'page.html';

/** The other pages' bundle's own manifest, beside the home page's (.vite/manifest.json). */
export const PAGES_MANIFEST = '.vite/pages-manifest.json';

/** What a page must leave for the server to write in at start (pages.ts). */
const PLACEHOLDERS: Record<BuiltPage, string[]> = {
  home: [RUNTIME_CONFIG_PLACEHOLDER],
  privacy: [LEAD_RETENTION_DAYS_PLACEHOLDER, PRIVACY_NOTICE_VERSION_PLACEHOLDER],
  'not-found': [],
  meeting: [],
};

/**
 * The preload of the one font file every page's text is set in (scripts/fonts.ts), found by name among
 * the built assets; the whole Latin and Cyrillic files are left to the characters it lacks.
 */
export function fontPreloads(assetFiles: string[]): string {
  const file = assetFiles.find((f) => f.startsWith('onest-site-') && f.endsWith('.woff2'));
  if (!file) throw new Error('no onest-site font among the built assets: is src/client/fonts/onest-site.css imported?');
  return `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`;
}

export function fillTemplate(
  template: string,
  locale: Locale,
  rendered: { html: string; head: string },
  css: Map<string, string>,
  scripts: { atStart?: readonly string[]; idle?: readonly string[]; fetcher?: string } = {},
) {
  // Replaced through functions: a string replacement reads `$$`, `$&` and `$'` as patterns, and the
  // rendered page may contain them (a price range of "$$").
  let page = template
    .replace('<html lang="en">', () => `<html lang="${locale}">`)
    .replace('<!--app-head-->', () => rendered.head)
    .replace('<!--app-html-->', () => rendered.html);
  page = page.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
    const content = css.get(href);
    return content === undefined ? tag : `<style>${content}</style>`;
  });
  // The page is drawn without its scripts: Vite's entry and module preloads become one small loader that
  // starts them, with what else the page needs at once, once the page has been drawn, and fetches the
  // rest ahead when the browser is idle (page-loader.ts).
  const entries: string[] = [];
  const preloads: string[] = [];
  page = page.replace(/\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g, (_, src: string) => {
    entries.push(src);
    return '';
  });
  page = page.replace(/\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  if (entries.length > 1) throw new Error(`prerender: more than one entry script (${entries.join(', ')})`);
  if (entries.length === 1) {
    const atStart = [...entries, ...new Set([...preloads, ...(scripts.atStart ?? [])])];
    const loader = pageLoader(atStart, [...new Set(scripts.idle ?? [])].filter((file) => !atStart.includes(file)), scripts.fetcher);
    page = page.replace('</head>', () => `  ${loader}\n  </head>`);
  }
  if (page.includes('<!--app-')) throw new Error('prerender: a placeholder was left in the page');
  return page;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** The chunks of these sources and what they import, from Vite's manifest, as the loader names them; no entry. */
function chunkFiles(keys: readonly string[], manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files].map((f) => `/${f}`);
}

/** The booking dialog's own code, which every page opens. */
const BOOKING_DIALOG = 'src/client/booking/booking-dialog.tsx';
/** The meeting page's whole-page hydration, which no other page needs. */
const HYDRATE_PAGE = 'src/client/pages/hydrate-page.tsx';

/**
 * What a page of islands fetches ahead once the browser is idle (page-loader.ts): every island's code
 * as its entry imports it, React with it, the page's dictionary and the booking dialog. Not what only
 * some visitors reach (the live voice demo's and chat's code, the other language), which loads when used.
 */
export function islandFiles(locale: Locale, manifest: Record<string, ManifestChunk>): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('prerender: no entry in the manifest');
  const islands = (entry.dynamicImports ?? []).filter((key) => !key.startsWith('src/content/i18n/') && key !== HYDRATE_PAGE);
  if (islands.length === 0) throw new Error('prerender: the entry imports no island');
  return chunkFiles([...islands, BOOKING_DIALOG, `src/content/i18n/${locale}.ts`], manifest);
}

/**
 * A language's dictionary chunk and what it imports, from Vite's manifest, as the page's loader names
 * them; not the page's entry, which the loader starts anyway.
 */
export function dictionaryFiles(locale: Locale, manifest: Record<string, ManifestChunk>): string[] {
  const files = chunkFiles([`src/content/i18n/${locale}.ts`], manifest);
  if (files.length === 0) throw new Error(`prerender: no chunk for the ${locale} dictionary in the manifest`);
  return files;
}

export async function prerender(clientDir: string, ssrEntry: string): Promise<string[]> {
  const read = (file: string) => fs.readFileSync(path.join(clientDir, file), 'utf8');
  // Both read before any page is written: the English home page replaces index.html.
  const home = read('index.html');
  const other = read(PAGE_TEMPLATE);
  const css = new Map<string, string>();
  for (const match of `${home}${other}`.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    const href = match[1] ?? '';
    css.set(href, read(href));
  }
  const ssr = (await import(pathToFileURL(ssrEntry).href)) as ServerRender;
  const assets = fs.readdirSync(path.join(clientDir, 'assets'));
  // The worker that fetches a page's islands' code ahead (page-loader.ts), one file for every page.
  const fetcher = `/assets/${fetcherFile()}`;
  fs.writeFileSync(path.join(clientDir, fetcher), FETCHER_SOURCE);
  const manifests = {
    home: JSON.parse(read(path.join('.vite', 'manifest.json'))) as Record<string, ManifestChunk>,
    other: JSON.parse(read(PAGES_MANIFEST)) as Record<string, ManifestChunk>,
  };
  const written: string[] = [];
  for (const page of BUILT_PAGES) {
    for (const locale of LOCALES) {
      const out = path.join(clientDir, pageFileOf(page, locale));
      fs.mkdirSync(path.dirname(out), { recursive: true });
      const rendered = page === 'home' ? ssr.render(locale) : ssr.renderPage(page, locale);
      // The meeting page hydrates whole: its root is its one island (src/client/pages/hydrate-page.tsx).
      const template = page === 'home' ? home : other.replace('<!--app-page-->', () => (page === 'meeting' ? `${page}" data-island="page` : page));
      const manifest = page === 'home' ? manifests.home : manifests.other;
      const head = [fontPreloads(assets), rendered.head].join('\n    ');
      // The home page's islands wake when reached for, their code fetched ahead; the other pages hydrate whole at once.
      const scripts =
        page === 'meeting'
          ? { atStart: [...dictionaryFiles(locale, manifest), ...chunkFiles([HYDRATE_PAGE], manifest)], idle: chunkFiles([BOOKING_DIALOG], manifest), fetcher }
          : { idle: islandFiles(locale, manifest), fetcher };
      const html = fillTemplate(template, locale, { ...rendered, head }, css, scripts);
      // The server writes the deployment's settings (the voice demo's keys, the retention days) here at start.
      for (const placeholder of PLACEHOLDERS[page]) {
        if (!html.includes(placeholder)) throw new Error(`prerender: ${placeholder} is missing from ${out}`);
      }
      fs.writeFileSync(out, html);
      written.push(path.relative(process.cwd(), out));
    }
  }
  // Filled for every page above; served as it is, it would be a page with its placeholders showing.
  fs.rmSync(path.join(clientDir, PAGE_TEMPLATE));
  return written;
}
