// schema.org's short form of opening hours ("Mo-Fr 09:00-18:00", "Sa,Su 10:00-14:00"), read once for
// both its readers: the search data (content/structured-data.ts) and the meeting slots, whose
// default hours are the business's (server/meetings/availability.ts), and the hours Alex calls in,
// both closed on Bulgaria's public holidays.

import { BG_PUBLIC_HOLIDAYS } from './bg-holidays.ts';

/** The day codes in the week's order, Monday first (ISO: Monday is 1). */
export const DAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export type DayCode = (typeof DAY_CODES)[number];

export interface OpeningHours {
  days: DayCode[];
  /** `HH:MM`, as written. */
  opens: string;
  closes: string;
}

function daysOf(range: string, entry: string): DayCode[] {
  const [from, to = from] = range.split('-');
  const start = DAY_CODES.indexOf(from as DayCode);
  const end = DAY_CODES.indexOf(to as DayCode);
  if (start < 0 || end < 0) throw new Error(`openingHours: unknown day in "${entry}"`);
  const days: DayCode[] = [];
  // A range may run over the weekend ("Fr-Mo").
  for (let i = start; ; i = (i + 1) % 7) {
    days.push(DAY_CODES[i]!);
    if (i === end) return days;
  }
}

/** Each entry read; a typo throws with the entry, so a build or a start stops instead of using wrong hours. */
export function parseOpeningHours(entries: readonly string[]): OpeningHours[] {
  return entries.map((entry) => {
    const match = /^([A-Za-z,-]+)\s+([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/.exec(entry.trim());
    if (!match) throw new Error(`openingHours: "${entry}" is not like "Mo-Su 00:00-23:59"`);
    const [, days = '', oh, om, ch, cm] = match;
    return { days: days.split(',').flatMap((range) => daysOf(range, entry)), opens: `${oh}:${om}`, closes: `${ch}:${cm}` };
  });
}

/** `at`'s day code and minutes since midnight on `zone`'s clock. */
function wallClock(at: Date, zone: string): { day: DayCode; minutes: number; date: [number, number, number] } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const day = (parts.weekday ?? 'Mon').slice(0, 2) as DayCode;
  return { day, minutes: Number(parts.hour) * 60 + Number(parts.minute), date: [Number(parts.year), Number(parts.month), Number(parts.day)] };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes between two times of day, the shorter way round midnight. */
const minutesApart = (a: number, b: number) => Math.min(Math.abs(a - b), 1440 - Math.abs(a - b));

/** How far ahead nextOpening looks. */
const SEARCHED_DAYS = 15;

/** Bulgaria's public holidays, written from date-holidays by `npm run holidays` (bg-holidays.ts). */
const HOLIDAYS = new Set(BG_PUBLIC_HOLIDAYS.map(([day]) => day));

/** Whether `day` (Sofia's `YYYY-MM-DD`) is a public holiday in Bulgaria. */
export function isPublicHoliday(day: string): boolean {
  return HOLIDAYS.has(day);
}

/** Days the hours do not hold on, whatever their weekday (a public holiday), by the day on the zone's calendar. */
export type ClosedOn = (day: string) => boolean;

const dayText = ([year, month, day]: [number, number, number]) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Whether `at` falls within the hours on `zone`'s clock, on a day that is not closed. */
export function isOpenAt(hours: readonly OpeningHours[], at: Date, zone: string, closedOn?: ClosedOn): boolean {
  const { day, minutes, date } = wallClock(at, zone);
  if (closedOn?.(dayText(date))) return false;
  return hours.some((h) => h.days.includes(day) && minutes >= minutesOf(h.opens) && minutes < minutesOf(h.closes));
}

/**
 * The next moment the hours open after `at` (whole minutes, on `zone`'s clock), within a fortnight,
 * on a day not closed (a cluster of holidays may close a week); `at` itself while they are open; undefined for hours that never open.
 */
export function nextOpening(hours: readonly OpeningHours[], at: Date, zone: string, closedOn?: ClosedOn): Date | undefined {
  if (isOpenAt(hours, at, zone, closedOn)) return at;
  // Minute by minute would be 10,080 steps; the openings are few: try each day's opening times in turn.
  const start = Math.ceil(at.getTime() / 60_000) * 60_000;
  for (let step = start; step <= start + SEARCHED_DAYS * 86_400_000; step += 60_000) {
    const moment = new Date(step);
    const { day, minutes, date } = wallClock(moment, zone);
    const opening = hours.find((h) => h.days.includes(day) && minutes === minutesOf(h.opens));
    if (opening && !closedOn?.(dayText(date))) return moment;
    // Skip ahead to the next quarter hour once no opening is near: openings sit on whole minutes. Near
    // counts round the clock, so 23:50 is near an opening at 00:00.
    if (!hours.some((h) => minutesApart(minutesOf(h.opens), minutes) < 16)) step += 14 * 60_000;
  }
  return undefined;
}
