// `npx tsx scripts/font-fallback.ts`: writes src/client/fonts/onest-fallback.css, the faces a visitor's
// Arial (or a font drawn to Arial's widths: Liberation Sans, Arimo) is shown through while Onest is not
// there (docs/decisions/029-font-fallback.md). Run it after `npm run fonts` remakes the font file.
//
// The numbers are those the field's tools (capsize, fontaine) compute, from two sources:
// - the vertical metrics, read from the font file's own tables: unitsPerEm (head), the ascender,
//   descender and line gap (hhea, or OS/2's typo metrics when its USE_TYPO_METRICS bit is set). A WOFF2
//   file is a Brotli stream of the tables after a directory; head, hhea and OS/2 are stored as they are.
// - the widths, measured rather than averaged from a letter-frequency table: Chromium sets every text
//   of both languages' dictionaries in Onest and in the fallback, at the regular weight (400) and the
//   bold one (700); size-adjust is Onest's width over the fallback's, so a line takes the same room.
// The overrides are then the font's metrics over its em, divided by size-adjust (which scales them too).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../tools/browser.ts';
import { dictionaries } from '../src/content/i18n/index.ts';
import { LOCALES } from '../src/shared/locale.ts';
import { FONT_DIR, FONT_FILE } from './fonts.ts';

const OUT = `${FONT_DIR}/onest-fallback.css`;
/** The family name the stack names right after Onest's own (tokens.css). */
const FALLBACK_FAMILY = 'Onest Fallback';
/** Arial, by its full and PostScript names, and the fonts drawn to its widths on Linux and ChromeOS. */
const LOCAL_FACES = {
  regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
  bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold', 'Arimo-Bold'],
} as const;
/** Each fallback face, the weights it stands in for and the weight of Onest it is measured against. */
const FACES = [
  { local: LOCAL_FACES.regular, weights: '100 549', measuredAt: 400 },
  { local: LOCAL_FACES.bold, weights: '550 900', measuredAt: 700 },
] as const;

/** The tables of a WOFF2 file that hold the vertical metrics, as bytes. */
function woff2Tables(file: Buffer): Map<string, Buffer> {
  // The first 63 tags by the index WOFF2's directory gives them (the spec's "known table tags").
  const KNOWN = 'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
    .match(/.{4}\s?/g)!
    .map((t) => t.slice(0, 4));
  if (file.toString('latin1', 0, 4) !== 'wOF2') throw new Error(`${FONT_FILE} is not a WOFF2 file`);
  const numTables = file.readUInt16BE(12);
  const compressedSize = file.readUInt32BE(20);
  let at = 48;
  const base128 = () => {
    let n = 0;
    for (let i = 0; i < 5; i++) {
      const byte = file[at++]!;
      n = n * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return n;
    }
    throw new Error('bad UIntBase128');
  };
  const entries: { tag: string; length: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = file[at++]!;
    const tag = (flags & 0x3f) === 0x3f ? file.toString('latin1', at, (at += 4)) : KNOWN[flags & 0x3f]!;
    const version = flags >> 6;
    const origLength = base128();
    // glyf and loca are transformed at version 0; every other table at any version but 0.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    entries.push({ tag, length: transformed ? base128() : origLength });
  }
  const data = zlib.brotliDecompressSync(file.subarray(at, at + compressedSize));
  const tables = new Map<string, Buffer>();
  let offset = 0;
  for (const { tag, length } of entries) {
    tables.set(tag, data.subarray(offset, offset + length));
    offset += length;
  }
  return tables;
}

/** unitsPerEm and the ascent, descent and line gap a browser lays Onest's lines out with. */
function verticalMetrics(file: Buffer) {
  const tables = woff2Tables(file);
  const head = tables.get('head')!;
  const hhea = tables.get('hhea')!;
  const os2 = tables.get('OS/2')!;
  const useTypo = (os2.readUInt16BE(62) & (1 << 7)) !== 0;
  return {
    unitsPerEm: head.readUInt16BE(18),
    ascent: useTypo ? os2.readInt16BE(68) : hhea.readInt16BE(4),
    descent: Math.abs(useTypo ? os2.readInt16BE(70) : hhea.readInt16BE(6)),
    lineGap: useTypo ? os2.readInt16BE(72) : hhea.readInt16BE(8),
  };
}

/** Every text of both languages' dictionaries, as one string: what the widths are measured on. */
function siteText(): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const locale of LOCALES) walk(dictionaries[locale]);
  return out.join(' ');
}

/** The width of `text` in Onest over its width in each fallback face, at the weight it is measured against. */
async function widthRatios(file: Buffer, text: string): Promise<number[]> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    return await page.evaluate(
      async ({ font, text, faces }) => {
        const onest = new FontFace('Measured Onest', `url(data:font/woff2;base64,${font})`, { weight: '100 900' });
        document.fonts.add(await onest.load());
        const ctx = document.createElement('canvas').getContext('2d')!;
        const ratios: number[] = [];
        for (const { local, measuredAt } of faces) {
          const fallback = new FontFace(`Measured fallback ${measuredAt}`, local.map((name) => `local("${name}")`).join(', '));
          document.fonts.add(await fallback.load());
          ctx.font = `${measuredAt} 100px "Measured Onest"`;
          const own = ctx.measureText(text).width;
          ctx.font = `100px "Measured fallback ${measuredAt}"`;
          ratios.push(own / ctx.measureText(text).width);
        }
        return ratios;
      },
      { font: file.toString('base64'), text, faces: FACES.map((f) => ({ local: [...f.local], measuredAt: f.measuredAt })) },
    );
  } finally {
    await browser.close();
  }
}

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

const file = fs.readFileSync(FONT_FILE);
const m = verticalMetrics(file);
const ratios = await widthRatios(file, siteText());
const faces = FACES.map(({ local, weights, measuredAt }, i) => {
  const sizeAdjust = ratios[i]!;
  return `/* Measured against Onest at ${measuredAt}. */
@font-face {
  font-family: '${FALLBACK_FAMILY}';
  font-style: normal;
  font-weight: ${weights};
  src: ${local.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(m.ascent / m.unitsPerEm / sizeAdjust)};
  descent-override: ${percent(m.descent / m.unitsPerEm / sizeAdjust)};
  line-gap-override: ${percent(m.lineGap / m.unitsPerEm / sizeAdjust)};
}
`;
});
fs.writeFileSync(
  OUT,
  `/* Written by \`npx tsx scripts/font-fallback.ts\`, which says how each number is derived: Arial, or a font
   drawn to its widths, scaled and spaced to take Onest's room (unitsPerEm ${m.unitsPerEm}, ascent ${m.ascent},
   descent ${m.descent}, line gap ${m.lineGap}), so a page set in it before or without Onest lays out alike. */
${faces.join('')}`,
);
console.log(`[font-fallback] ${OUT}: size-adjust ${ratios.map(percent).join(', ')}`);
