// The <head> of one language's page, computed once as data: what search engines index and what a
// shared link shows. The prerender writes it as HTML; switching language in place applies the other
// language's to the document, so both ways give the same tags. It needs the full business profile, so
// the page loads this module only when it switches (islands/switch-language.ts), never in its first script.
import { brandTexts, faqItems, pathOf, type Dictionary, type StaticTexts } from '../content/i18n/format.ts';
import type { SiteConfig } from '../content/profile.ts';
import { SHARE_IMAGE_SIZE, shareImageAlt, shareImagePath } from '../content/share-image.ts';
import { absoluteUrl, faqPage, professionalService, serializeJsonLd } from '../content/structured-data.ts';
import { LOCALES, type Locale } from '../shared/locale.ts';
import type { SitePage } from '../shared/site-pages.ts';

/** Open Graph names a language with its region. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', bg: 'bg_BG' };

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attributes: { name: string; content: string } | { property: string; content: string } }
  | { tag: 'link'; attributes: { rel: string; hreflang?: string; href: string } }
  | { tag: 'script'; attributes: { type: 'application/ld+json' }; text: string };

export interface HeadInput {
  locale: Locale;
  /** The page's dictionary, with the static sections' questions (the FAQ's search data). */
  t: Dictionary & Pick<StaticTexts, 'faq'>;
  site: SiteConfig;
}

/**
 * Which elements of the document the head function owns: the switch replaces exactly these. A CSS
 * selector, so the browser tests compare the same set.
 */
export const MANAGED_HEAD_SELECTOR = [
  'title',
  'meta[name="description"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][hreflang]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(', ');

const meta = (key: 'name' | 'property', value: string, content: string | number): HeadTag => ({
  tag: 'meta',
  attributes: key === 'name' ? { name: value, content: String(content) } : { property: value, content: String(content) },
});
const link = (rel: string, href: string, hreflang?: string): HeadTag => ({
  tag: 'link',
  attributes: hreflang === undefined ? { rel, href } : { rel, hreflang, href },
});
const jsonLd = (data: object): HeadTag => ({
  tag: 'script',
  attributes: { type: 'application/ld+json' },
  text: serializeJsonLd(data),
});

/** A page's address in its language, and its versions in every language (the same in each of them). */
function addressTags(locale: Locale, page: SitePage, website: string): HeadTag[] {
  const url = (l: Locale) => absoluteUrl(pathOf(l, page), website);
  return [
    link('canonical', url(locale)),
    ...LOCALES.map((l) => link('alternate', url(l), l)),
    // English at the root is what a visitor of any other language gets.
    link('alternate', url('en'), 'x-default'),
  ];
}

export function headOf({ locale, t, site }: HeadInput): HeadTag[] {
  const { business } = site;
  const brand = brandTexts(t, locale, business.name);
  const pageUrl = absoluteUrl(pathOf(locale), business.website);
  const image = absoluteUrl(shareImagePath(locale), business.website);
  const imageAlt = shareImageAlt(business, locale);
  const context = { locale, pageUrl };
  const words = { description: brand.description, catalogName: t.services.title, serviceNames: t.business.serviceNames };
  return [
    { tag: 'title', text: brand.title },
    meta('name', 'description', t.meta.description),
    ...addressTags(locale, 'home', business.website),

    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', business.name),
    meta('property', 'og:title', brand.title),
    meta('property', 'og:description', t.meta.description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', SHARE_IMAGE_SIZE.width),
    meta('property', 'og:image:height', SHARE_IMAGE_SIZE.height),
    meta('property', 'og:image:alt', imageAlt),
    meta('property', 'og:locale', OG_LOCALES[locale]),
    ...LOCALES.filter((l) => l !== locale).map((l) => meta('property', 'og:locale:alternate', OG_LOCALES[l])),

    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', brand.title),
    meta('name', 'twitter:description', t.meta.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),

    jsonLd(professionalService(site, { ...context, words })),
    jsonLd(faqPage(faqItems(t, locale), context)),
  ];
}

/** What the head of a page beside the home page says: less than the home page's, no search data. */
export interface PageHeadInput {
  locale: Locale;
  title: string;
  description: string;
  /** An indexable page, with its address in each language; without it, the page asks not to be indexed. */
  page?: SitePage;
  website: string;
}

export function pageHeadOf({ locale, title, description, page, website }: PageHeadInput): HeadTag[] {
  return [
    { tag: 'title', text: title },
    meta('name', 'description', description),
    ...(page === undefined ? [meta('name', 'robots', 'noindex')] : addressTags(locale, page, website)),
  ];
}

// Every value is escaped: the operator's data and the dictionaries end up inside attributes. The
// JSON-LD text is safe as it is (serializeJsonLd writes no `<`).
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tags as the prerender writes them. */
export function headHtml(tags: readonly HeadTag[]): string {
  return tags
    .map((tag) => {
      if (tag.tag === 'title') return `<title>${escapeHtml(tag.text)}</title>`;
      const attributes = Object.entries(tag.attributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      return tag.tag === 'script' ? `<script${attributes}>${tag.text}</script>` : `<${tag.tag}${attributes} />`;
    })
    .join('\n    ');
}

/** Replaces the document's managed head tags with these, where the first of them stood. */
export function applyHead(doc: Document, tags: readonly HeadTag[]): void {
  const old = [...doc.head.querySelectorAll(MANAGED_HEAD_SELECTOR)];
  const before = old.at(-1)?.nextSibling ?? null;
  for (const element of old) element.remove();
  for (const tag of tags) {
    const element = doc.createElement(tag.tag);
    if (tag.tag !== 'title') for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
    if (tag.tag === 'title' || tag.tag === 'script') element.textContent = tag.text;
    doc.head.insertBefore(element, before);
  }
}
