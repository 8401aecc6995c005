// The inbox's dates and times, as every part of it writes them: the inbox page, the CSV export,
// `npm run leads` and the operator's emails. Always the agency's clock in Sofia (INBOX_TIME_ZONE), on the
// 24-hour clock, in the operator's language, whatever the zone and the locale of the device that shows
// them. Also the days an operator types into the list's date filter, in their language's order.
import { INBOX_TIME_ZONE } from './inbox.ts';
import type { Locale } from './locale.ts';

/** Intl's locale for each language: British English writes "26 Nov 2026", day first, as Bulgarian does. */
const INTL_LOCALES: Record<Locale, string> = { en: 'en-GB', bg: 'bg' };

/** The day of a moment: "26 Nov 2026" in English, "26.11.2026 г." in Bulgarian (its usual numeric month). */
const DAY_PARTS: Record<Locale, Intl.DateTimeFormatOptions> = {
  en: { day: 'numeric', month: 'short', year: 'numeric' },
  bg: { day: 'numeric', month: '2-digit', year: 'numeric' },
};

const formats = new Map<string, Intl.DateTimeFormat>();
/**
 * The most formatters kept: a zone can be spelt many ways (`europe/sofia`, `EUROPE/Sofia`…), and a
 * visitor or an assistant names the zone, so the oldest made gives way rather than memory growing.
 */
const MAX_FORMATS = 256;

/** One formatter per locale, zone and shape, made once: Intl's are slow to make and quick to use. */
export function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    if (formats.size >= MAX_FORMATS) formats.delete(formats.keys().next().value!);
    formats.set(key, made);
  }
  return made;
}

/** How many formatters are kept now: for the test that holds the bound. */
export const formattersKept = (): number => formats.size;

const instant = (at: string | Date | number) => (typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : at.getTime());

/** A moment in Sofia: "26 Nov 2026, 23:18", "26.11.2026 г., 23:18". */
export function dateTimeText(at: string | Date | number, locale: Locale): string {
  // Two-digit hours spelled out: Bulgarian's own short time style writes "0:05".
  return formatter(INTL_LOCALES[locale], {
    ...DAY_PARTS[locale],
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: INBOX_TIME_ZONE,
  }).format(instant(at));
}

/** The day of a moment in Sofia: "26 Nov 2026", "26.11.2026 г.". */
export function dateText(at: string | Date | number, locale: Locale): string {
  return formatter(INTL_LOCALES[locale], { ...DAY_PARTS[locale], timeZone: INBOX_TIME_ZONE }).format(instant(at));
}

/**
 * A day as the API counts them (`YYYY-MM-DD`, a day in Sofia) as a label: "1 Nov", "1.11"; long,
 * "Sun 1 November 2026". Read and written in UTC: the day is a label, not a moment.
 */
export function dayText(day: string, locale: Locale, style: 'short' | 'long' = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { day: 'numeric', month: 'short' } : { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' };
  return formatter(INTL_LOCALES[locale], { ...options, timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
}

/** The wall clock of a zone at an instant, to the second. */
export function wallClockOf(at: number, timeZone: string = INBOX_TIME_ZONE) {
  const parts = formatter('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

const two = (n: number) => String(n).padStart(2, '0');

/** A moment in Sofia as spreadsheets read a date and time in any language: "2026-11-26 23:18". */
export function sheetDateTimeText(at: string | Date | number): string {
  const c = wallClockOf(instant(at));
  return `${c.year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}`;
}

/**
 * How an operator types a day into the list's filter: the Bulgarian order, dd.mm.yyyy, in Bulgarian;
 * in English the ISO order, yyyy-mm-dd, which no English reader takes for another day (11/03 is March
 * in London and November in New York).
 */
export function dayInputText(day: string, locale: Locale): string {
  const [year, month, date] = day.split('-');
  return locale === 'bg' ? `${date}.${month}.${year}` : day;
}

const TYPED_DAY: Record<Locale, RegExp> = {
  // 26.11.2026, 26.11.2026 г., 6.1.2026; a slash or a dash between them as well.
  bg: /^(?<date>\d{1,2})[./-](?<month>\d{1,2})[./-](?<year>\d{4})(?:\s*г\.?)?$/u,
  en: /^(?<year>\d{4})-(?<month>\d{1,2})-(?<date>\d{1,2})$/u,
};

/** The day (`YYYY-MM-DD`) an operator typed, in their language's order; undefined if it is not a real day. */
export function dayOfInput(text: string, locale: Locale): string | undefined {
  const groups = TYPED_DAY[locale].exec(text.trim())?.groups;
  if (!groups) return undefined;
  const [year, month, date] = [Number(groups.year), Number(groups.month), Number(groups.date)];
  const at = new Date(Date.UTC(year, month - 1, date));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== date) return undefined;
  return `${groups.year}-${two(month)}-${two(date)}`;
}

/** An instant's time on a zone's 24-hour clock, `09:30`: a call's time on the visitor's own clock. */
export function clockIn(at: string, zone: string): string {
  const c = wallClockOf(Date.parse(at), zone);
  return `${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
}
