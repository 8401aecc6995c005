// A/B: module evaluation and compile on the main thread, by profile and trace, interleaved
import { chromium } from '@playwright/test';
const urls = process.argv.slice(2);
const N = Number(process.env.N ?? 6);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const res = {};
for (let i = 0; i < N; i++) for (const url of urls) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await b.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'disabled-by-default-v8.compile'] });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  const { traceEvents: t } = JSON.parse((await b.stopTracing()).toString());
  await ctx.close();
  const ph = t.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url).startsWith(url));
  const main = (e) => e.pid === ph.pid && e.tid === ph.tid;
  const evals = t.filter((e) => main(e) && e.name === 'v8.evaluateModule');
  const big = Math.max(...evals.map((e) => e.dur)) / 1000;
  const compileMain = t.filter((e) => main(e) && /V8.CompileLazy|V8.ParseFunction|v8.compile$|V8.CompileCode/.test(e.name)).reduce((s, e) => s + (e.dur ?? 0), 0) / 1000;
  const tasks = t.filter((e) => main(e) && e.name === 'RunTask');
  const long = tasks.filter((e) => e.dur > 50000).reduce((s, e) => s + e.dur / 1000 - 50, 0);
  (res[url] ??= []).push({ bigEval: Math.round(big), compileMain: Math.round(compileMain), longOver50: Math.round(long) });
}
await b.close();
const med = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [u, rs] of Object.entries(res)) console.log(u.padEnd(32), ['bigEval', 'compileMain', 'longOver50'].map((k) => `${k} ${med(rs.map((r) => r[k]))} [${rs.map((r) => r[k]).join(' ')}]`).join('  '));
