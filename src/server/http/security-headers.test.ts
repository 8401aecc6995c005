import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashSource, inlineContentOf, pageHeadersOf, type InlineContent } from './security-headers.ts';
import { loaderScriptOf } from '../../../scripts/page-loader.ts';

/** The policy as directive name → sources, in the order sent. */
const directivesOf = (policy: string | undefined) =>
  Object.fromEntries(
    (policy ?? '').split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );

const CSS = 'body{margin:0}.hero{color:#fff}';
const PAGE = `<!doctype html><html><head><style>${CSS}</style>
<script type="application/json" id="runtime-config">{"voice":null}</script>
<script type="application/ld+json">{"@type":"FAQPage"}</script>
<script type="module" crossorigin src="/assets/index-1.js"></script></head>
<body><div style="height:30%">a</div><span class="bar" style="width:22.5%">b</span><p style="font-family:&quot;Onest&quot;">c</p></body></html>`;
const inline = inlineContentOf([PAGE, PAGE]);
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const FIRST_PARTY_ONLY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", sha256(CSS)],
  'style-src-attr': ["'unsafe-hashes'", sha256('height:30%'), sha256('width:22.5%'), sha256('font-family:"Onest"')],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

describe('inline content of the built pages', () => {
  it('finds each style element, style attribute (entities decoded) and runnable inline script once', () => {
    expect(inline).toEqual({
      styles: [CSS],
      styleAttributes: ['height:30%', 'width:22.5%', 'font-family:"Onest"'],
      scripts: [],
    });
  });

  it('leaves out data blocks and external scripts, and keeps inline scripts the browser would run', () => {
    const page = '<script type="application/json">{}</script><script src="/a.js"></script><script>go()</script><script type="module">run()</script>';
    expect(inlineContentOf([page]).scripts).toEqual(['go()', 'run()']);
  });

  it('hashes as CSP does: sha256 of the UTF-8 text, base64 (the CSP specification example)', () => {
    expect(hashSource("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });
});

describe('the page headers', () => {
  it('without Vapi allow the site itself only, and no microphone', () => {
    const headers = pageHeadersOf(undefined, inline);
    expect(directivesOf(headers['content-security-policy'])).toEqual(FIRST_PARTY_ONLY);
    expect(headers['permissions-policy']).toBe('microphone=()');
    expect(headers).not.toHaveProperty('cross-origin-opener-policy');
  });

  it('with the voice demo allow Vapi, Daily and its error reports, blob workers and the microphone', () => {
    const headers = pageHeadersOf({ publicKey: 'pk', assistantId: 'alex' }, inline);
    expect(directivesOf(headers['content-security-policy'])).toEqual({
      ...FIRST_PARTY_ONLY,
      'script-src': ["'self'", 'https://*.daily.co', 'blob:', "'wasm-unsafe-eval'"],
      'connect-src': [
        "'self'",
        'https://api.vapi.ai',
        'https://*.daily.co',
        'wss://*.daily.co',
        'https://*.pluot.blue',
        'wss://*.pluot.blue',
        'https://o77906.ingest.sentry.io',
      ],
      'worker-src': ["'self'", 'blob:'],
      'media-src': ["'self'", 'blob:'],
    });
    expect(headers['permissions-policy']).toBe('microphone=(self)');
  });

  it('allow the configured Vapi host (its origin) instead of Vapi’s own', () => {
    const headers = pageHeadersOf({ publicKey: 'pk', assistantId: 'alex', apiUrl: 'http://127.0.0.1:3261/proxy' }, inline);
    const connect = directivesOf(headers['content-security-policy'])['connect-src'];
    expect(connect).toContain('http://127.0.0.1:3261');
    expect(connect).not.toContain('https://api.vapi.ai');
  });

  it('with the chat alone allow Vapi’s API and nothing of Daily, and no microphone', () => {
    const headers = pageHeadersOf({ publicKey: 'pk', chatAssistantId: 'lana' }, inline);
    expect(directivesOf(headers['content-security-policy'])).toEqual({
      ...FIRST_PARTY_ONLY,
      'connect-src': ["'self'", 'https://api.vapi.ai'],
    });
    expect(headers['permissions-policy']).toBe('microphone=()');
  });

  it('name no style-src-attr when the pages have no style attributes', () => {
    const none: InlineContent = { styles: [CSS], styleAttributes: [], scripts: [] };
    expect(directivesOf(pageHeadersOf(undefined, none)['content-security-policy'])).not.toHaveProperty('style-src-attr');
  });
});

const CLIENT = 'dist/client';
const built = fs.existsSync(path.join(CLIENT, 'index.html'));

describe.skipIf(!built)('the policy for the built pages', () => {
  // A skipped block's body still runs while the tests are collected: nothing is read without a build.
  const html = built ? ['index.html', 'bg/index.html'].map((page) => fs.readFileSync(path.join(CLIENT, page), 'utf8')) : [];
  const policy = directivesOf(pageHeadersOf(undefined, inlineContentOf(html))['content-security-policy']);

  it('allows the inlined stylesheet of both pages by its hash', () => {
    const css = html.flatMap((page) => [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? ''));
    expect(css.length).toBeGreaterThanOrEqual(2);
    for (const text of css) expect(policy['style-src']).toContain(sha256(text));
  });

  it('allows every prerendered style attribute by its hash', () => {
    for (const page of html) {
      for (const m of page.matchAll(/\sstyle="([^"]*)"/g)) expect(policy['style-src-attr']).toContain(sha256(m[1] ?? ''));
    }
  });

  // The one inline script is each page's loader (scripts/page-loader.ts); any other would need its own.
  it("allows each page's loader by its hash, and no other inline script", () => {
    const loaders = html.map((page) => loaderScriptOf(page) ?? '');
    expect(loaders.every(Boolean)).toBe(true);
    expect(policy['script-src']).toEqual(["'self'", ...new Set(loaders.map(sha256))]);
  });
});
