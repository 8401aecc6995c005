import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';
const [path, width, prefix] = [process.argv[2] ?? '/', Number(process.argv[3] ?? 1440), process.argv[4] ?? '/tmp/seg'];
const b = await chromium.launch(CHROMIUM_LAUNCH);
const p = await b.newPage({ viewport: { width, height: 900 } });
await p.goto('http://127.0.0.1:3111' + path, { waitUntil: 'networkidle' });
const h = await p.evaluate(() => document.documentElement.scrollHeight);
const seg = width > 800 ? 1100 : 1500;
for (let y = 0, i = 0; y < h; y += seg, i++) {
  await p.screenshot({ path: `${prefix}-${i}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(seg, h - y) } });
  console.log(`${prefix}-${i}.png`);
}
await b.close();
