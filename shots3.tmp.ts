import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';
const [path, width, out] = [process.argv[2] ?? '/', Number(process.argv[3] ?? 1440), process.argv[4] ?? '/tmp/x.png'];
const b = await chromium.launch(CHROMIUM_LAUNCH);
const p = await b.newPage({ viewport: { width, height: 900 }, locale: 'en-US' });
await p.goto('http://127.0.0.1:3111' + path, { waitUntil: 'networkidle' });
const s = p.locator('#services');
await s.scrollIntoViewIfNeeded();
if (process.argv[5] === 'open') { await s.locator('button[aria-expanded]').first().click(); await p.waitForTimeout(600); }
await s.screenshot({ path: out });
await b.close();
