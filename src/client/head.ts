// The <head> tags of one language's page, written at prerender time: what search engines index and
// what a shared link shows. Every value is escaped, since the operator's data and the dictionaries
// end up inside attributes and a <script> element.
import type { Dictionary } from '../content/i18n/index.ts';
import { pathOf } from '../content/i18n/index.ts';
import type { FaqItem } from '../content/faq.ts';
import { SHARE_IMAGE_SIZE, shareImageAlt, shareImagePath } from '../content/share-image.ts';
import type { SiteConfig } from '../content/site.ts';
import { absoluteUrl, faqPage, professionalService, serializeJsonLd } from '../content/structured-data.ts';
import { LOCALES, type Locale } from '../shared/locale.ts';

/** Open Graph names a language with its region. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', bg: 'bg_BG' };

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface HeadInput {
  locale: Locale;
  t: Dictionary;
  site: SiteConfig;
  faq: readonly FaqItem[];
}

const meta = (attr: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attr}="${key}" content="${escapeHtml(String(content))}" />`;
const link = (rel: string, href: string, extra = '') =>
  `<link rel="${rel}"${extra} href="${escapeHtml(href)}" />`;
const jsonLd = (data: object) => `<script type="application/ld+json">${serializeJsonLd(data)}</script>`;

export function headTags({ locale, t, site, faq }: HeadInput): string {
  const { business } = site;
  const url = (l: Locale) => absoluteUrl(pathOf(l), business.website);
  const pageUrl = url(locale);
  const image = absoluteUrl(shareImagePath(locale), business.website);
  const imageAlt = shareImageAlt(business, locale);
  const context = { locale, pageUrl };
  return [
    `<title>${escapeHtml(t.meta.title)}</title>`,
    meta('name', 'description', t.meta.description),
    link('canonical', pageUrl),
    ...LOCALES.map((l) => link('alternate', url(l), ` hreflang="${l}"`)),
    // English at the root is what a visitor of any other language gets.
    link('alternate', url('en'), ' hreflang="x-default"'),

    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', business.name),
    meta('property', 'og:title', t.meta.title),
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
    meta('name', 'twitter:title', t.meta.title),
    meta('name', 'twitter:description', t.meta.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),

    jsonLd(professionalService(site, { ...context, catalogName: t.services.title })),
    jsonLd(faqPage(faq, context)),
  ].join('\n    ');
}
