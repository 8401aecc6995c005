import { describe, expect, it } from 'vitest';
import { brandTexts, dictionaries } from './i18n/index.ts';
import { businessProfile as business, siteConfig, type SiteConfig } from './profile.ts';
import { absoluteUrl, faqPage, openingHoursSpecification, professionalService, serializeJsonLd } from './structured-data.ts';

const wordsOf = (locale: 'en' | 'bg') => {
  const t = dictionaries[locale];
  return {
    description: brandTexts(t, locale, business.name).description,
    catalogName: t.services.title,
    serviceNames: t.business.serviceNames,
  };
};
const en = { locale: 'en', pageUrl: 'https://nexa-ai.example/', words: wordsOf('en') } as const;
const bg = { locale: 'bg', pageUrl: 'https://nexa-ai.example/bg/', words: wordsOf('bg') } as const;

/** The data as a crawler gets it: through JSON, so `undefined` keys are gone. */
const roundTrip = (data: object) => JSON.parse(serializeJsonLd(data)) as Record<string, unknown>;

const withBusiness = (changes: Partial<SiteConfig['business']>, site: Partial<SiteConfig> = {}): SiteConfig => ({
  ...siteConfig,
  ...site,
  business: { ...business, ...changes },
});

describe('professionalService', () => {
  it('describes the business, its contact details and its place', () => {
    expect(roundTrip(professionalService(siteConfig, en))).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      '@id': 'https://nexa-ai.example/#business',
      name: 'Nexa AI Solutions',
      url: 'https://nexa-ai.example/',
      telephone: business.phone,
      email: business.email,
      priceRange: business.priceRange,
      address: {
        '@type': 'PostalAddress',
        streetAddress: business.address.streetAddress,
        addressLocality: 'Sofia',
        postalCode: '1000',
        addressCountry: 'BG',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 42.6977, longitude: 23.3219 },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
          opens: '00:00',
          closes: '23:59',
        },
      ],
      logo: 'https://nexa-ai.example/apple-touch-icon.png',
      image: 'https://nexa-ai.example/og-image.png',
    });
  });

  it('speaks the language of its page', () => {
    const data = professionalService(siteConfig, bg);
    expect(data.url).toBe('https://nexa-ai.example/bg/');
    expect(data.description).toBe(
      'Агенция за AI решения в София, която помага на малкия и средния бизнес да отговаря на всеки клиент, да записва повече часове и да печели повече клиенти.',
    );
    expect(data.keywords).toContain('AI агенция София');
    expect(data.hasOfferCatalog).toMatchObject({ name: 'Нашите услуги' });
    expect(JSON.stringify(data.hasOfferCatalog)).toContain('AI телефонни асистенти');
    // The same business on both pages.
    expect(data['@id']).toBe(professionalService(siteConfig, en)['@id']);
  });

  it('serves every target city, each placed in its country', () => {
    const area = roundTrip(professionalService(siteConfig, en)).areaServed as { name: string; containedInPlace: { name: string } }[];
    expect(area).toHaveLength(15);
    expect(area[0]).toEqual({ '@type': 'City', name: 'Sofia', containedInPlace: { '@type': 'Country', name: 'Bulgaria' } });
    expect(area.filter((c) => c.containedInPlace.name === 'United States')).toHaveLength(10);
  });

  it('offers the five services, with a price in USD only where one is set', () => {
    const priced = withBusiness({
      services: { ...business.services, 'platform-development': { ...business.services['platform-development'], price: 1500 } },
    });
    const offers = (roundTrip(professionalService(priced, en)).hasOfferCatalog as { itemListElement: Record<string, unknown>[] })
      .itemListElement;
    expect(offers.map((o) => (o.itemOffered as { name: string }).name)).toEqual([
      'AI Customer Support Systems',
      'Platform Development',
      'AI Phone Callers',
      'AI Lead Generation',
      'Custom AI Solutions',
    ]);
    expect(offers[1]).toMatchObject({ '@type': 'Offer', price: 1500, priceCurrency: 'USD' });
    expect(offers[0]).not.toHaveProperty('price');
    expect(offers[0]).not.toHaveProperty('priceCurrency');
  });

  it('links only the social profiles that are set', () => {
    expect(professionalService(siteConfig, en)).not.toHaveProperty('sameAs');
    const linked = withBusiness({
      socialMedia: { ...business.socialMedia, linkedin: 'https://www.linkedin.com/company/nexa' },
    });
    expect(professionalService(linked, en).sameAs).toEqual(['https://www.linkedin.com/company/nexa']);
  });

  it('links the map listing once a Google Business Profile is set', () => {
    expect(professionalService(siteConfig, en)).not.toHaveProperty('hasMap');
    const listed = withBusiness({}, { googleBusinessProfileId: 'ChIJ123' });
    expect(professionalService(listed, en).hasMap).toBe('https://www.google.com/maps/place/?q=place_id:ChIJ123');
  });
});

describe('openingHoursSpecification', () => {
  it('reads day ranges, single days and lists', () => {
    expect(openingHoursSpecification(['Mo-Fr 09:00-18:00', 'Sa,Su 10:00-14:00'])).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday', 'Sunday'], opens: '10:00', closes: '14:00' },
    ]);
  });

  it('runs a range over the weekend', () => {
    expect(openingHoursSpecification(['Fr-Mo 10:00-20:00'])[0]?.dayOfWeek).toEqual([
      'Friday',
      'Saturday',
      'Sunday',
      'Monday',
    ]);
  });

  it('refuses an entry it cannot read, so the build stops', () => {
    expect(() => openingHoursSpecification(['Mon-Fri 9-18'])).toThrow(/Mon-Fri 9-18/);
    expect(() => openingHoursSpecification(['Mo-Xx 09:00-18:00'])).toThrow(/unknown day/);
    expect(() => openingHoursSpecification(['Mo-Fr 09:00-24:30'])).toThrow();
  });
});

describe('faqPage', () => {
  it('turns each question into a Question with its answer', () => {
    const items = [
      { question: 'Q1?', answer: 'A1.' },
      { question: 'Q2?', answer: 'A2.' },
    ];
    expect(faqPage(items, en)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      url: 'https://nexa-ai.example/',
      inLanguage: 'en',
      mainEntity: [
        { '@type': 'Question', name: 'Q1?', acceptedAnswer: { '@type': 'Answer', text: 'A1.' } },
        { '@type': 'Question', name: 'Q2?', acceptedAnswer: { '@type': 'Answer', text: 'A2.' } },
      ],
    });
  });

  it('carries the Bulgarian questions on the Bulgarian page', () => {
    const questions = dictionaries.bg.faq.items;
    const names = roundTrip(faqPage(questions, bg)).mainEntity as { name: string }[];
    expect(names.map((q) => q.name)).toEqual(questions.map((q) => q.question));
  });
});

describe('serializeJsonLd', () => {
  const hostile = { text: '</script><script>alert(1)</script> <!-- & \u2028' };

  it('cannot close the script element or open a comment inside it', () => {
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<!--');
    expect(json).not.toContain('\u2028');
  });

  it('still parses back to the same data', () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile);
  });
});

describe('absoluteUrl', () => {
  it('puts a path under the origin', () => {
    expect(absoluteUrl('/bg/', 'https://nexa-ai.example')).toBe('https://nexa-ai.example/bg/');
  });
});
