// Turns the built template into one finished HTML page per language, with the page's CSS inlined
// (one render-blocking request fewer; DESIGN.md "Performance facts").
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCALES, type Locale } from '../src/shared/locale.ts';
import { RUNTIME_CONFIG_PLACEHOLDER } from '../src/shared/runtime-config.ts';

type Render = (locale: Locale) => { html: string; head: string };

/** The font subsets each language's text is set in: Bulgarian pages still carry Latin (digits, "AI"). */
const FONT_SUBSETS: Record<Locale, string[]> = { en: ['latin'], bg: ['cyrillic', 'latin'] };

/** Preload links for a language's font files, found by name among the built assets. */
export function fontPreloads(locale: Locale, assetFiles: string[]): string {
  return FONT_SUBSETS[locale]
    .map((subset) => assetFiles.find((f) => f.startsWith(`onest-${subset}-wght-normal-`) && f.endsWith('.woff2')))
    .filter((f): f is string => f !== undefined)
    .map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin />`)
    .join('\n    ');
}

export function fillTemplate(template: string, locale: Locale, rendered: { html: string; head: string }, css: Map<string, string>) {
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
  if (page.includes('<!--app-')) throw new Error('prerender: a placeholder was left in the page');
  return page;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Module preloads for a language's dictionary chunk and what it imports, from Vite's manifest; not
 * the page's entry, which its own script tag already loads.
 */
export function dictionaryPreloads(locale: Locale, manifest: Record<string, ManifestChunk>): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(`src/content/i18n/${locale}.ts`);
  if (files.size === 0) throw new Error(`prerender: no chunk for the ${locale} dictionary in the manifest`);
  return [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`).join('\n    ');
}

export async function prerender(clientDir: string, ssrEntry: string): Promise<string[]> {
  const templatePath = path.join(clientDir, 'index.html');
  const template = fs.readFileSync(templatePath, 'utf8');
  const css = new Map<string, string>();
  for (const match of template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    const href = match[1] ?? '';
    css.set(href, fs.readFileSync(path.join(clientDir, href), 'utf8'));
  }
  const { render } = (await import(pathToFileURL(ssrEntry).href)) as { render: Render };
  const assets = fs.readdirSync(path.join(clientDir, 'assets'));
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const written: string[] = [];
  for (const locale of LOCALES) {
    const out = locale === 'en' ? templatePath : path.join(clientDir, locale, 'index.html');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const rendered = render(locale);
    const head = [fontPreloads(locale, assets), dictionaryPreloads(locale, manifest), rendered.head].join('\n    ');
    const page = fillTemplate(template, locale, { ...rendered, head }, css);
    // The server writes the deployment's settings (the voice demo's keys) here at start.
    if (!page.includes(RUNTIME_CONFIG_PLACEHOLDER)) throw new Error(`prerender: ${RUNTIME_CONFIG_PLACEHOLDER} is missing`);
    fs.writeFileSync(out, page);
    written.push(path.relative(process.cwd(), out));
  }
  return written;
}
