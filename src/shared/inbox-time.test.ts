import { describe, expect, it } from 'vitest';
import { dateText, dateTimeText, dayInputText, dayOfInput, dayText, sheetDateTimeText, wallClockOf } from './inbox-time.ts';

describe("the inbox's times, Sofia's on the 24-hour clock", () => {
  it('writes a November evening (UTC+2) as 23:18 in both languages', () => {
    const at = '2026-11-26T21:18:00.000Z';
    expect(dateTimeText(at, 'en')).toBe('26 Nov 2026, 23:18');
    expect(dateTimeText(at, 'bg')).toBe('26.11.2026 г., 23:18');
    expect(sheetDateTimeText(at)).toBe('2026-11-26 23:18');
  });

  it('writes a summer instant with the +03:00 offset, and a moment past midnight on the next day', () => {
    expect(dateTimeText('2026-07-01T20:18:00.000Z', 'en')).toBe('1 Jul 2026, 23:18');
    expect(dateTimeText('2026-07-01T21:05:00.000Z', 'bg')).toBe('2.07.2026 г., 00:05');
    expect(sheetDateTimeText(new Date('2026-07-01T21:05:00.000Z'))).toBe('2026-07-02 00:05');
    expect(dateText('2026-07-01T21:05:00.000Z', 'en')).toBe('2 Jul 2026');
  });

  it('is the same whatever the zone of the process', () => {
    const original = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(new Date('2026-11-26T21:18:00.000Z').getHours()).toBe(16);
      expect(dateTimeText(Date.parse('2026-11-26T21:18:00.000Z'), 'en')).toBe('26 Nov 2026, 23:18');
    } finally {
      process.env.TZ = original;
    }
  });

  it('reads the wall clock of a zone', () => {
    expect(wallClockOf(Date.parse('2026-03-29T01:00:00.000Z'))).toEqual({ year: 2026, month: 3, day: 29, hour: 4, minute: 0, second: 0 });
    expect(wallClockOf(Date.parse('2026-11-26T21:18:07.000Z'), 'UTC')).toMatchObject({ hour: 21, second: 7 });
  });

  it('labels an API day, not moving with any zone', () => {
    expect(dayText('2026-11-01', 'en')).toBe('1 Nov');
    expect(dayText('2026-11-01', 'bg')).toBe('1.11');
    expect(dayText('2026-11-01', 'en', 'long')).toBe('Sun, 1 November 2026');
  });
});

describe('the days an operator types', () => {
  it('writes a day in the order of the language: dd.mm.yyyy in Bulgarian, yyyy-mm-dd in English', () => {
    expect(dayInputText('2026-11-05', 'bg')).toBe('05.11.2026');
    expect(dayInputText('2026-11-05', 'en')).toBe('2026-11-05');
  });

  it('reads them back, with or without leading zeros and the Bulgarian "г."', () => {
    expect(dayOfInput('26.11.2026', 'bg')).toBe('2026-11-26');
    expect(dayOfInput(' 5.1.2026 г. ', 'bg')).toBe('2026-01-05');
    expect(dayOfInput('05/01/2026', 'bg')).toBe('2026-01-05');
    expect(dayOfInput('2026-11-26', 'en')).toBe('2026-11-26');
    expect(dayOfInput('2026-1-5', 'en')).toBe('2026-01-05');
  });

  it('refuses what is not a real day in that order', () => {
    for (const text of ['', '31.02.2026', '2026-11-26', '11/26/2026', 'вчера']) expect(dayOfInput(text, 'bg')).toBeUndefined();
    for (const text of ['26.11.2026', '11/26/2026', '2026-02-30', '2026-13-01']) expect(dayOfInput(text, 'en')).toBeUndefined();
  });
});
