// The security headers as the routes send them: the page policy on both pages, built from the pages'
// own inline styles and the deployment's Vapi settings; the cheap headers on every answer.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeApp, TEST_ASSET } from '../testing/app.ts';
import type { VapiSettings } from '../../shared/runtime-config.ts';

const CSS = '.bar{display:block}';
const page = (lang: string, styled: string) =>
  `<!doctype html><html lang="${lang}"><head><style>${CSS}</style><!--runtime-config--></head><body><i style="${styled}"></i></body></html>`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const PAGES = ['/', '/bg/', '/index.html', '/bg/index.html'];

describeApp('the security headers', { english: page('en', 'height:30%'), bulgarian: page('bg', 'width:18%') }, (testApp) => {
  const site = (vapi?: VapiSettings) => testApp.build({ vapi });

  describe('the pages carry the security headers', () => {
    for (const url of PAGES) {
      it(`${url}: a first-party policy that allows the inline styles of both pages by hash`, async () => {
        const res = await (await site()).inject(url);
        expect(res.statusCode).toBe(200);
        const policy = String(res.headers['content-security-policy']);
        expect(policy).toMatch(/^default-src 'self'; script-src 'self'; /);
        expect(policy).toContain(`style-src 'self' ${sha256(CSS)};`);
        expect(policy).toContain(`style-src-attr 'unsafe-hashes' ${sha256('height:30%')} ${sha256('width:18%')};`);
        expect(policy).toContain("connect-src 'self';");
        expect(policy).toContain("object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'");
        expect(res.headers['permissions-policy']).toBe('microphone=()');
        expect(res.headers).not.toHaveProperty('cross-origin-opener-policy');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-frame-options']).toBe('DENY');
      });
    }

    it('with the voice demo configured, allow Vapi, Daily and the microphone on both pages', async () => {
      const app = await site({ publicKey: 'pk-1', assistantId: 'alex-1', apiUrl: 'http://127.0.0.1:3999' });
      for (const url of ['/', '/bg/']) {
        const res = await app.inject(url);
        const policy = String(res.headers['content-security-policy']);
        expect(policy).toContain("script-src 'self' https://*.daily.co blob: 'wasm-unsafe-eval';");
        expect(policy).toContain("connect-src 'self' http://127.0.0.1:3999 https://*.daily.co wss://*.daily.co");
        expect(policy).toContain("worker-src 'self' blob:; media-src 'self' blob:;");
        expect(res.headers['permissions-policy']).toBe('microphone=(self)');
      }
    });

    it('with the chat alone, allow only Vapi’s API beyond the site', async () => {
      const res = await (await site({ publicKey: 'pk-1', chatAssistantId: 'lana-1' })).inject('/bg/');
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("connect-src 'self' https://api.vapi.ai;");
      expect(policy).not.toContain('daily.co');
      expect(res.headers['permissions-policy']).toBe('microphone=()');
    });

    it('sends the policy with a revalidated page (304) too, so the cached copy keeps the current one', async () => {
      const app = await site();
      const first = await app.inject('/bg/');
      const again = await app.inject({ url: '/bg/', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(again.headers['permissions-policy']).toBe('microphone=()');
    });
  });

  describe('answers that are not pages', () => {
    it('carry the cheap headers but no page policy: JSON, scripts and the language redirect', async () => {
      const app = await site({ publicKey: 'pk-1', assistantId: 'alex-1' });
      const answers = [
        await app.inject('/api/health'),
        await app.inject(TEST_ASSET),
        await app.inject({ url: '/', headers: { 'accept-language': 'bg' } }),
      ];
      for (const res of answers) {
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers).not.toHaveProperty('content-security-policy');
        expect(res.headers).not.toHaveProperty('permissions-policy');
      }
    });
  });

  describe('Strict-Transport-Security', () => {
    const urls = ['/', '/bg/', '/api/health', TEST_ASSET, '/api/admin/me', '/nowhere'];

    it('goes with every answer served over https, as the trusted proxy reports it', async () => {
      const app = await testApp.build({ trustProxy: '127.0.0.1' });
      for (const url of urls) {
        const res = await app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
    });

    it('is never sent over plain http, nor because an untrusted client claims https', async () => {
      for (const app of [await testApp.build(), await testApp.build({ trustProxy: '10.0.0.1' })]) {
        for (const url of urls) {
          const res = await app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
          expect(res.headers, url).not.toHaveProperty('strict-transport-security');
        }
      }
    });
  });
});
