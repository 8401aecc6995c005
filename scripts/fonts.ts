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
   the characters the site writes, weights 400 to 900. Every page preloads it (scripts/prerender.ts). Its
   unicode-range is exactly what it holds; any other character falls to the whole 'Onest' (tokens.css). */
@font-face {
  font-family: '${FONT_FAMILY}';
  font-style: normal;
  font-display: optional;
  font-weight: 100 900;
  src: url('./onest-site.woff2') format('woff2');
  unicode-range: ${unicodeRange(held)};
}
`;
  fs.writeFileSync(FONT_CSS, css);
  console.log(`[fonts] ${FONT_FILE}: ${fs.statSync(FONT_FILE).size.toLocaleString('en-US')} B, ${held.length} characters`);
}
