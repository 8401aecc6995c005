// The pages beside the home page as the server answers them: the privacy notice in each language with
// the retention days written in, and the not-found page for an unknown address, while the APIs and the
// inbox keep their JSON 404.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  LEAD_RETENTION_DAYS_PLACEHOLDER,
  PRIVACY_NOTICE_ID,
  PRIVACY_NOTICE_VERSION_PLACEHOLDER,
} from '../../shared/runtime-config.ts';
import { servedNotice } from './privacy-notice.ts';
import { describeApp, TEST_PAGES } from '../testing/app.ts';

const NOTICE_CSS = '.notice{max-width:48rem}';
const MISSING_CSS = '.missing{color:red}';
const privacy = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><style>${NOTICE_CSS}</style></head><body><main><article id="${PRIVACY_NOTICE_ID}">` +
  `<h1>Notice ${lang}</h1><p>Kept ${LEAD_RETENTION_DAYS_PLACEHOLDER} days.</p></article>` +
  `<p>Version ${PRIVACY_NOTICE_VERSION_PLACEHOLDER}</p></main></body></html>`;
const notFound = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><style>${MISSING_CSS}</style><meta name="robots" content="noindex" /></head><body><h1>404 ${lang}</h1></body></html>`;

const meeting = (lang: string) => `<!doctype html><html lang="${lang}"><head><meta name="robots" content="noindex" /></head><body><h1>Meeting ${lang}</h1></body></html>`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const pages = {
  ...TEST_PAGES,
  privacy: { en: privacy('en'), bg: privacy('bg') },
  notFound: { en: notFound('en'), bg: notFound('bg') },
  meeting: { en: meeting('en'), bg: meeting('bg') },
};

describeApp('the privacy notice and the not-found page', pages, (site) => {
  it('serves the notice at /privacy/ and /bg/privacy/ with the retention days this server keeps to', async () => {
    const app = await site.build({ leadRetentionDays: 1500 });
    for (const [url, lang, days] of [
      ['/privacy/', 'en', '1,500'],
      ['/privacy/index.html', 'en', '1,500'],
      ['/bg/privacy/', 'bg', '1500'],
      ['/bg/privacy/index.html', 'bg', '1500'],
    ] as const) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(servedNotice(privacy(lang), lang, 1500).html);
      expect(res.body).toContain(`Kept ${days} days.`);
      expect(res.body).not.toContain('{{');
    }
    expect((await app.inject('/bg/privacy')).headers.location).toBe('/bg/privacy/');
    const head = await app.inject({ method: 'HEAD', url: '/bg/privacy/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('sends the notice with the pages’ policy, covering its inline styles and the not-found page’s', async () => {
    const res = await (await site.build()).inject('/privacy/');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(sha256(NOTICE_CSS));
    expect(policy).toContain(sha256(MISSING_CSS));
    expect(res.headers).not.toHaveProperty('cross-origin-opener-policy');
  });

  it('revalidates the notice with an ETag, which changes with the retention days', async () => {
    const first = await (await site.build()).inject('/privacy/');
    const again = await (await site.build()).inject({ url: '/privacy/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const shorter = await (await site.build({ leadRetentionDays: 365 })).inject({
      url: '/privacy/',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(shorter.statusCode).toBe(200);
  });

  it('answers an unknown page with the not-found page in the path’s language, status 404, never cached or indexed', async () => {
    const app = await site.build();
    for (const [url, lang] of [
      ['/nope', 'en'],
      ['/services/ai?x=1', 'en'],
      ['/bgx', 'en'],
      ['/bg/nope', 'bg'],
      ['/bg/privacy/old', 'bg'],
      ['/404.html', 'en'],
      ['/bg/404.html', 'bg'],
    ] as const) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe(notFound(lang));
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(String(res.headers['content-security-policy'])).toContain(sha256(MISSING_CSS));
    }
  });

  it('serves the meeting page at /meeting/<token> in each language, never indexed, cached or sent on as a referrer', async () => {
    const app = await site.build();
    for (const [url, lang] of [
      ['/meeting/0193a1b2-0000-7000-8000-000000000000.abc', 'en'],
      ['/bg/meeting/anything-at-all', 'bg'],
    ] as const) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(meeting(lang));
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-security-policy']).toBeDefined();
    }
    // Its file is no address, and the other pages keep the site's referrer policy.
    expect((await app.inject('/meeting.html')).statusCode).toBe(404);
    expect((await app.inject('/bg/meeting.html')).statusCode).toBe(404);
    expect((await app.inject('/privacy/')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers HEAD for an unknown page as GET, without a body', async () => {
    const res = await (await site.build()).inject({ method: 'HEAD', url: '/bg/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe('');
  });

  it('keeps the JSON 404 for the APIs, the inbox’s API and any method but GET and HEAD (the inbox’s page before its first operator says how to add one: admin-page.test.ts)', async () => {
    const app = await site.build();
    for (const request of [
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/api' },
      { method: 'GET', url: '/api/admin/leads' },
      { method: 'POST', url: '/admin' },
      { method: 'POST', url: '/nope' },
      { method: 'DELETE', url: '/bg/nope' },
    ] as const) {
      const res = await app.inject(request);
      expect(res.statusCode, request.url).toBe(404);
      expect(res.json(), `${request.method} ${request.url}`).toEqual({ error: 'Not found.' });
    }
    const bg = await app.inject({ url: '/api/nope', headers: { 'accept-language': 'bg' } });
    expect(bg.json()).toEqual({ error: 'Не е намерено.' });
  });
});

describeApp('an unknown page on a site built without a not-found page', (site) => {
  it('still answers 404, in JSON', async () => {
    const res = await (await site.build()).inject('/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.' });
  });
});
