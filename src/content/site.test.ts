import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/locale.ts';
import { faq } from './faq.ts';
import { dictionaries } from './i18n/index.ts';
import { businessProfile as business, siteConfig } from './site.ts';

describe('business profile and site config', () => {
  it('keep the address search engines show for Sofia', () => {
    expect(business.address).toMatchObject({ addressLocality: 'Sofia', postalCode: '1000', addressCountry: 'BG' });
    expect(business.openingHours).toEqual(['Mo-Su 00:00-23:59']);
  });

  it('list the five services of the specification, each described in both languages', () => {
    expect(business.services.map((s) => s.name.en)).toEqual([
      'AI Customer Support Systems',
      'Platform Development',
      'AI Phone Callers',
      'AI Lead Generation',
      'Custom AI Solutions',
    ]);
    for (const s of business.services) {
      expect(s.name.bg).not.toBe(s.name.en);
      expect(s.description.bg).toMatch(/[а-я]/);
    }
  });

  it('target five Bulgarian and ten US cities, the same the business serves', () => {
    const count = (country: string) => siteConfig.targetCities.filter((c) => c.country === country).length;
    expect([count('BG'), count('US')]).toEqual([5, 10]);
    expect(business.serviceArea).toEqual(siteConfig.targetCities);
  });

  it('start with no social profiles and no Google Business Profile, and with reviews on', () => {
    expect(Object.values(business.socialMedia).every((link) => link === undefined)).toBe(true);
    expect(siteConfig.googleBusinessProfileId).toBeUndefined();
    expect(siteConfig.reviewsEnabled).toBe(true);
  });

  it('give about 22 search phrases per language, none repeated', () => {
    for (const phrases of Object.values(siteConfig.localKeywords)) {
      expect(phrases.length).toBeGreaterThanOrEqual(20);
      expect(phrases.length).toBeLessThanOrEqual(25);
      expect(new Set(phrases).size).toBe(phrases.length);
    }
  });

  it('say what the page says about the business, in each language', () => {
    for (const locale of LOCALES) {
      const t = dictionaries[locale];
      expect(business.description[locale]).toBe(t.business.description);
      expect(business.services.map((s) => s.name[locale])).toEqual(t.business.services);
      expect(business.localityName[locale]).toBe(t.business.locality);
    }
    expect(business.address.addressRegion).toBe(dictionaries.en.business.region);
  });

  it('have an origin without a trailing slash, so joined URLs have no double slash', () => {
    expect(business.website).toMatch(/^https:\/\/[^/]+$/);
  });
});

describe('faq', () => {
  it('asks the same number of questions in both languages, none empty', () => {
    expect(faq.bg).toHaveLength(faq.en.length);
    expect(faq.en.length).toBeGreaterThanOrEqual(4);
    for (const item of [...faq.en, ...faq.bg]) {
      expect(item.question.trim()).toMatch(/\?$/);
      expect(item.answer.trim()).not.toBe('');
    }
    for (const item of faq.bg) expect(item.question).toMatch(/[а-я]/);
  });
});
