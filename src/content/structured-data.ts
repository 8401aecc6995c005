// The search engines' view of the business and of the page's questions (schema.org JSON-LD), built
// from the operator's data (site.ts, profile.ts) and the words the page shows. Pure: the head of each
// language's page is computed from these (client/head.ts).
import type {
  City as SchemaCity,
  DayOfWeek,
  FAQPage,
  Offer,
  OpeningHoursSpecification,
  ProfessionalServiceLeaf,
  WithContext,
} from 'schema-dts';
import { LOCALES, type Locale } from '../shared/locale.ts';
import { parseOpeningHours, type DayCode } from '../shared/opening-hours.ts';
import { LISTED_LINE_IDS, type ListedLineId } from '../shared/service-lines.ts';
import type { City, SiteConfig } from './profile.ts';

/** One of the page's questions, as the FAQ section shows it. */
export interface FaqItem {
  question: string;
  answer: string;
}

/** The words of the page the business data repeats, in the page's language. */
export interface BusinessWords {
  description: string;
  /** The name of the offer catalogue: the services section's title. */
  catalogName: string;
  serviceNames: Record<ListedLineId, string>;
}

const DAYS: Record<DayCode, DayOfWeek> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};
const COUNTRY_NAMES: Record<City['country'], string> = { BG: 'Bulgaria', US: 'United States' };

/** A path under the site's origin as an absolute URL, as search engines and link previews need. */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).href;
}

/**
 * schema.org's short form ("Mo-Fr 09:00-18:00", "Sa,Su 10:00-14:00") as the structured form search
 * engines read most reliably. A typo throws, so the build stops instead of publishing wrong hours.
 */
export function openingHoursSpecification(entries: readonly string[]): OpeningHoursSpecification[] {
  return parseOpeningHours(entries).map(({ days, opens, closes }) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: days.map((d) => DAYS[d]),
    opens,
    closes,
  }));
}

function city({ name, country }: City): SchemaCity {
  return { '@type': 'City', name, containedInPlace: { '@type': 'Country', name: COUNTRY_NAMES[country] } };
}

export interface PageContext {
  locale: Locale;
  /** The absolute URL of the page the data is embedded in. */
  pageUrl: string;
}

/** The business as a local professional service: contact, place, hours, area and what it offers. */
export function professionalService(
  site: SiteConfig,
  { locale, pageUrl, words }: PageContext & { words: BusinessWords },
): WithContext<ProfessionalServiceLeaf> {
  const b = site.business;
  const url = (path: string) => absoluteUrl(path, b.website);
  const sameAs = Object.values(b.socialMedia).filter((link): link is string => Boolean(link));
  const offers: Offer[] = LISTED_LINE_IDS.map((id) => {
    const service = b.services[id];
    return {
      '@type': 'Offer',
      itemOffered: { '@type': 'Service', name: words.serviceNames[id], description: service.description[locale] },
      ...(service.price === undefined ? {} : { price: service.price, priceCurrency: 'USD' }),
    };
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    // One identity for the business on every language's page.
    '@id': url('/#business'),
    name: b.name,
    legalName: b.legalName[locale],
    slogan: b.slogan[locale],
    description: words.description,
    url: pageUrl,
    telephone: b.phone,
    email: b.email,
    address: { '@type': 'PostalAddress', ...b.address },
    geo: { '@type': 'GeoCoordinates', ...b.coordinates },
    openingHoursSpecification: openingHoursSpecification(b.openingHours),
    areaServed: b.serviceArea.map(city),
    priceRange: b.priceRange,
    foundingDate: b.foundingDate,
    logo: url(b.logo),
    image: url(b.image),
    knowsLanguage: [...LOCALES],
    keywords: site.localKeywords[locale].join(', '),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(site.googleBusinessProfileId
      ? {
          hasMap: `https://www.google.com/maps/place/?q=place_id:${encodeURIComponent(site.googleBusinessProfileId)}`,
        }
      : {}),
    hasOfferCatalog: { '@type': 'OfferCatalog', name: words.catalogName, itemListElement: offers },
  };
}

/** The page's questions and answers, as the visitor reads them in this language. */
export function faqPage(items: readonly FaqItem[], { locale, pageUrl }: PageContext): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: pageUrl,
    inLanguage: locale,
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

/**
 * JSON for a <script> element. Nothing in the data may end the element early: `<` (as in
 * `</script>` or `<!--`) is written as \u003c, and so are the line separators old parsers choke on.
 */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
