// The leads inbox's page as the server answers it: missing until an operator exists, then the same
// HTML for every address under /admin with its own strict headers, and its assets cached for good.
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { addOperator, clearOperators } from '../testing/operators.ts';
import { describeApp, TEST_ADMIN_ASSET, TEST_ADMIN_PAGE, type App } from '../testing/app.ts';
import { adminPageHeadersOf } from './admin-page.ts';
import { inboxTexts } from '../../content/i18n/inbox.ts';

const INBOX_ADDRESSES = ['/admin', '/admin/', '/admin/leads/01JD7X3K', '/admin/overview?days=90', '/admin/anything/else'];

describeApp('the leads inbox page', (site) => {
  let app: App;
  beforeEach(async () => {
    await clearOperators(site.store.db);
    app = await site.build();
  });

  it('says how to add the first operator while there is none (404, no script, in the request’s language); its assets are not there', async () => {
    for (const url of INBOX_ADDRESSES) {
      for (const locale of ['en', 'bg'] as const) {
        const res = await app.inject({ url, headers: { 'accept-language': locale } });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toContain(`<h1>${inboxTexts[locale].noOperator.title}</h1>`);
        expect(res.body).toContain('npm run operator -- add &lt;email&gt;');
        expect(res.body).toContain('docker exec -it &lt;container&gt; operator add &lt;email&gt;');
        expect(res.body).not.toContain('<script');
        expect(res.body).not.toContain('admin-5d1e');
      }
    }
    const asset = await app.inject(TEST_ADMIN_ASSET);
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ error: 'Not found.' });
  });

  it('serves its own HTML at every address under /admin once an operator exists, without a restart', async () => {
    await addOperator(site.store.db);
    for (const url of INBOX_ADDRESSES) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(TEST_ADMIN_PAGE);
    }
  });

  it('is never stored by a cache, never indexed, and runs under a policy of its own origin alone', async () => {
    await addOperator(site.store.db);
    const res = await app.inject('/admin/leads/01JD7X3K');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self'; /);
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|https:|daily|vapi/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('serves its hashed assets under /admin/assets/ for a year, and a missing one as not found', async () => {
    await addOperator(site.store.db);
    const asset = await app.inject(TEST_ADMIN_ASSET);
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("inbox")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    const missing = await app.inject('/admin/assets/nope-1234.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not found.' });
  });

  it('leaves the public pages and the admin API as they were', async () => {
    await addOperator(site.store.db);
    expect((await app.inject('/')).headers['x-robots-tag']).toBeUndefined();
    expect((await app.inject('/api/admin/me')).statusCode).toBe(401);
  });
});

describe("the inbox page's headers", () => {
  it('allow by hash whatever its HTML carries inline, and nothing else inline', () => {
    const style = 'body{margin:0}';
    const policy = adminPageHeadersOf(`<html><head><style>${style}</style></head></html>`)['content-security-policy'];
    expect(policy).toContain(`style-src 'self' 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(adminPageHeadersOf(TEST_ADMIN_PAGE)['content-security-policy']).toContain("script-src 'self';");
  });
});
