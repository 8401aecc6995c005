// What the booking dialog offers of Alex's calls back (callback-offer.ts), and the answers that carry
// it: GET /api/form-token's as the dialog opens, and a booking's that asked for the call.
import { describe, expect, it } from 'vitest';
import { parseOpeningHours } from '../../shared/opening-hours.ts';
import { FORM_TOKEN_PATH, HONEYPOT_FIELD } from '../../shared/spam.ts';
import { describeApp } from '../testing/app.ts';
import { visitor } from '../testing/leads.ts';
import { callbackOffer, callbackOffers } from './callback-offer.ts';

const hours = parseOpeningHours(['Mo-Fr 09:00-18:00']);

describe('the offer', () => {
  it('is a call now within the calling hours, from the number written for people', () => {
    // Monday 14 December 2026, 12:00 in Sofia.
    expect(callbackOffer({ hours, fromNumber: '+359881234567', countries: ['BG'] }, new Date('2026-12-14T10:00:00Z'))).toEqual({
      open: true,
      from: '+359881234567',
      fromDisplay: '+359 88 123 4567',
    });
  });

  it('names the next opening outside them, on Sofia’s clock, and no number where none is set', () => {
    // Friday 18 December, 21:00 in Sofia: Monday 09:00 (07:00 UTC) is next.
    expect(callbackOffer({ hours, countries: ['BG'] }, new Date('2026-12-18T19:00:00Z'))).toEqual({ open: false, opensAt: '2026-12-21T07:00:00.000Z' });
    // Monday 08:59 in Sofia: 09:00 that day.
    expect(callbackOffer({ hours, countries: ['BG'] }, new Date('2026-12-14T06:59:00Z'))).toEqual({ open: false, opensAt: '2026-12-14T07:00:00.000Z' });
  });

  it('is none for hours that never open', () => {
    expect(callbackOffer({ hours: [], countries: ['BG'] }, new Date('2026-12-14T10:00:00Z'))).toBeUndefined();
  });

  it('is made to a booking only for a number of a country Alex calls', () => {
    const offers = callbackOffers({ hours, countries: ['BG'] }, () => new Date('2026-12-14T10:00:00Z'));
    expect(offers.forNumber('+359881234567')).toEqual({ open: true });
    expect(offers.forNumber('+442079460958')).toBeUndefined();
  });
});

describeApp('Alex’s call as the dialog is told of it', (site) => {
  const environment = (hoursVariable: string) => ({
    VAPI_PRIVATE_KEY: 'test-private-key',
    VAPI_ASSISTANT_ID: 'alex-outbound',
    VAPI_PHONE_NUMBER_ID: 'agency-number',
    // Nothing is delivered (no deliverer runs); were it, nothing would listen here.
    VAPI_API_URL: 'http://127.0.0.1:9',
    CALLBACK_FROM_NUMBER: '+359881234567',
    CALLBACK_HOURS: hoursVariable,
  });
  // Every minute but the last of each day, and the hour after midnight alone.
  const ALWAYS = 'Mo-Su 00:00-23:59';
  const NIGHT_HOUR = 'Mo-Su 00:00-01:00';

  it('offers nothing where Alex does not call back', async () => {
    const app = await site.build();
    const res = await app.inject({ method: 'GET', url: FORM_TOKEN_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String) });
  });

  it('offers the call with the token, now or at the next opening, and the number it comes from', async () => {
    const now = new Date();
    const open = callbackOffer({ hours: parseOpeningHours([ALWAYS]), fromNumber: '+359881234567', countries: ['BG'] }, now)!;
    const app = await site.build({ environment: environment(ALWAYS) });
    const res = await app.inject({ method: 'GET', url: FORM_TOKEN_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ token: expect.any(String), callback: { ...open, ...(open.open ? {} : { opensAt: expect.any(String) }) } });
    expect(res.json<{ callback: { from: string; fromDisplay: string } }>().callback).toMatchObject({ from: '+359881234567', fromDisplay: '+359 88 123 4567' });

    const night = await site.build({ environment: environment(NIGHT_HOUR) });
    const nightRes = await night.inject({ method: 'GET', url: FORM_TOKEN_PATH });
    const later = nightRes.json<{ callback: { open: boolean; opensAt?: string } }>().callback;
    const opening = callbackOffer({ hours: parseOpeningHours([NIGHT_HOUR]), countries: ['BG'] }, new Date())!;
    expect(later.open).toBe(opening.open);
    if (!later.open) expect(Date.parse(later.opensAt!)).toBeGreaterThan(Date.now());
  });

  it('tells a booking that asked when Alex calls; no other, and alike for one taken for spam', async () => {
    const app = await site.build({ environment: environment(ALWAYS) });
    const book = (n: number, extra: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/discovery-calls', payload: { ...visitor(n), ...extra } });
    const asked = await book(61, { phone: '0888 123 456', call_now: true });
    expect(asked.statusCode).toBe(201);
    expect(asked.json<{ callback: unknown }>().callback).toMatchObject({ from: '+359881234567', fromDisplay: '+359 88 123 4567' });
    expect(typeof asked.json<{ callback: { open: unknown } }>().callback.open).toBe('boolean');
    // A script caught by the honeypot learns nothing from the answer.
    const spam = await book(62, { phone: '0888 123 457', call_now: true, [HONEYPOT_FIELD]: 'http://spam.example' });
    expect(spam.json<{ callback: unknown }>().callback).toEqual(asked.json<{ callback: unknown }>().callback);
    for (const res of [await book(63, {}), await book(64, { call_now: 'yes' }), await book(65, { phone: '+44 20 7946 0958', call_now: true })]) {
      expect(res.statusCode).toBe(201);
      expect(res.json()).not.toHaveProperty('callback');
    }
    // Where Alex does not call, asking changes nothing.
    const elsewhere = await site.build();
    const res = await elsewhere.inject({ method: 'POST', url: '/api/discovery-calls', payload: { ...visitor(66), call_now: true } });
    expect(res.json()).not.toHaveProperty('callback');
  });
});
