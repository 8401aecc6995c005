// Renaming the business in site.ts must reach every place the name or the origin shows: the page
// (top bar's label, footer), its head (titles, link previews, JSON-LD) and the build's sitemap and
// robots.txt. The profile, dictionaries and page all read the renamed module here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../src/client/entry-server.tsx';
import type * as Site from '../src/content/site.ts';
import { writeSeoFiles } from './seo-files.ts';

vi.mock('../src/content/site.ts', async (original) => {
  const site = await original<typeof Site>();
  return {
    ...site,
    business: {
      ...site.business,
      name: 'Acme Robotics',
      legalName: { en: 'Acme Robotics Ltd.', bg: 'Acme Robotics ООД' },
      email: 'hello@acme.example',
      website: 'https://acme.example',
    },
  };
});

// The build defines the footer's year; a test renders without the build.
vi.stubGlobal('__BUILD_YEAR__', 2026);

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe('a renamed business', () => {
  it.each([
    ['en', 'AI Automation Agency for Small Businesses | Acme Robotics', 'Acme Robotics, reload the page', 'Acme Robotics Ltd.'],
    ['bg', 'AI агенция за автоматизация на малкия бизнес | Acme Robotics', 'Acme Robotics, презареждане на страницата', 'Acme Robotics ООД'],
  ] as const)('is the name in every title, label and search entry of the %s page', (locale, title, logo, legalName) => {
    const { html, head } = render(locale);
    expect(head).toContain(`<title>${title}</title>`);
    expect(head).toContain(`<meta property="og:title" content="${title}" />`);
    expect(head).toContain(`<meta name="twitter:title" content="${title}" />`);
    expect(head).toContain('<meta property="og:site_name" content="Acme Robotics" />');
    expect(attribute(head, /<meta property="og:image:alt" content="([^"]*)"/)).toMatch(/^Acme Robotics: /);
    expect(attribute(head, /<meta name="twitter:image:alt" content="([^"]*)"/)).toMatch(/^Acme Robotics: /);
    const business = /"@type":"ProfessionalService".*?"name":"([^"]+)","legalName":"([^"]+)"/.exec(head);
    expect(business?.slice(1)).toEqual(['Acme Robotics', legalName]);
    expect(html).toContain(`aria-label="${logo}"`);
    // Top bar and footer show the name, the footer's last line the legal name.
    expect(html.match(/>Acme Robotics</g)).toHaveLength(2);
    expect(html).toContain(legalName);
    expect(`${html}\n${head}`).not.toMatch(/nexa/i);
  });

  it('has every absolute URL of the head, the sitemap and robots.txt under its own origin', () => {
    const { head } = render('bg');
    for (const [, url = ''] of head.matchAll(/(?:href|content)="(https?:[^"]+)"/g)) {
      expect(url).toMatch(/^https:\/\/acme\.example\//);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rename-'));
    try {
      writeSeoFiles(dir, new Date('2026-03-04T12:00:00Z'));
      const sitemap = fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
      expect(sitemap).toContain('<loc>https://acme.example/bg/</loc>');
      expect(sitemap).not.toContain('nexa-ai.example');
      expect(fs.readFileSync(path.join(dir, 'robots.txt'), 'utf8')).toContain('Sitemap: https://acme.example/sitemap.xml');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
