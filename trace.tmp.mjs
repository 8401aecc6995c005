import { chromium } from '@playwright/test';
import fs from 'node:fs';
const url = process.argv[2];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await b.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute', 'loading'] });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(3000);
const buf = await b.stopTracing();
await b.close();
const { traceEvents } = JSON.parse(buf.toString());
const main = traceEvents.filter((e) => e.name === 'RunTask' && e.dur > 20000);
// find renderer main thread: the thread with ParseHTML
const ph = traceEvents.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url).startsWith(url));
const tid = ph.tid, pid = ph.pid;
const nav = traceEvents.filter((e) => e.name === 'navigationStart' && e.pid === pid && String(e.args?.data?.documentLoaderURL).startsWith(url)).at(-1)?.ts ?? ph.ts;
const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts > nav);
const lcps = traceEvents.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === pid);
console.log('FCP', fcp && Math.round((fcp.ts - nav) / 1000), 'LCP', lcps.map((l) => Math.round((l.ts - nav) / 1000)).join(','));
fs.writeFileSync('/tmp/trace.json', buf);
const tasks = traceEvents.filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.dur > 15000);
for (const t of tasks) {
  const kids = traceEvents.filter((e) => e.pid === pid && e.tid === tid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.ph === 'X' && e.name !== 'RunTask');
  const agg = {};
  for (const k of kids) agg[k.name] = (agg[k.name] ?? 0) + (k.dur ?? 0);
  const top = Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 7).map(([n, d]) => `${n} ${Math.round(d / 1000)}`).join(', ');
  console.log(`task @${Math.round((t.ts - nav) / 1000)} ${Math.round(t.dur / 1000)} ms: ${top}`);
}
