import { describe, expect, it } from 'vitest';
import { LISTED_LINE_IDS } from '../shared/service-lines.ts';
import { dictionaries } from './i18n/index.ts';
import { businessProfile as business, siteConfig } from './profile.ts';

describe('business profile and site config', () => {
  it('keep the address search engines show for Sofia', () => {
    expect(business.address).toMatchObject({ addressLocality: 'Sofia', postalCode: '1000', addressCountry: 'BG' });
    expect(business.openingHours).toEqual(['Mo-Su 00:00-23:59']);
  });

  it('list the five services the search data names, each named and described in both languages', () => {
    const { en, bg } = dictionaries;
    expect(LISTED_LINE_IDS.map((id) => en.business.serviceNames[id])).toEqual([
      'AI Customer Support Systems',
      'Platform Development',
      'AI Phone Callers',
      'AI Lead Generation',
      'Custom AI Solutions',
    ]);
    for (const id of LISTED_LINE_IDS) {
      expect(bg.business.serviceNames[id]).not.toBe(en.business.serviceNames[id]);
      expect(business.services[id].description.bg).toMatch(/[а-я]/);
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

  it('have an origin without a trailing slash, so joined URLs have no double slash', () => {
    expect(business.website).toMatch(/^https:\/\/[^/]+$/);
  });
});

describe('faq', () => {
  it('asks the same number of questions in both languages, none empty', () => {
    const [en, bg] = [dictionaries.en.faq.items, dictionaries.bg.faq.items];
    expect(bg).toHaveLength(en.length);
    expect(en.length).toBeGreaterThanOrEqual(4);
    for (const item of [...en, ...bg]) {
      expect(item.question.trim()).toMatch(/\?$/);
      expect(item.answer.trim()).not.toBe('');
    }
    for (const item of bg) expect(item.question).toMatch(/[а-я]/);
  });
});
