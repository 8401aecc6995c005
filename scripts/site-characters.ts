// The characters the site writes in Onest, so its one font file (scripts/fonts.ts) holds each of them:
// the visible text of every built page, every text of the dictionaries (the dialog's, the chat's, the
// inbox's, the API's messages), and whole alphabets of both languages for what visitors type.
import fs from 'node:fs';
import path from 'node:path';
import { BUILT_PAGES, pageFileOf } from '../src/shared/site-pages.ts';
import { LOCALES } from '../src/shared/locale.ts';

const I18N_DIR = 'src/content/i18n';

/** Printable ASCII, Bulgarian's alphabet (А–я, ѝ) and the typography the copy uses. */
const ALWAYS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i)),
  ...Array.from({ length: 0x450 - 0x410 }, (_, i) => String.fromCodePoint(0x410 + i)),
  ...'\u045d\u00a0«»©·–—‘’“”„…•№€',
];

const visibleText = (html: string) =>
  html
    .replace(/<(style|script)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([\da-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' })[name] ?? ' ');

function strings(value: unknown, out: string[], seen = new Set<unknown>()) {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const v of Object.values(value)) strings(v, out, seen);
  }
}

/** Every character to draw, without controls and line breaks. */
export async function siteCharacters(clientDir = 'dist/client'): Promise<Set<string>> {
  const texts: string[] = [...ALWAYS];
  for (const page of BUILT_PAGES) {
    for (const locale of LOCALES) texts.push(visibleText(fs.readFileSync(path.join(clientDir, pageFileOf(page, locale)), 'utf8')));
  }
  for (const file of fs.readdirSync(I18N_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    strings(await import(path.resolve(I18N_DIR, file)), texts);
  }
  return new Set([...texts.join('')].filter((c) => (c.codePointAt(0) ?? 0) >= 0x20 && !/\s/.test(c) || c === ' ' || c === '\u00a0'));
}
