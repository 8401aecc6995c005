// The agency's days (INBOX_TIME_ZONE) as instants: the database stores UTC instants, and a day in Sofia
// starts at 22:00 or 21:00 UTC the evening before, depending on summer time. Worked out here, with the
// time-zone data Node carries, so both databases get plain instants to compare and neither needs its own
// time-zone tables.
import { INBOX_TIME_ZONE } from '../../shared/inbox.ts';
import { wallClockOf } from '../../shared/inbox-time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far the zone's wall clock is ahead of UTC at the instant, in milliseconds. */
function offsetMs(at: number, timeZone: string): number {
  const c = wallClockOf(at, timeZone);
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/** The UTC instant at which the day (`YYYY-MM-DD`) begins in the zone. */
export function dayStart(day: string, timeZone: string = INBOX_TIME_ZONE): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess may differ from the offset at the answer when the clocks change that night;
  // a second look settles it (Sofia changes at 03:00 and 04:00, never at midnight).
  const guess = midnight - offsetMs(midnight, timeZone);
  return new Date(midnight - offsetMs(guess, timeZone));
}

/** The UTC instant at which the day after `day` begins: the end, exclusive, of `day`. */
export function dayEnd(day: string, timeZone: string = INBOX_TIME_ZONE): Date {
  return dayStart(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10), timeZone);
}

/** The day (`YYYY-MM-DD`) the instant falls on in the zone. */
export function dayOf(at: Date, timeZone: string = INBOX_TIME_ZONE): string {
  return new Date(at.getTime() + offsetMs(at.getTime(), timeZone)).toISOString().slice(0, 10);
}
