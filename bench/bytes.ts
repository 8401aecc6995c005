// Page weight of the built site, from dist/client: what each public page loads first (scripts, CSS,
// fonts it preloads) and its HTML, in gzip -9 and brotli (quality 11), and every script loaded later.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CSS_GZIP_BUDGET, INITIAL_JS_GZIP_BUDGET, SCRIPT_BEFORE_INTERACTION_GZIP_BUDGET } from '../scripts/page-budgets.ts';
import { filesLoadedBy, filesPreloadedBy } from '../scripts/page-loader.ts';
import { LOCALES } from '../src/shared/locale.ts';
import { BUILT_PAGES, pageFileOf, pathOf, SITE_PAGES } from '../src/shared/site-pages.ts';
import { budget, bytes, judged, printTable, type BudgetCheck } from './report.ts';

export const CLIENT_DIR = 'dist/client';

const gz = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;
const br = (content: string | Buffer) =>
  brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export interface Sizes { raw: number; gzip: number; brotli: number }
const sizes = (content: string | Buffer): Sizes => ({ raw: Buffer.byteLength(content), gzip: gz(content), brotli: br(content) });
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
const NONE: Sizes = { raw: 0, gzip: 0, brotli: 0 };

// Attributes in any order and quoting, as Vite and the prerender write a page's links.
function tags(html: string, name: string): Map<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((tag) => {
    const attrs = new Map<string, string>();
    for (const m of (tag[1] ?? '').matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs.set((m[1] ?? '').toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
    }
    return attrs;
  });
}

const asset = (href: string) => path.join(CLIENT_DIR, href.split(/[?#]/)[0] ?? href);

export interface PageWeight {
  /** The address (the not-found pages: their file). */
  page: string;
  html: Sizes;
  initialJs: Sizes;
  /** What the loader fetches ahead once the browser is idle (the home page's islands), before any interaction. */
  idleJs: Sizes;
  /** Inline `<style>` and linked stylesheets. */
  css: Sizes;
  jsFiles: string[];
  /** The font files the page preloads. */
  fontPreloads: string[];
}

function pageWeight(page: string, file: string): PageWeight {
  const html = fs.readFileSync(path.join(CLIENT_DIR, file), 'utf8');
  // What the page's loader starts once it is drawn (scripts/page-loader.ts): a page has no other script.
  const jsFiles = new Set<string>(filesLoadedBy(html));
  const links = tags(html, 'link');
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? '');
  const linkedCss = links
    .filter((a) => a.get('rel') === 'stylesheet' && a.get('href')?.startsWith('/'))
    .map((a) => fs.readFileSync(asset(a.get('href') ?? ''), 'utf8'));
  const fontPreloads = links
    .filter((a) => a.get('rel') === 'preload' && a.get('as') === 'font')
    .map((a) => a.get('href') ?? '');
  return {
    page,
    html: sizes(html),
    initialJs: [...jsFiles].map((f) => sizes(fs.readFileSync(asset(f)))).reduce(add, NONE),
    idleJs: filesPreloadedBy(html).map((f) => sizes(fs.readFileSync(asset(f)))).reduce(add, NONE),
    css: [...inlineCss, ...linkedCss].map(sizes).reduce(add, NONE),
    jsFiles: [...jsFiles],
    fontPreloads,
  };
}

export interface BytesResult {
  pages: PageWeight[];
  lazyChunks: { file: string; size: Sizes }[];
  fonts: { file: string; bytes: number; preloadedBy: string[] }[];
  budgets: BudgetCheck[];
}

/** The public pages by address, and the not-found pages by file. */
function builtPages(): { page: string; file: string }[] {
  const addressed = SITE_PAGES.flatMap((p) => LOCALES.map((l) => ({ page: pathOf(l, p), file: pageFileOf(p, l) })));
  const others = BUILT_PAGES.filter((p) => !(SITE_PAGES as readonly string[]).includes(p)).flatMap((p) =>
    LOCALES.map((l) => ({ page: `/${pageFileOf(p, l)}`, file: pageFileOf(p, l) })),
  );
  return [...addressed, ...others].filter(({ file }) => fs.existsSync(path.join(CLIENT_DIR, file)));
}

/** The pages of islands' script before any interaction is held to their budget; the meeting page, which hydrates whole, to its own. */
const initialJsBudget = (page: string) => (page.endsWith('meeting.html') ? INITIAL_JS_GZIP_BUDGET : SCRIPT_BEFORE_INTERACTION_GZIP_BUDGET);

export function measureBytes(): BytesResult {
  const pages = builtPages().map(({ page, file }) => pageWeight(page, file));
  const initial = new Set(pages.flatMap((p) => p.jsFiles.map((f) => path.basename(f))));
  const assets = fs.readdirSync(path.join(CLIENT_DIR, 'assets')).sort();
  const lazyChunks = assets
    .filter((f) => f.endsWith('.js') && !initial.has(f))
    .map((f) => ({ file: `/assets/${f}`, size: sizes(fs.readFileSync(path.join(CLIENT_DIR, 'assets', f))) }));
  const fonts = assets
    .filter((f) => /\.(woff2?|ttf|otf)$/.test(f))
    .map((f) => ({
      file: `/assets/${f}`,
      bytes: fs.statSync(path.join(CLIENT_DIR, 'assets', f)).size,
      preloadedBy: pages.filter((p) => p.fontPreloads.includes(`/assets/${f}`)).map((p) => p.page),
    }));
  const budgets = pages.flatMap((p) => [
    budget(`${p.page} initial JS (gzip)`, p.initialJs.gzip, 'max', initialJsBudget(p.page)),
    budget(`${p.page} CSS (gzip)`, p.css.gzip, 'max', CSS_GZIP_BUDGET),
  ]);
  return { pages, lazyChunks, fonts, budgets };
}

export function printBytes({ pages, lazyChunks, fonts, budgets }: BytesResult): void {
  const check = (name: string) => budgets.find((b) => b.name === name);
  console.log('\nPage weight, bytes (gzip -9 / brotli 11; HTML includes the inlined CSS)');
  printTable(
    ['page', 'JS before interaction, gzip', 'JS brotli', 'fetched ahead when idle, gzip', 'CSS gzip', 'CSS brotli', 'HTML raw', 'HTML gzip', 'HTML brotli', 'fonts preloaded'],
    pages.map((p) => [
      p.page,
      judged(bytes(p.initialJs.gzip), check(`${p.page} initial JS (gzip)`), bytes(initialJsBudget(p.page))),
      bytes(p.initialJs.brotli),
      bytes(p.idleJs.gzip),
      judged(bytes(p.css.gzip), check(`${p.page} CSS (gzip)`), bytes(CSS_GZIP_BUDGET)),
      bytes(p.css.brotli),
      bytes(p.html.raw),
      bytes(p.html.gzip),
      bytes(p.html.brotli),
      String(p.fontPreloads.length),
    ]),
  );
  console.log('\n  Scripts loaded later (lazy chunks)');
  printTable(['file', 'raw', 'gzip', 'brotli'], lazyChunks.map((c) => [c.file, bytes(c.size.raw), bytes(c.size.gzip), bytes(c.size.brotli)]), '    ');
  console.log('\n  Fonts (woff2 is compressed already)');
  printTable(['file', 'bytes', 'preloaded by'], fonts.map((f) => [f.file, bytes(f.bytes), f.preloadedBy.join(' ') || '-']), '    ');
}
