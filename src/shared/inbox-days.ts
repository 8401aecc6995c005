// The agency's days (INBOX_TIME_ZONE): which day an instant falls on there, and when such a day begins,
// with daylight saving time as the time zone database has it. Intl does the time-zone work, so this
// runs alike in Node and in the browser.
import { INBOX_TIME_ZONE } from './inbox.ts';

/** `YYYY-MM-DD`. */
export type Day = string;

// en-CA writes dates as YYYY-MM-DD; the parts are read by type anyway, so only the digits matter.
const dayParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: INBOX_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock reading in INBOX_TIME_ZONE, as milliseconds of a UTC date with the same reading. */
function wallClockOf(instant: number): number {
  const parts = Object.fromEntries(dayParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** How far INBOX_TIME_ZONE is ahead of UTC at an instant, in milliseconds (Sofia: 2 or 3 hours). */
export function inboxOffsetAt(instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockOf(whole) - whole;
}

/** The day an instant falls on in INBOX_TIME_ZONE. */
export function inboxDayOf(instant: Date | number): Day {
  return new Date(wallClockOf(Number(instant))).toISOString().slice(0, 10);
}

/**
 * When a day begins in INBOX_TIME_ZONE. Sofia changes its clocks at 03:00 and 04:00, never at
 * midnight, so every day has exactly one midnight: the offset a little before it is the offset at it,
 * except on a day whose change falls between, which the second look corrects.
 */
export function startOfInboxDay(day: Day): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) throw new RangeError(`Not a day: ${day}`);
  let start = midnightUtc - inboxOffsetAt(midnightUtc);
  const offset = inboxOffsetAt(start);
  if (midnightUtc - offset !== start) start = midnightUtc - offset;
  return new Date(start);
}

/** The day `count` days after (or, negative, before) another; calendar days, whatever the clocks do. */
export function addDays(day: Day, count: number): Day {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + count);
  return at.toISOString().slice(0, 10);
}
