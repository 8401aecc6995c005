import { chromium } from '@playwright/test';
const url = process.argv[2];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop');
await b.close();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas; const total = {};
profile.samples.forEach((id, i) => { self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)); });
const agg = {}; const aggFile = {};
for (const [id, us] of self) { const n = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`; agg[k] = (agg[k] ?? 0) + us; const f = cf.url.split('/').pop() || cf.functionName; aggFile[f] = (aggFile[f] ?? 0) + us; }
console.log(Object.entries(aggFile).sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${k} ${Math.round(v / 1000)}ms`).join('\n'));
console.log('---');
console.log(Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${Math.round(v / 1000)}ms ${k}`).join('\n'));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = {};
for (const [id, us] of self) { const seen = new Set(); let cur = id; while (cur !== undefined) { const n = byId.get(cur); const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`; if (!seen.has(k)) { incl[k] = (incl[k] ?? 0) + us; seen.add(k); } cur = parent.get(cur); } }
console.log('--- inclusive');
console.log(Object.entries(incl).filter(([k]) => k.includes('.js')).sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${Math.round(v / 1000)}ms ${k}`).join('\n'));
// tree from roots that are module evaluations (url .js, line 0 col 0)
const inclNode = new Map();
const inc = (id) => { if (inclNode.has(id)) return inclNode.get(id); const n = byId.get(id); let v = self.get(id) ?? 0; for (const c of n.children ?? []) v += inc(c); inclNode.set(id, v); return v; };
const show = (id, depth) => { const n = byId.get(id); const v = inc(id); if (v < 8000) return; const cf = n.callFrame; console.log(`${'  '.repeat(depth)}${Math.round(v / 1000)}ms ${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`); if (depth < 5) for (const c of n.children ?? []) show(c, depth + 1); };
console.log('--- module trees');
for (const n of profile.nodes) if (n.callFrame.url.endsWith('.js') && n.callFrame.lineNumber === 0 && n.callFrame.columnNumber === 0) show(n.id, 0);
