// The inbox's times as an operator reads them: the 24-hour promise's clock on each pending lead and how
// long ago a lead came in, in the inbox's language; dates and times are Sofia's (shared/inbox-time.ts).
// Pure, with `now` passed in, so the tests need no fake timers.
import { format } from '../content/i18n/format.ts';
import type { InboxTexts } from '../content/i18n/inbox.ts';
import type { LeadStatus } from '../shared/booking.ts';
import type { Locale } from '../shared/locale.ts';
import { dateText } from '../shared/inbox-time.ts';
import { CALL_BACK_HOURS } from '../shared/promises.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Where a lead stands against the promise of a call within CALL_BACK_HOURS. */
export interface CallbackClock {
  overdue: boolean;
  /** Whole minutes left, or overdue (at least 1 once it is). */
  minutes: number;
}

/** The clock of a lead still waiting for its call; undefined once it is no longer `pending`. */
export function callbackClockOf(lead: { status: LeadStatus; created_at: string }, now: number): CallbackClock | undefined {
  if (lead.status !== 'pending') return undefined;
  const left = Date.parse(lead.created_at) + CALL_BACK_HOURS * HOUR - now;
  return left > 0
    ? { overdue: false, minutes: Math.ceil(left / MINUTE) }
    : { overdue: true, minutes: Math.max(1, Math.floor(-left / MINUTE)) };
}

const unit = (locale: Locale, name: 'day' | 'hour' | 'minute', value: number) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: name === 'day' ? 'long' : 'short' }).format(value);

/**
 * A span as the clock shows it: minutes under an hour, hours and minutes under `daysFrom` minutes (two
 * days), then days and hours.
 */
export function durationText(minutes: number, locale: Locale, daysFrom = 48 * 60): string {
  const parts: string[] = [];
  if (minutes < 60) return unit(locale, 'minute', minutes);
  if (minutes < daysFrom) {
    parts.push(unit(locale, 'hour', Math.floor(minutes / 60)));
    if (minutes % 60) parts.push(unit(locale, 'minute', minutes % 60));
  } else {
    parts.push(unit(locale, 'day', Math.floor(minutes / (24 * 60))));
    const hours = Math.floor((minutes % (24 * 60)) / 60);
    if (hours) parts.push(unit(locale, 'hour', hours));
  }
  return parts.join(' ');
}

/**
 * How long a lead waited for its first touch (the overview's minutes, not whole): "4 min", "2 hr 5 min",
 * "1 day 3 hr" from a day on; "< 1 min" for one touched within its first minute.
 */
export function waitText(minutes: number, locale: Locale): string {
  const whole = Math.round(minutes);
  return whole < 1 ? `< ${unit(locale, 'minute', 1)}` : durationText(whole, locale, 24 * 60);
}

/** "5 hr 12 min left", "3 hr overdue". */
export function clockText(clock: CallbackClock, t: Pick<InboxTexts, 'clock'>, locale: Locale): string {
  return format(clock.overdue ? t.clock.overdue : t.clock.left, { time: durationText(clock.minutes, locale) });
}

/** How long ago, as "5 minutes ago" / "преди 5 минути": the list's column. Beyond a month, the day in Sofia. */
export function ageText(at: string, now: number, locale: Locale): string {
  const ago = now - Date.parse(at);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < MINUTE) return relative.format(0, 'second');
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 30 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return dateText(at, locale);
}
