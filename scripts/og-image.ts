// `npx tsx scripts/og-image.ts`: draws the link-preview picture of each language (1200x630) and the
// home-screen icon (180x180) into public/, with headless Chromium, from the business name, slogan and
// services in src/content. Run it after changing those and commit the PNGs: the build only copies
// them, so it needs no browser.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../tools/browser.ts';
import { dictionaries } from '../src/content/i18n/index.ts';
import { SHARE_IMAGE_SIZE, shareImagePath } from '../src/content/share-image.ts';
import { businessProfile as business } from '../src/content/profile.ts';
import { LOCALES, type Locale } from '../src/shared/locale.ts';
import { FOOTER_LINE_IDS } from '../src/shared/service-lines.ts';
import { recompressPng } from './png.ts';

const PUBLIC = 'public';
const ICON_SIZE = 180;
const favicon = fs.readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const fontFile = (subset: string) =>
  fs.readFileSync(`node_modules/@fontsource-variable/onest/files/onest-${subset}-wght-normal.woff2`).toString('base64');

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The site's font, embedded so the picture looks the same on any machine; the ranges are those of
// @fontsource's own CSS, so Bulgarian takes the Cyrillic file.
const fontFaces = `
  @font-face { font-family: Onest; font-weight: 100 900; src: url(data:font/woff2;base64,${fontFile('latin')}) format('woff2');
    unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2212; }
  @font-face { font-family: Onest; font-weight: 100 900; src: url(data:font/woff2;base64,${fontFile('cyrillic')}) format('woff2');
    unicode-range: U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116; }`;

// The site's colours (src/client/styles.css): ink navy, indigo to cyan.
const shareCss = `
  ${fontFaces}
  * { box-sizing: border-box; margin: 0; padding: 0; }
  body { width: ${SHARE_IMAGE_SIZE.width}px; height: ${SHARE_IMAGE_SIZE.height}px; overflow: hidden;
    font-family: Onest, sans-serif; color: #f1f5f9; background: #020617; position: relative; }
  .glow { position: absolute; border-radius: 50%; filter: blur(90px); opacity: .55; }
  .glow.indigo { width: 460px; height: 460px; right: -120px; top: -200px; background: #6366f1; }
  .glow.cyan { width: 380px; height: 380px; right: 140px; bottom: -300px; background: #06b6d4; opacity: .4; }
  .dots { position: absolute; inset: 0;
    background-image: radial-gradient(rgb(148 163 184 / .16) 1.5px, transparent 1.5px); background-size: 28px 28px;
    mask-image: linear-gradient(100deg, #000 10%, transparent 75%); }
  .frame { position: relative; height: 100%; padding: 64px 72px 60px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 34px; font-weight: 700; letter-spacing: -.01em; }
  .brand svg { width: 64px; height: 64px; border-radius: 15px; box-shadow: 0 0 0 1px rgb(148 163 184 / .3), 0 8px 30px rgb(99 102 241 / .35); }
  h1 { margin-top: 60px; max-width: 960px; font-size: 66px; line-height: 1.08; font-weight: 800; letter-spacing: -.025em; }
  .services { margin-top: 36px; display: flex; flex-wrap: wrap; gap: 12px; max-width: 1000px; }
  .services li { list-style: none; padding: 9px 18px; border: 1px solid rgb(148 163 184 / .28); border-radius: 999px;
    background: rgb(15 23 42 / .7); font-size: 21px; font-weight: 500; color: #cbd5e1; }
  .foot { margin-top: auto; display: flex; align-items: center; justify-content: space-between; }
  .cta { padding: 14px 28px; border-radius: 999px; font-size: 24px; font-weight: 700; color: #020617;
    background: linear-gradient(90deg, #818cf8, #22d3ee); }
  .site { font-size: 24px; font-weight: 500; color: #94a3b8; }`;

function shareHtml(locale: Locale): string {
  const t = dictionaries[locale];
  // The footer's four, so the picture stays two lines of services at most.
  const services = FOOTER_LINE_IDS.map((id) => `<li>${escapeHtml(t.business.serviceNames[id])}</li>`).join('');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><style>${shareCss}</style></head><body>
    <div class="glow indigo"></div><div class="glow cyan"></div><div class="dots"></div>
    <div class="frame">
      <div class="brand">${favicon}<span>${escapeHtml(business.name)}</span></div>
      <h1>${escapeHtml(business.slogan[locale])}</h1>
      <ul class="services">${services}</ul>
      <div class="foot">
        <span class="cta">${escapeHtml(t.hero.cta)}</span>
        <span class="site">${escapeHtml(new URL(business.website).host)}</span>
      </div>
    </div></body></html>`;
}

// iOS rounds the corners itself and shows transparency as black: the icon fills its square with ink.
const iconHtml = `<!doctype html><html><head><style>
  * { margin: 0; } body { width: ${ICON_SIZE}px; height: ${ICON_SIZE}px; background: #020617; }
  svg { display: block; width: 100%; height: 100%; }</style></head><body>${favicon}</body></html>`;

async function draw(page: Page, html: string, file: string) {
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  fs.writeFileSync(file, recompressPng(await page.screenshot({ type: 'png' })));
  console.log(`${file}: ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
}

const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  const context = await browser.newContext({ deviceScaleFactor: 1 });
  // Everything the pictures need is inline; nothing may leave the machine.
  await context.route(/^(?!data:)/, (route) => route.abort());
  const page = await context.newPage();
  await page.setViewportSize(SHARE_IMAGE_SIZE);
  for (const locale of LOCALES) await draw(page, shareHtml(locale), path.join(PUBLIC, shareImagePath(locale)));
  await page.setViewportSize({ width: ICON_SIZE, height: ICON_SIZE });
  await draw(page, iconHtml, path.join(PUBLIC, 'apple-touch-icon.png'));
} finally {
  await browser.close();
}
