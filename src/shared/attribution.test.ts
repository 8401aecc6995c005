import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_KEYS, ATTRIBUTION_MAX, parseAttribution } from './attribution.ts';
import { parseDiscoveryCall } from './booking.ts';

describe('parseAttribution', () => {
  it('keeps the known keys, trimmed, and drops unknown keys and values that are not text', () => {
    expect(
      parseAttribution({
        utm_source: '  google ',
        utm_campaign: 'dental-sofia',
        gclid: 'Cj0KCQiA',
        referrer_host: 'www.google.com',
        landing_path: '/bg/',
        utm_medium: 42,
        utm_term: '   ',
        utm_id: 'not kept',
        email: 'someone@example.com',
      }),
    ).toEqual({
      utm_source: 'google',
      utm_campaign: 'dental-sofia',
      gclid: 'Cj0KCQiA',
      referrer_host: 'www.google.com',
      landing_path: '/bg/',
    });
  });

  it('cuts a long value to the cap without splitting a character made of two code units', () => {
    expect(parseAttribution({ utm_campaign: 'x'.repeat(5000) }).utm_campaign).toHaveLength(ATTRIBUTION_MAX);
    const cut = parseAttribution({ utm_campaign: `${'x'.repeat(ATTRIBUTION_MAX - 1)}😀` }).utm_campaign!;
    expect(cut).toBe('x'.repeat(ATTRIBUTION_MAX - 1));
  });

  it('drops control characters and lone surrogates', () => {
    expect(parseAttribution({ utm_source: 'goo\u0000gle\n', utm_medium: 'cpc\ud800', utm_term: '\udc00' })).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
    });
  });

  it('takes nothing from what is not an object, nor from the prototype', () => {
    for (const value of [null, undefined, 'utm_source=google', 42, ['google'], true]) expect(parseAttribution(value)).toEqual({});
    const inherited = Object.create({ utm_source: 'google' }) as object;
    expect(parseAttribution(inherited)).toEqual({});
    expect(parseAttribution(JSON.parse('{"__proto__": {"utm_source": "google"}}'))).toEqual({});
  });

  it('always yields known keys with capped, clean, non-empty text, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), fc.dictionary(fc.string(), fc.anything()), (any, dict) => {
        for (const kept of [parseAttribution(any), parseAttribution(dict)]) {
          for (const [key, value] of Object.entries(kept)) {
            expect(ATTRIBUTION_KEYS).toContain(key);
            expect(typeof value).toBe('string');
            expect(value.length).toBeGreaterThan(0);
            expect(value.length).toBeLessThanOrEqual(ATTRIBUTION_MAX);
            expect(value).toBe(value.trim());
            // eslint-disable-next-line no-control-regex
            expect(value).not.toMatch(/[\u0000-\u001f]/);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never makes a booking fail: a bad attribution is dropped and the lead kept', () => {
    const booking = {
      first_name: 'Maria',
      email: 'maria@example.com',
      phone: '+359 88 123 4567',
      business_name: 'Sofia Dental',
      service: 'Other',
      custom_service: 'A CRM',
      locale: 'en',
    };
    for (const attribution of [42, 'x', [1], { utm_source: { nested: true } }]) {
      const result = parseDiscoveryCall({ ...booking, attribution });
      expect(result.ok && result.value.attribution).toEqual({});
    }
    const tagged = parseDiscoveryCall({ ...booking, attribution: { utm_source: 'facebook', fbclid: 'IwAR0' } });
    expect(tagged.ok && tagged.value.attribution).toEqual({ utm_source: 'facebook', fbclid: 'IwAR0' });
  });
});
