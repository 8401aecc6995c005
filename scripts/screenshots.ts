// `npx tsx scripts/screenshots.ts [base URL] [--dialog]`: full-page PNGs of every page in every language
// (the home page, the privacy notice, an unknown address's not-found page) at phone and desktop widths,
// into screenshots/ (ignored by git), for looking at the pages as a visitor would.
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../tools/browser.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];
fs.mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const pages = [
  { path: '/', file: 'en' },
  { path: '/bg/', file: 'bg' },
  { path: '/privacy/', file: 'en-privacy' },
  { path: '/bg/privacy/', file: 'bg-privacy' },
  { path: '/nope', file: 'en-not-found' },
  { path: '/bg/nope', file: 'bg-not-found' },
];
for (const { path, file: stem } of pages) {
  for (const { name, width, height } of widths) {
    // English browser settings: `/` would otherwise follow this machine's own language.
    const page = await browser.newPage({ viewport: { width, height }, locale: 'en-US' });
    await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
    const file = `screenshots/${stem}-${name}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    if (process.argv.includes('--dialog')) {
      await page.getByRole('button', { name: path.startsWith('/bg/') ? 'Запазете консултация' : 'Book a Call' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: file.replace('.png', '-dialog.png') });
    }
    await page.close();
  }
}
await browser.close();
