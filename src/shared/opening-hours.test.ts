import { describe, expect, it } from 'vitest';
import { isOpenAt, nextOpening, parseOpeningHours } from './opening-hours.ts';

const SOFIA = 'Europe/Sofia';
const hours = parseOpeningHours(['Mo-Fr 09:00-18:00', 'Sa 10:00-13:00']);

describe('the hours on a clock', () => {
  it('are open from the opening minute to before the closing one, on that zone’s clock', () => {
    // Monday 7 December 2026; Sofia is UTC+2 in winter.
    expect(isOpenAt(hours, new Date('2026-12-07T06:59:00Z'), SOFIA)).toBe(false);
    expect(isOpenAt(hours, new Date('2026-12-07T07:00:00Z'), SOFIA)).toBe(true);
    expect(isOpenAt(hours, new Date('2026-12-07T15:59:00Z'), SOFIA)).toBe(true);
    expect(isOpenAt(hours, new Date('2026-12-07T16:00:00Z'), SOFIA)).toBe(false);
    expect(isOpenAt(hours, new Date('2026-12-13T09:00:00Z'), SOFIA)).toBe(false);
  });

  it('open next at the next opening: the same evening’s is the next morning, Saturday’s after Friday, and in summer time too', () => {
    expect(nextOpening(hours, new Date('2026-12-07T10:00:00Z'), SOFIA)).toEqual(new Date('2026-12-07T10:00:00Z'));
    expect(nextOpening(hours, new Date('2026-12-07T16:30:00Z'), SOFIA)).toEqual(new Date('2026-12-08T07:00:00Z'));
    expect(nextOpening(hours, new Date('2026-12-11T17:00:00Z'), SOFIA)).toEqual(new Date('2026-12-12T08:00:00Z'));
    expect(nextOpening(hours, new Date('2026-12-12T11:00:00Z'), SOFIA)).toEqual(new Date('2026-12-14T07:00:00Z'));
    // The night clocks go forward (29 March 2026): Monday 09:00 in Sofia is then 06:00 UTC.
    expect(nextOpening(hours, new Date('2026-03-28T12:00:00Z'), SOFIA)).toEqual(new Date('2026-03-30T06:00:00Z'));
    expect(nextOpening(parseOpeningHours([]), new Date('2026-12-07T10:00:00Z'), SOFIA)).toBeUndefined();
  });

  it('finds an opening at midnight, across the day’s turn', () => {
    // 21:16 in Sofia: the hours open at 00:00, Sofia's, 22:00 UTC.
    expect(nextOpening(parseOpeningHours(['Mo-Su 00:00-01:00']), new Date('2026-12-07T19:16:00Z'), SOFIA)).toEqual(new Date('2026-12-07T22:00:00Z'));
  });
});
