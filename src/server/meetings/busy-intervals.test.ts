// The operators' calendars as their apps export them (testing/calendars/: Google's secret address,
// Outlook's published ICS with and without its zones and with a "Customized Time Zone", Apple's), read
// into busy time the way each calendar meant it: a zone the file defines by its own rules wherever it
// stands, a Windows zone name through CLDR's table, an all-day event on the calendar's own day.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { busyIntervalsOf } from './busy-intervals.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`../testing/calendars/${name}`, import.meta.url), 'utf8');
const read = (name: string, from: string, to: string) =>
  busyIntervalsOf(fixture(name), new Date(from), new Date(to)).map((b) => [b.start.toISOString(), b.end.toISOString()]);

describe('busy time from real calendar exports', () => {
  it('Google: the weekly meeting on Sofia’s clock, its exception left out and its moved occurrence moved, the day off as Sofia’s day', () => {
    expect(read('google.ics', '2026-12-01T00:00:00Z', '2026-12-23T00:00:00Z')).toEqual([
      ['2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00.000Z'],
      ['2026-12-10T22:00:00.000Z', '2026-12-11T22:00:00.000Z'],
      ['2026-12-15T12:00:00.000Z', '2026-12-15T13:00:00.000Z'],
      ['2026-12-22T08:00:00.000Z', '2026-12-22T09:00:00.000Z'],
    ]);
  });

  it('Outlook: Windows zone names defined after the events, a daily series, and a holiday on the meetings’ day', () => {
    expect(read('outlook.ics', '2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z')).toEqual([
      ['2026-12-02T13:00:00.000Z', '2026-12-02T14:30:00.000Z'],
      ...[7, 8, 9, 10, 11].map((d) => [`2026-12-${String(d).padStart(2, '0')}T07:30:00.000Z`, `2026-12-${String(d).padStart(2, '0')}T07:45:00.000Z`]),
      ['2026-12-23T22:00:00.000Z', '2026-12-24T22:00:00.000Z'],
    ]);
  });

  it('Outlook’s "Customized Time Zone": its own summer time from the last Sunday of March, not a guessed zone’s', () => {
    expect(read('outlook-custom-zone.ics', '2026-12-01T00:00:00Z', '2027-04-30T00:00:00Z')).toEqual([
      ['2026-12-10T08:00:00.000Z', '2026-12-10T09:00:00.000Z'],
      ['2027-04-07T07:00:00.000Z', '2027-04-07T08:00:00.000Z'],
    ]);
  });

  it('Outlook without its zones: a Windows name through CLDR’s table, winter and summer', () => {
    expect(read('outlook-no-vtimezone.ics', '2026-12-01T00:00:00Z', '2027-07-01T00:00:00Z')).toEqual([
      ['2026-12-14T08:00:00.000Z', '2026-12-14T08:30:00.000Z'],
      ['2027-06-10T07:00:00.000Z', '2027-06-10T07:30:00.000Z'],
    ]);
  });

  it('Apple: IANA zones of two countries, and an all-day event without an end as one day', () => {
    expect(read('apple.ics', '2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z')).toEqual([
      ['2026-12-09T10:00:00.000Z', '2026-12-09T11:00:00.000Z'],
      ['2026-12-10T14:00:00.000Z', '2026-12-10T15:00:00.000Z'],
      ['2026-12-15T22:00:00.000Z', '2026-12-16T22:00:00.000Z'],
    ]);
  });

  it('a zone the file defines only after its events, under a name of its own', () => {
    const text = fixture('outlook-custom-zone.ics').replaceAll('Customized Time Zone', 'Operator Zone');
    expect(busyIntervalsOf(text, new Date('2026-12-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z')).map((b) => b.start.toISOString())).toEqual(['2026-12-10T08:00:00.000Z']);
  });
});
