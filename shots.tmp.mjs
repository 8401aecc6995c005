import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [path, name] of [['/', 'en'], ['/bg/', 'bg']]) for (const width of [390, 1440]) {
  const p = await b.newPage({ viewport: { width, height: 900 } });
  await p.goto('http://127.0.0.1:3900' + path, { waitUntil: 'networkidle' });
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/shot-${name}-${width}-top.png` });
  await p.locator('#logos').scrollIntoViewIfNeeded();
  await p.waitForTimeout(300);
  await p.screenshot({ path: `/tmp/shot-${name}-${width}-logos.png` });
  await p.locator('footer').scrollIntoViewIfNeeded();
  await p.waitForTimeout(300);
  await p.screenshot({ path: `/tmp/shot-${name}-${width}-footer.png` });
  await p.close();
}
await b.close();
