import { describe, expect, it } from 'vitest';
import { dayEnd, dayOf, dayStart } from './days.ts';

describe('the agency\'s days in Sofia', () => {
  it('starts a winter day at 22:00 UTC and a summer day at 21:00 UTC the evening before', () => {
    expect(dayStart('2026-01-15').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(dayStart('2026-07-15').toISOString()).toBe('2026-07-14T21:00:00.000Z');
  });

  it('gives the days the clocks change 23 and 25 hours', () => {
    // Summer time begins on the last Sunday of March and ends on the last Sunday of October.
    const hours = (day: string) => (dayEnd(day).getTime() - dayStart(day).getTime()) / 3_600_000;
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-03-28')).toBe(24);
    expect(dayEnd('2026-03-29').toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(dayEnd('2026-10-25').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('ends a day where the next begins, across a month and a year', () => {
    expect(dayEnd('2026-12-31')).toEqual(dayStart('2027-01-01'));
    expect(dayEnd('2028-02-28')).toEqual(dayStart('2028-02-29'));
  });

  it('names the Sofia day of an instant, on either side of its midnight', () => {
    expect(dayOf(new Date('2026-11-23T21:59:59.999Z'))).toBe('2026-11-23');
    expect(dayOf(new Date('2026-11-23T22:00:00.000Z'))).toBe('2026-11-24');
    expect(dayOf(new Date('2026-06-30T20:59:59.999Z'))).toBe('2026-06-30');
    expect(dayOf(new Date('2026-06-30T21:00:00.000Z'))).toBe('2026-07-01');
    for (const day of ['2026-03-29', '2026-10-25', '2027-01-01']) {
      expect(dayOf(dayStart(day))).toBe(day);
      expect(dayOf(new Date(dayEnd(day).getTime() - 1))).toBe(day);
    }
  });
});
