import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml, writeSeoFiles } from './seo-files.ts';

const ORIGIN = 'https://nexa-ai.example';

/** Each <url> of the sitemap: its address, date and alternates by language. */
function entries(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body)?.[1],
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1],
    alternates: Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]),
    ),
  }));
}

describe('sitemapXml', () => {
  const xml = sitemapXml(ORIGIN, '2026-11-22');

  it('lists every page in both languages, dated with the build day, and no not-found page', () => {
    expect(entries(xml).map(({ loc, lastmod }) => [loc, lastmod])).toEqual([
      ['https://nexa-ai.example/', '2026-11-22'],
      ['https://nexa-ai.example/bg/', '2026-11-22'],
      ['https://nexa-ai.example/privacy/', '2026-11-22'],
      ['https://nexa-ai.example/bg/privacy/', '2026-11-22'],
    ]);
    expect(xml).not.toContain('404');
  });

  it('gives every page its alternates in each language and the English default', () => {
    const [home, homeBg, privacy, privacyBg] = entries(xml).map((e) => e.alternates);
    const homeAlternates = {
      en: 'https://nexa-ai.example/',
      bg: 'https://nexa-ai.example/bg/',
      'x-default': 'https://nexa-ai.example/',
    };
    const privacyAlternates = {
      en: 'https://nexa-ai.example/privacy/',
      bg: 'https://nexa-ai.example/bg/privacy/',
      'x-default': 'https://nexa-ai.example/privacy/',
    };
    expect([home, homeBg, privacy, privacyBg]).toEqual([homeAlternates, homeAlternates, privacyAlternates, privacyAlternates]);
  });

  it('declares the sitemap and xhtml namespaces the alternates need', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});

describe('robotsTxt', () => {
  it('lets every crawler in except into the API, and names the sitemap by its full address', () => {
    expect(robotsTxt(ORIGIN).split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      '',
      'Sitemap: https://nexa-ai.example/sitemap.xml',
      '',
    ]);
  });
});

describe('writeSeoFiles', () => {
  it('writes both files into the built site, the sitemap dated with the build day', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-files-'));
    try {
      writeSeoFiles(dir, new Date('2026-03-04T23:30:00Z'), ORIGIN);
      expect(fs.readFileSync(path.join(dir, 'robots.txt'), 'utf8')).toBe(robotsTxt(ORIGIN));
      expect(fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8')).toBe(sitemapXml(ORIGIN, '2026-03-04'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
