// When a discovery call can be booked: the agency's hours per weekday in Sofia, its public holidays
// closed, at least the minimum notice ahead and no further than the days ahead, each slot as long as
// the call the page promises, and no more meetings at one time than the agency has seats. Pure: the
// meetings already booked and the busy times of the operators' calendars are passed in.
//
// Sofia's calendar is walked with @date-fns/tz, never by adding hours to an instant: a day across the
// last Sunday of March has 23 hours and one across the last Sunday of October 25, and a slot written
// "09:00" is 09:00 on the clock in Sofia on both. A wall-clock time that does not exist (the hour
// skipped in March) is no slot; one that exists twice (the hour repeated in October) is one slot.
import { TZDate } from '@date-fns/tz';
import { AGENCY_TIME_ZONE } from '../../shared/meetings.ts';
import { DAY_CODES, type OpeningHours } from '../../shared/opening-hours.ts';
import { isPublicHoliday } from '../../shared/opening-hours.ts';

const MINUTE = 60_000;

export interface AvailabilitySettings {
  /** The hours meetings may take, per weekday, on Sofia's clock. */
  hours: OpeningHours[];
  /** Length of a meeting, and the step between slots, in minutes. */
  lengthMinutes: number;
  /** A slot starts at least this long after now. */
  minNoticeMinutes: number;
  /** Slots are offered from today to this many days ahead (Sofia's days). */
  daysAhead: number;
  /** Meetings the agency can hold at one time. */
  seats: number;
  /** Bulgaria's public holidays closed (from date-holidays, through shared/bg-holidays.ts). */
  closedOnHolidays: boolean;
}

export interface Interval {
  start: Date;
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));


/**
 * Every slot of the days ahead, free or not, in order: Sofia's days from today, each weekday's hours,
 * stepped by the meeting's length, a meeting's whole length inside the hours. The slots are shared
 * between calls (see slotsOfDays): not to be changed.
 */
export function candidateSlots(settings: AvailabilitySettings, now: Date): Interval[] {
  const earliest = now.getTime() + settings.minNoticeMinutes * MINUTE;
  return slotsOfDays(settings, now).filter((slot) => slot.start.getTime() >= earliest);
}

/**
 * The slots last worked out for each settings object, with the Sofia day and the settings' values they
 * were worked out for: they depend on nothing else, so they are worked out again when the day changes
 * (or the settings do), not at every request. Walking 30 days of Sofia's clock took tens of
 * milliseconds a time.
 */
const slotsOfDay = new WeakMap<AvailabilitySettings, { key: string; slots: Interval[] }>();

/** The slots of the days ahead from the start of Sofia's today, before the notice is taken off. */
function slotsOfDays(settings: AvailabilitySettings, now: Date): Interval[] {
  const today = new TZDate(now.getTime(), AGENCY_TIME_ZONE);
  const key = `${today.getFullYear()}-${today.getMonth() + 1}-${today.getDate()} ${JSON.stringify(settings)}`;
  const cached = slotsOfDay.get(settings);
  if (cached?.key === key) return cached.slots;
  const slots: Interval[] = [];
  const seen = new Set<number>();
  for (let offset = 0; offset <= settings.daysAhead; offset++) {
    // Noon of the day: clear of any clock change, so the calendar day is right.
    const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12, 0, AGENCY_TIME_ZONE);
    const [y, m, d] = [day.getFullYear(), day.getMonth(), day.getDate()];
    const date = `${y}-${pad(m + 1)}-${pad(d)}`;
    if (settings.closedOnHolidays && isPublicHoliday(date)) continue;
    const code = DAY_CODES[(day.getDay() + 6) % 7]!;
    for (const { days, opens, closes } of settings.hours) {
      if (!days.includes(code)) continue;
      // "23:59" closes the day: the last slot ends at midnight at the latest.
      const close = closes === '23:59' ? 24 * 60 : minutesOf(closes);
      for (let t = minutesOf(opens); t + settings.lengthMinutes <= close; t += settings.lengthMinutes) {
        const start = new TZDate(y, m, d, Math.floor(t / 60), t % 60, AGENCY_TIME_ZONE);
        // The hour the clock skips in March: TZDate moves it on; it is no slot.
        if (start.getDate() !== d || start.getHours() * 60 + start.getMinutes() !== t) continue;
        const at = start.getTime();
        if (seen.has(at)) continue;
        seen.add(at);
        slots.push({ start: new Date(at), end: new Date(at + settings.lengthMinutes * MINUTE) });
      }
    }
  }
  slots.sort((a, b) => a.start.getTime() - b.start.getTime());
  slotsOfDay.set(settings, { key, slots });
  return slots;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** How many of the sorted numbers are below `x` (`orEqual`: at most `x`). */
function countBelow(sorted: readonly number[], x: number, orEqual: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x || (orEqual && sorted[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How many of the intervals overlap a slot, asked slot after slot: their starts and their ends sorted
 * once, and two binary searches a slot rather than a pass over every interval (1,000 meetings against
 * 1,400 slots took hundreds of milliseconds). Of the intervals that start before a slot ends, those that
 * end by its start do not overlap it, and no other; an interval that ends before it starts (or has no
 * valid time) is not one of them, and is compared as `overlaps` says, as is a slot of no length.
 */
function overlapCounter(intervals: readonly Interval[]): (slot: Interval) => number {
  const starts: number[] = [];
  const ends: number[] = [];
  const odd: Interval[] = [];
  for (const interval of intervals) {
    const [start, end] = [interval.start.getTime(), interval.end.getTime()];
    if (start <= end) {
      starts.push(start);
      ends.push(end);
    } else {
      odd.push(interval);
    }
  }
  starts.sort((a, b) => a - b);
  ends.sort((a, b) => a - b);
  return (slot) => {
    const [from, to] = [slot.start.getTime(), slot.end.getTime()];
    if (!(from < to)) return intervals.filter((b) => overlaps(b, slot)).length;
    const plain = countBelow(starts, to, false) - countBelow(ends, from, true);
    return odd.length ? plain + odd.filter((b) => overlaps(b, slot)).length : plain;
  };
}

/**
 * The slots still free: fewer meetings at that time than seats, counting each busy time of the
 * operators' calendars that overlaps it as one seat taken.
 */
export function freeSlots(settings: AvailabilitySettings, now: Date, booked: readonly Interval[], busy: readonly Interval[] = []): Interval[] {
  const taken = overlapCounter([...booked, ...busy]);
  return candidateSlots(settings, now).filter((slot) => taken(slot) < settings.seats);
}

/** Whether `zone` is an IANA time zone this runtime knows (`Asia/Kathmandu`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
