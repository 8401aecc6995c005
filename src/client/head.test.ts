import { describe, expect, it } from 'vitest';
import { dictionaries } from '../content/i18n/index.ts';
import { siteConfig } from '../content/profile.ts';
import type { Locale } from '../shared/locale.ts';
import { headHtml, headOf, pageHeadOf, type HeadInput } from './head.ts';

const input = (locale: Locale, changes: Partial<HeadInput> = {}): HeadInput => ({
  locale,
  t: dictionaries[locale],
  site: siteConfig,
  ...changes,
});

const headTags = (head: HeadInput) => headHtml(headOf(head));

/** The home page's title as each language writes it today. */
const TITLES: Record<Locale, string> = {
  en: 'AI Automation Agency for Small Businesses | Nexa AI Solutions',
  bg: 'AI агенция за автоматизация на малкия бизнес | Nexa AI Solutions',
};

const unescape = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Every `<meta>` value by its name or property; repeated keys keep all their values. */
function metas(head: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [, key = '', content = ''] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    (found[key] ??= []).push(unescape(content));
  }
  return found;
}

const hreflangs = (head: string) =>
  Object.fromEntries([...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]));

const jsonLdBlocks = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );

describe('the head of a page', () => {
  for (const [locale, path, ogLocale, alternate, image] of [
    ['en', '/', 'en_US', 'bg_BG', '/og-image.png'],
    ['bg', '/bg/', 'bg_BG', 'en_US', '/og-image-bg.png'],
  ] as const) {
    describe(`for ${locale}`, () => {
      const head = headTags(input(locale));
      const t = dictionaries[locale];
      const title = TITLES[locale];
      const pageUrl = `https://nexa-ai.example${path}`;

      it('has the title, description and canonical URL of its language', () => {
        expect(head).toContain(`<title>${title}</title>`);
        expect(metas(head).description).toEqual([t.meta.description]);
        expect(head).toContain(`<link rel="canonical" href="${pageUrl}" />`);
      });

      it('links both languages and names English the default', () => {
        expect(hreflangs(head)).toEqual({
          en: 'https://nexa-ai.example/',
          bg: 'https://nexa-ai.example/bg/',
          'x-default': 'https://nexa-ai.example/',
        });
      });

      it('gives link previews the title, text, address, picture and language of the page', () => {
        const m = metas(head);
        expect(m).toMatchObject({
          'og:type': ['website'],
          'og:site_name': ['Nexa AI Solutions'],
          'og:title': [title],
          'og:description': [t.meta.description],
          'og:url': [pageUrl],
          'og:image': [`https://nexa-ai.example${image}`],
          'og:image:width': ['1200'],
          'og:image:height': ['630'],
          'og:image:alt': [`Nexa AI Solutions: ${siteConfig.business.slogan[locale]}`],
          'og:locale': [ogLocale],
          'og:locale:alternate': [alternate],
          'twitter:card': ['summary_large_image'],
          'twitter:title': [title],
          'twitter:description': [t.meta.description],
          'twitter:image': [`https://nexa-ai.example${image}`],
        });
      });

      it('embeds the business and the questions of its language as JSON-LD', () => {
        const [business, questions, ...rest] = jsonLdBlocks(head);
        expect(rest).toEqual([]);
        expect(business).toMatchObject({ '@type': 'ProfessionalService', url: pageUrl, address: { postalCode: '1000' } });
        expect(questions).toMatchObject({ '@type': 'FAQPage', inLanguage: locale });
        expect((questions?.mainEntity as { name: string }[]).map((q) => q.name)).toEqual(t.faq.items.map((q) => q.question));
      });
    });
  }

  it('escapes text in the title and in attributes', () => {
    const t = dictionaries.en;
    const head = headTags(input('en', { t: { ...t, meta: { title: 'A & B <i>', description: 'Say "hi" <b>' } } }));
    expect(head).toContain('<title>A &amp; B &lt;i&gt;</title>');
    expect(head).toContain('<meta name="description" content="Say &quot;hi&quot; &lt;b&gt;" />');
    expect(head).not.toContain('<i>');
    expect(metas(head)['og:title']).toEqual(['A & B <i>']);
  });

  it('keeps a hostile answer inside its JSON-LD block', () => {
    const answer = '</script><script>alert(1)</script>';
    const t = dictionaries.en;
    const head = headTags(input('en', { t: { ...t, faq: { ...t.faq, items: [{ question: 'Q?', answer }] } } }));
    expect(head.match(/<\/script/gi)).toHaveLength(2);
    expect(head).not.toContain('<script>alert');
    const [, questions] = jsonLdBlocks(head);
    expect(questions).toMatchObject({ mainEntity: [{ acceptedAnswer: { text: answer } }] });
  });
});

describe('the head of a page beside the home page', () => {
  const website = 'https://nexa-ai.example';

  it('gives an indexable page its title, description, canonical address and its address in each language', () => {
    expect(pageHeadOf({ locale: 'bg', title: 'T', description: 'D', page: 'privacy', website })).toEqual([
      { tag: 'title', text: 'T' },
      { tag: 'meta', attributes: { name: 'description', content: 'D' } },
      { tag: 'link', attributes: { rel: 'canonical', href: 'https://nexa-ai.example/bg/privacy/' } },
      { tag: 'link', attributes: { rel: 'alternate', hreflang: 'en', href: 'https://nexa-ai.example/privacy/' } },
      { tag: 'link', attributes: { rel: 'alternate', hreflang: 'bg', href: 'https://nexa-ai.example/bg/privacy/' } },
      { tag: 'link', attributes: { rel: 'alternate', hreflang: 'x-default', href: 'https://nexa-ai.example/privacy/' } },
    ]);
  });

  it('asks search engines to leave a page without an address of its own out, and names no address for it', () => {
    const tags = pageHeadOf({ locale: 'en', title: 'Page not found', description: 'D', website });
    expect(tags).toContainEqual({ tag: 'meta', attributes: { name: 'robots', content: 'noindex' } });
    expect(tags.filter((t) => t.tag === 'link')).toEqual([]);
  });
});
