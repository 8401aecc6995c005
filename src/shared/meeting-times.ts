// Meeting times as the picker and the invitation mails show them: the free slots grouped by the
// visitor's days, each time on the visitor's clock and, when the zones differ, on Sofia's beside it.
// Pure, so the zones' cases are unit tests.
import type { Locale } from './locale.ts';
import { AGENCY_TIME_ZONE as SOFIA, type SlotJson } from './meetings.ts';
/** Both languages on the 24-hour clock, as the rest of the site writes times. */
const TAGS: Record<Locale, string> = { en: 'en-GB', bg: 'bg-BG' };

export interface ShownSlot {
  start: string;
  time: string;
  /** Sofia's time when the visitor's zone is another. */
  sofiaTime?: string;
}

export interface ShownDay {
  key: string;
  label: string;
  slots: ShownSlot[];
}

/** The visitor's zone as the browser knows it; UTC when it says none. */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Whether two zones show the same clock all year: then Sofia's time beside is left out. */
export const sameClock = (zone: string) => zone === SOFIA || new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone === SOFIA;

const timeFormat = (locale: Locale, zone: string) => new Intl.DateTimeFormat(TAGS[locale], { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export function slotsByDay(slots: readonly SlotJson[], zone: string, locale: Locale): ShownDay[] {
  const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const dayLabel = new Intl.DateTimeFormat(TAGS[locale], { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' });
  const time = timeFormat(locale, zone);
  const sofia = sameClock(zone) ? undefined : timeFormat(locale, SOFIA);
  const days: ShownDay[] = [];
  for (const slot of slots) {
    const at = new Date(slot.start);
    const key = dayKey.format(at);
    let day = days.at(-1);
    if (day?.key !== key) {
      day = { key, label: dayLabel.format(at), slots: [] };
      days.push(day);
    }
    day.slots.push({ start: slot.start, time: time.format(at), ...(sofia ? { sofiaTime: sofia.format(at) } : {}) });
  }
  return days;
}

/**
 * The visitor's zone as a person reads it, with its offset now: "Nepal Time, GMT+5:45". Browsers may
 * name a zone by an older spelling (Chromium says Asia/Katmandu), so the name, not the id, is shown.
 */
export function zoneName(zone: string, locale: Locale, at = new Date()): string {
  const part = (style: 'long' | 'shortOffset') =>
    new Intl.DateTimeFormat(TAGS[locale], { timeZone: zone, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone;
  const name = part('long');
  const offset = part('shortOffset');
  return name === offset ? name : `${name}, ${offset}`;
}

/** A booked time in words, on the visitor's clock: "Tuesday 1 December at 10:00". */
export function whenInWords(start: string, zone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(start));
}

/** A time on Sofia's clock: "10:00". */
export const sofiaTime = (start: string, locale: Locale) => timeFormat(locale, SOFIA).format(new Date(start));
