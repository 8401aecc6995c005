// The two calendar parsers measured against the operators' real exports (src/server/testing/calendars/):
// node-ical, which the busy calendars used to be read with, and Mozilla's ical.js, which they are read
// with now (docs/decisions/050-calendar-parser.md). For each export: how many busy times each reads
// where they should be (the expected ones are those busy-intervals.test.ts holds), and the time each
// takes to read a large feed (a year of a busy operator's meetings, recurring and not). Run it with
// `npx tsx bench/calendar-parsers.ts`; it prints a table and changes nothing.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import ical, { type VEvent } from 'node-ical';
import type { Interval } from '../src/server/meetings/availability.ts';
import { busyIntervalsOf } from '../src/server/meetings/busy-intervals.ts';

/** node-ical as the busy calendars read it before: its parse and its expansion of recurring events. */
function withNodeIcal(text: string, from: Date, to: Date): Interval[] {
  const busy: Interval[] = [];
  for (const component of Object.values(ical.sync.parseICS(text))) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (event.transparency === 'TRANSPARENT' || event.status === 'CANCELLED' || !event.start) continue;
    for (const occurrence of ical.expandRecurringEvent(event, { from, to, expandOngoing: true })) {
      if (occurrence.event.status === 'CANCELLED' || occurrence.event.transparency === 'TRANSPARENT') continue;
      const start = new Date(occurrence.start);
      const end = new Date(occurrence.end ?? occurrence.start);
      if (end > from && start < to && end > start) busy.push({ start, end });
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Each export, its window, and the busy times it should give (as busy-intervals.test.ts has them). */
const EXPORTS: { file: string; from: string; to: string; expected: [string, string][] }[] = [
  { file: 'google.ics', from: '2026-12-01T00:00:00Z', to: '2026-12-23T00:00:00Z', expected: [['2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00.000Z'], ['2026-12-10T22:00:00.000Z', '2026-12-11T22:00:00.000Z'], ['2026-12-15T12:00:00.000Z', '2026-12-15T13:00:00.000Z'], ['2026-12-22T08:00:00.000Z', '2026-12-22T09:00:00.000Z']] },
  { file: 'outlook.ics', from: '2026-12-01T00:00:00Z', to: '2026-12-31T00:00:00Z', expected: [['2026-12-02T13:00:00.000Z', '2026-12-02T14:30:00.000Z'], ...[7, 8, 9, 10, 11].map((d): [string, string] => [`2026-12-${String(d).padStart(2, '0')}T07:30:00.000Z`, `2026-12-${String(d).padStart(2, '0')}T07:45:00.000Z`]), ['2026-12-23T22:00:00.000Z', '2026-12-24T22:00:00.000Z']] },
  { file: 'outlook-custom-zone.ics', from: '2026-12-01T00:00:00Z', to: '2027-04-30T00:00:00Z', expected: [['2026-12-10T08:00:00.000Z', '2026-12-10T09:00:00.000Z'], ['2027-04-07T07:00:00.000Z', '2027-04-07T08:00:00.000Z']] },
  { file: 'outlook-no-vtimezone.ics', from: '2026-12-01T00:00:00Z', to: '2027-07-01T00:00:00Z', expected: [['2026-12-14T08:00:00.000Z', '2026-12-14T08:30:00.000Z'], ['2027-06-10T07:00:00.000Z', '2027-06-10T07:30:00.000Z']] },
  { file: 'apple.ics', from: '2026-12-01T00:00:00Z', to: '2026-12-31T00:00:00Z', expected: [['2026-12-09T10:00:00.000Z', '2026-12-09T11:00:00.000Z'], ['2026-12-10T14:00:00.000Z', '2026-12-10T15:00:00.000Z'], ['2026-12-15T22:00:00.000Z', '2026-12-16T22:00:00.000Z']] },
];

const PARSERS = { 'node-ical': withNodeIcal, 'ical.js': busyIntervalsOf };

/** A year of a busy calendar: 4,000 one-off meetings and 40 weekly series, Google's shape. */
function largeFeed(): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN', 'X-WR-TIMEZONE:Europe/Sofia'];
  for (let i = 0; i < 4000; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const hour = String(8 + (i % 9)).padStart(2, '0');
    lines.push('BEGIN:VEVENT', `UID:one-${i}@bench`, 'DTSTAMP:20261101T000000Z', `DTSTART;TZID=Europe/Sofia:${day}T${hour}0000`, `DTEND;TZID=Europe/Sofia:${day}T${hour}3000`, `SUMMARY:Meeting ${i}`, 'END:VEVENT');
  }
  for (let i = 0; i < 40; i++) {
    lines.push('BEGIN:VEVENT', `UID:weekly-${i}@bench`, 'DTSTAMP:20261101T000000Z', `DTSTART;TZID=Europe/Sofia:2025010${(i % 7) + 1}T1${i % 8}0000`, `DTEND;TZID=Europe/Sofia:2025010${(i % 7) + 1}T1${i % 8}3000`, 'RRULE:FREQ=WEEKLY', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

const rows: string[][] = [['export', ...Object.keys(PARSERS)]];
for (const e of EXPORTS) {
  const text = fs.readFileSync(new URL(`../src/server/testing/calendars/${e.file}`, import.meta.url), 'utf8');
  const cells = Object.values(PARSERS).map((parse) => {
    const got = parse(text, new Date(e.from), new Date(e.to)).map((b) => `${b.start.toISOString()}/${b.end.toISOString()}`);
    const right = e.expected.filter(([s, f]) => got.includes(`${s}/${f}`)).length;
    return `${right} of ${e.expected.length} right${got.length > right ? `, ${got.length - right} wrong` : ''}`;
  });
  rows.push([e.file, ...cells]);
}
const feed = largeFeed();
const timing = Object.values(PARSERS).map((parse) => {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    parse(feed, new Date('2026-12-01T00:00:00Z'), new Date('2026-12-17T00:00:00Z'));
    times.push(performance.now() - t);
  }
  return `${Math.round(times.sort((a, b) => a - b)[2]!)} ms`;
});
rows.push([`large feed (${(feed.length / 1024 / 1024).toFixed(1)} MB), median of 5`, ...timing]);
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
