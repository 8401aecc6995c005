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
import { BG_PUBLIC_HOLIDAYS } from './bg-holidays.ts';

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
  /** Bulgaria's public holidays closed (from date-holidays, through bg-holidays.ts). */
  closedOnHolidays: boolean;
}

export interface Interval {
  start: Date;
  end: Date;
}

/** Bulgaria's public holidays, written from date-holidays by `npm run holidays` (bg-holidays.ts). */
const HOLIDAYS = new Set(BG_PUBLIC_HOLIDAYS.map(([day]) => day));

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `day` (Sofia's `YYYY-MM-DD`) is a public holiday in Bulgaria. */
export function isPublicHoliday(day: string): boolean {
  return HOLIDAYS.has(day);
}

/**
 * Every slot of the days ahead, free or not, in order: Sofia's days from today, each weekday's hours,
 * stepped by the meeting's length, a meeting's whole length inside the hours.
 */
export function candidateSlots(settings: AvailabilitySettings, now: Date): Interval[] {
  const today = new TZDate(now.getTime(), AGENCY_TIME_ZONE);
  const earliest = now.getTime() + settings.minNoticeMinutes * MINUTE;
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
        if (at < earliest || seen.has(at)) continue;
        seen.add(at);
        slots.push({ start: new Date(at), end: new Date(at + settings.lengthMinutes * MINUTE) });
      }
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * The slots still free: fewer meetings at that time than seats, counting each busy time of the
 * operators' calendars that overlaps it as one seat taken.
 */
export function freeSlots(settings: AvailabilitySettings, now: Date, booked: readonly Interval[], busy: readonly Interval[] = []): Interval[] {
  return candidateSlots(settings, now).filter((slot) => {
    const taken = booked.filter((b) => overlaps(b, slot)).length + busy.filter((b) => overlaps(b, slot)).length;
    return taken < settings.seats;
  });
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
