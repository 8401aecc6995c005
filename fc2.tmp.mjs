import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let i = 0; i < 3; i++) {
  const p = await b.newPage();
  await p.goto('http://127.0.0.1:3900/', { waitUntil: 'networkidle' });
  const r = await p.evaluate(async () => { await document.fonts.ready; return [...document.fonts].map((f) => `${f.family} ${f.status} ${f.unicodeRange.slice(0, 20)}`); });
  const cdp = await p.context().newCDPSession(p);
  await cdp.send('DOM.enable'); await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  console.log(r.join(' | '), '→ h1:', fonts.map((f) => f.familyName + ' ' + f.glyphCount).join(', '));
  await p.close();
}
await b.close();
