// `npm run fonts`: remakes the one font file every page preloads (src/client/fonts/), after a change of
// copy brings a character it lacks; a build check says when (scripts/build-output.test.ts). Needs a build
// (dist/client) and Python's fontTools with Brotli (Debian: apt-get install python3-fonttools python3-brotli).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteCharacters } from './site-characters.ts';

export const FONT_DIR = 'src/client/fonts';
export const FONT_FILE = path.join(FONT_DIR, 'onest-site.woff2');
export const FONT_CSS = path.join(FONT_DIR, 'onest-site.css');
/**
 * fontsource's whole files, behind the cut one: their ranges less what the cut file holds, so a character
 * the cut file has is never fetched again in them when it comes late (`optional`) and the system font
 * draws that visit instead; they load only for a character the site does not write (one a visitor types).
 */
const WHOLE_FILES = [
  {
    file: 'onest-latin-wght-normal.woff2',
    range:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
  { file: 'onest-cyrillic-wght-normal.woff2', range: 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116' },
];

/** The stylesheet of the three faces: the cut file as 'Onest Site', the whole ones as 'Onest'. */
export function fontFaces(held: number[]): string {
  const face = (family: string, src: string, range: string) => `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-display: optional;
  font-weight: 100 900;
  src: url('${src}') format('woff2');
  unicode-range: ${range};
}
`;
  // Neither what the cut file holds nor what Onest has no glyph for: fetching a whole file for those draws nothing new.
  const skip = new Set([...held, ...LACKED_BY_ONEST.map((c) => c.codePointAt(0)!)]);
  return [
    face(FONT_FAMILY, './onest-site.woff2', unicodeRange(held)),
    ...WHOLE_FILES.map(({ file, range }) =>
      face('Onest', `../../../node_modules/@fontsource-variable/onest/files/${file}`, unicodeRange([...codePointsOf(range)].filter((cp) => !skip.has(cp)))),
    ),
  ].join('');
}

/** Characters the site writes that Onest itself has no glyph for: the next font of the stack draws them. */
export const LACKED_BY_ONEST = ['\u045d'];
/** The family name of the cut file, first in the font stack (tokens.css). */
export const FONT_FAMILY = 'Onest Site';

/** Code points as a unicode-range: runs of neighbours joined, each written U+XXXX or U+XXXX-YYYY. */
export function unicodeRange(codePoints: number[]): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const cp of sorted) {
    const last = runs.at(-1);
    if (last && cp === last[1] + 1) last[1] = cp;
    else runs.push([cp, cp]);
  }
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

/** The code points a unicode-range covers. */
export function codePointsOf(range: string): Set<number> {
  const out = new Set<number>();
  for (const m of range.matchAll(/U\+([\da-f]+)(?:-([\da-f]+))?/gi)) {
    const from = parseInt(m[1] ?? '', 16);
    const to = m[2] ? parseInt(m[2], 16) : from;
    for (let cp = from; cp <= to; cp++) out.add(cp);
  }
  return out;
}

function python(): string {
  for (const candidate of [process.env.PYTHON, 'python3', '/usr/bin/python3']) {
    if (candidate && spawnSync(candidate, ['-c', 'import fontTools, brotli'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error('[fonts] needs Python 3 with fontTools and Brotli: apt-get install python3-fonttools python3-brotli (or set PYTHON)');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync('dist/client/index.html')) throw new Error('[fonts] run `npm run build` first: the pages are read for their text');
  const characters = [...(await siteCharacters())].join('');
  const listFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fonts-')), 'characters.txt');
  fs.writeFileSync(listFile, characters);
  const held = JSON.parse(execFileSync(python(), ['scripts/onest-subset.py', listFile, FONT_FILE], { encoding: 'utf8' })) as number[];
  const css = `/* Written by \`npm run fonts\` (scripts/fonts.ts): Onest, Latin and Cyrillic in one variable file cut to
   the characters the site writes, weights 400 to 900, which every page preloads (scripts/prerender.ts);
   behind it fontsource's whole files, for any other character only. */
${fontFaces(held)}`;
  fs.writeFileSync(FONT_CSS, css);
  console.log(`[fonts] ${FONT_FILE}: ${fs.statSync(FONT_FILE).size.toLocaleString('en-US')} B, ${held.length} characters`);
}
