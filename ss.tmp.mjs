import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let i = 0; i < 5; i++) { const ctx = await b.newContext(); const p = await ctx.newPage(); await p.goto('http://127.0.0.1:3900/ss-test.html'); console.log(await p.title()); await ctx.close(); }
await b.close();
