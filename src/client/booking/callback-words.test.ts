// Alex's call in the dialog's words: the offer read from an answer, and when it rings said as a person
// says it, on Sofia's clock, in both languages.
import { describe, expect, it } from 'vitest';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { alexCallsText, callbackOfferOf, callbackWhen, callNowLabel } from './callback-words.ts';

// Monday 14 December 2026, 20:00 in Sofia (UTC+2).
const MONDAY_EVENING = new Date('2026-12-14T18:00:00Z');
const en = bookingTexts.en;
const bg = bookingTexts.bg;

describe('when Alex calls', () => {
  it('says today, tomorrow or the weekday by Sofia’s dates, and the time on Sofia’s clock', () => {
    expect(callbackWhen('2026-12-14T19:00:00Z', MONDAY_EVENING, en.callNow, 'en')).toEqual({ day: 'today', time: '21:00' });
    // 09:00 on Tuesday in Sofia is 07:00 UTC; a visitor's clock elsewhere changes neither.
    expect(callbackWhen('2026-12-15T07:00:00Z', MONDAY_EVENING, en.callNow, 'en')).toEqual({ day: 'tomorrow', time: '09:00' });
    expect(callbackWhen('2026-12-16T07:00:00Z', MONDAY_EVENING, bg.callNow, 'bg')).toEqual({ day: 'в сряда', time: '09:00' });
    // 23:30 UTC on Monday is already Tuesday in Sofia.
    expect(callbackWhen('2026-12-15T07:00:00Z', new Date('2026-12-14T23:30:00Z'), en.callNow, 'en')).toEqual({ day: 'today', time: '09:00' });
    expect(callbackWhen('2026-12-19T08:00:00Z', MONDAY_EVENING, en.callNow, 'en').day).toBe('on Saturday');
  });

  it('labels the choice "now" within the hours, and with the time outside them', () => {
    expect(callNowLabel({ open: true }, MONDAY_EVENING, en.callNow, 'en')).toBe('Have Alex, our AI assistant, call me now');
    expect(callNowLabel({ open: false, opensAt: '2026-12-15T07:00:00Z' }, MONDAY_EVENING, en.callNow, 'en')).toBe('Have Alex, our AI assistant, call me tomorrow from 09:00');
    expect(callNowLabel({ open: false, opensAt: '2026-12-15T07:00:00Z' }, MONDAY_EVENING, bg.callNow, 'bg')).toBe('Нека Алекс, нашият AI асистент, ми се обади утре от 09:00');
    expect(alexCallsText({ open: false, opensAt: '2026-12-15T07:00:00Z' }, MONDAY_EVENING, bg, 'bg')).toBe('Алекс, нашият AI асистент, ще ви се обади утре от 09:00.');
    expect(alexCallsText({ open: true }, MONDAY_EVENING, en, 'en')).toBe(en.thankYou.alexNow);
  });
});

describe('the offer in an answer', () => {
  it('is read as sent, and refused when it cannot say when', () => {
    expect(callbackOfferOf({ open: true, from: '+359881234567', fromDisplay: '+359 88 123 4567' })).toEqual({ open: true, from: '+359881234567', fromDisplay: '+359 88 123 4567' });
    expect(callbackOfferOf({ open: false, opensAt: '2026-12-15T07:00:00.000Z' })).toEqual({ open: false, opensAt: '2026-12-15T07:00:00.000Z' });
    expect(callbackOfferOf({ open: true, from: '+359881234567' })).toEqual({ open: true, from: '+359881234567', fromDisplay: '+359881234567' });
    for (const wrong of [undefined, null, 'now', { open: 'yes' }, { open: false }, { open: false, opensAt: 'soon' }]) expect(callbackOfferOf(wrong)).toBeUndefined();
  });
});
