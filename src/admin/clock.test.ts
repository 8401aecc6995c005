import { describe, expect, it } from 'vitest';
import { inboxTexts } from '../content/i18n/inbox.ts';
import { CALL_BACK_HOURS } from '../shared/promises.ts';
import { ageText, callbackClockOf, clockText, durationText, waitText } from './clock.ts';

const created = '2026-11-24T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);
const pending = { status: 'pending' as const, created_at: created };

describe('the call-back clock', () => {
  it(`counts down the ${CALL_BACK_HOURS} hours promised, then counts how long overdue`, () => {
    expect(callbackClockOf(pending, at('2026-11-24T10:00:00.000Z'))).toEqual({ overdue: false, minutes: CALL_BACK_HOURS * 60 });
    expect(callbackClockOf(pending, at('2026-11-25T04:48:00.000Z'))).toEqual({ overdue: false, minutes: 312 });
    // A part of a minute left still counts as a minute left.
    expect(callbackClockOf(pending, at('2026-11-25T09:59:30.000Z'))).toEqual({ overdue: false, minutes: 1 });
    expect(callbackClockOf(pending, at('2026-11-25T10:00:00.000Z'))).toEqual({ overdue: true, minutes: 1 });
    expect(callbackClockOf(pending, at('2026-11-25T13:05:00.000Z'))).toEqual({ overdue: true, minutes: 185 });
  });

  it('stops once the lead is no longer pending', () => {
    for (const status of ['contacted', 'scheduled', 'won', 'lost'] as const) {
      expect(callbackClockOf({ status, created_at: created }, at('2026-11-26T10:00:00.000Z'))).toBeUndefined();
    }
  });

  it('reads as time left or overdue, in each language', () => {
    const now = at('2026-11-25T04:48:00.000Z');
    expect(clockText(callbackClockOf(pending, now)!, inboxTexts.en, 'en')).toBe('5 hr 12 min left');
    expect(clockText(callbackClockOf(pending, now)!, inboxTexts.bg, 'bg')).toBe('остават 5 ч 12 мин');
    const late = at('2026-11-25T13:00:00.000Z');
    expect(clockText(callbackClockOf(pending, late)!, inboxTexts.en, 'en')).toBe('3 hr overdue');
    expect(clockText(callbackClockOf(pending, late)!, inboxTexts.bg, 'bg')).toBe('просрочено с 3 ч');
  });

  it('writes minutes, hours and minutes, or days and hours', () => {
    expect(durationText(45, 'en')).toBe('45 min');
    expect(durationText(60, 'en')).toBe('1 hr');
    expect(durationText(47 * 60 + 59, 'en')).toBe('47 hr 59 min');
    expect(durationText(3 * 24 * 60 + 4 * 60 + 30, 'en')).toBe('3 days 4 hr');
    expect(durationText(2 * 24 * 60, 'bg')).toBe('2 дни');
  });
});

describe('the wait for a first touch', () => {
  it('rounds to whole minutes, and writes days from the first day on', () => {
    expect(waitText(0.4, 'en')).toBe('< 1 min');
    expect(waitText(3.6, 'en')).toBe('4 min');
    expect(waitText(125.2, 'en')).toBe('2 hr 5 min');
    expect(waitText(23 * 60 + 59.4, 'en')).toBe('23 hr 59 min');
    expect(waitText(27 * 60, 'en')).toBe('1 day 3 hr');
    expect(waitText(27 * 60 + 40, 'bg')).toBe('1 ден 3 ч');
    expect(waitText(0, 'bg')).toBe('< 1 мин');
  });
});

describe('times in the inbox', () => {
  it('says how long ago a lead came in', () => {
    expect(ageText(created, at('2026-11-24T10:00:20.000Z'), 'en')).toBe('now');
    expect(ageText(created, at('2026-11-24T10:05:00.000Z'), 'en')).toBe('5 minutes ago');
    expect(ageText(created, at('2026-11-24T13:00:00.000Z'), 'bg')).toBe('преди 3 часа');
    expect(ageText(created, at('2026-11-25T10:00:00.000Z'), 'en')).toBe('yesterday');
    // Beyond a month, the day in Sofia: 23:30 UTC is already the next day there.
    expect(ageText('2026-11-24T23:30:00.000Z', at('2027-01-24T10:00:00.000Z'), 'en')).toBe('25 Nov 2026');
    expect(ageText(created, at('2027-01-24T10:00:00.000Z'), 'bg')).toBe('24.11.2026 г.');
  });
});
