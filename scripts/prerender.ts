// Turns the built template into one finished HTML page per language, with the page's CSS inlined
// (one render-blocking request fewer; DESIGN.md "Performance facts").
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCALES, type Locale } from '../src/shared/locale.ts';

type Render = (locale: Locale) => { html: string; head: string };

export function fillTemplate(template: string, locale: Locale, rendered: { html: string; head: string }, css: Map<string, string>) {
  let page = template
    .replace('<html lang="en">', `<html lang="${locale}">`)
    .replace('<!--app-head-->', rendered.head)
    .replace('<!--app-html-->', rendered.html);
  page = page.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
    const content = css.get(href);
    return content === undefined ? tag : `<style>${content}</style>`;
  });
  if (page.includes('<!--app-')) throw new Error('prerender: a placeholder was left in the page');
  return page;
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
  const written: string[] = [];
  for (const locale of LOCALES) {
    const out = locale === 'en' ? templatePath : path.join(clientDir, locale, 'index.html');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, fillTemplate(template, locale, render(locale), css));
    written.push(path.relative(process.cwd(), out));
  }
  return written;
}
