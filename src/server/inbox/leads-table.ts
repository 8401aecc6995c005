// The table `npm run leads` prints (cli.ts): one line per lead, its columns lined up by the width a
// terminal gives each character, in the operator's language, times on Sofia's 24-hour clock.
import { styleText } from 'node:util';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { format } from '../../content/i18n/format.ts';
import { inboxTexts } from '../../content/i18n/inbox.ts';
import type { LeadsCommandTexts } from '../../content/i18n/leads-command.ts';
import { isService, type LeadStatus } from '../../shared/booking.ts';
import type { LeadSummary } from '../../shared/inbox.ts';
import { dateTimeText } from '../../shared/inbox-time.ts';
import type { Locale } from '../../shared/locale.ts';
import { shownDirectionControls } from '../../shared/text.ts';
import { callbackDeadline } from '../notifications/reminders.ts';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The characters East Asian Width calls Wide or Fullwidth, which a terminal gives two columns: Hangul
 * Jamo, the CJK blocks, kana, Hangul syllables, the compatibility ideographs, full-width forms and the
 * supplementary ideographic planes.
 */
const WIDE: [number, number][] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

/** Columns of one grapheme (a letter with its accents, an emoji with its joiners): 0, 1 or 2. */
function graphemeWidth(grapheme: string): number {
  // An emoji shown as one, or a symbol asked to be one (U+FE0F): two columns, joined sequences included.
  if (/\p{Emoji_Presentation}/u.test(grapheme) || (grapheme.includes('\uFE0F') && /\p{Extended_Pictographic}/u.test(grapheme))) return 2;
  const first = grapheme.codePointAt(0)!;
  if (WIDE.some(([from, to]) => first >= from && first <= to)) return 2;
  // Control and format characters, and marks with nothing to sit on, take no column.
  if (/^[\p{Cc}\p{Cf}\p{Mn}\p{Me}]+$/u.test(grapheme)) return 0;
  return 1;
}

/** The columns a terminal gives the text: "山田太郎" is 8, "👩‍💼" 2, "é" written with its accent apart 1. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += graphemeWidth(segment);
  return width;
}

/**
 * What a visitor typed, safe to print: control characters (a terminal's escape sequences among them,
 * which could clear the screen or rewrite what is shown) and direction controls shown as codes.
 */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this finds
  return shownDirectionControls(text).replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The text, made printable, cut to `max` columns, an ellipsis at the end when it is cut; never a grapheme in half. */
function cut(value: string, max: number): string {
  const text = printable(value);
  if (displayWidth(text) <= max) return text;
  let kept = '';
  let width = 0;
  for (const { segment } of graphemes.segment(text)) {
    const next = graphemeWidth(segment);
    if (width + next > max - 1) break;
    kept += segment;
    width += next;
  }
  return `${kept}…`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A span of time in the largest unit that keeps it readable: `45 min`, `5 hr`, `3 days`. */
function spanOf(ms: number, locale: Locale): string {
  const [unit, size] = ms < HOUR ? (['minute', MINUTE] as const) : ms < 48 * HOUR ? (['hour', HOUR] as const) : (['day', 24 * HOUR] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(Math.floor(Math.max(0, ms) / size));
}

/**
 * The 24-hour clock, as the inbox shows it: for a lead still pending, the time left to call back or how
 * long that is overdue; nothing once someone has called.
 */
function clockOf(lead: LeadSummary, now: Date, locale: Locale, t: LeadsCommandTexts): { text: string; overdue: boolean } {
  if (lead.status !== 'pending') return { text: '', overdue: false };
  const left = callbackDeadline(lead.created_at).getTime() - now.getTime();
  return left > 0
    ? { text: format(t.left, { time: spanOf(left, locale) }), overdue: false }
    : { text: format(t.overdue, { time: spanOf(-left, locale) }), overdue: true };
}

/** A status as the inbox names it in the language: "Чака", "Pending". */
export const statusLabel = (status: LeadStatus, locale: Locale) => inboxTexts[locale].statuses[status];
/** A service as the booking dialog names it in the language; a value no longer offered, as stored. */
export const serviceLabel = (service: string, locale: Locale) => (isService(service) ? bookingTexts[locale].services[service] : service);

/** The leads as a table with a header, unseen ones marked, overdue clocks in red where colour is wanted. */
export function tableOf(leads: LeadSummary[], now: Date, locale: Locale, t: LeadsCommandTexts, colour: boolean): string {
  const h = t.headers;
  const rows = leads.map((lead) => {
    const clock = clockOf(lead, now, locale, t);
    return {
      cells: [
        lead.seen_at === null ? '•' : ' ',
        cut(lead.first_name, 20),
        cut(lead.business_name, 24),
        cut(serviceLabel(lead.service, locale), 32),
        statusLabel(lead.status, locale),
        dateTimeText(lead.created_at, locale),
        spanOf(now.getTime() - Date.parse(lead.created_at), locale),
        clock.text,
      ],
      overdue: clock.overdue,
    };
  });
  const header = [' ', h.name, h.business, h.service, h.status, h.received, h.age, h.clock];
  const widths = header.map((title, i) => Math.max(displayWidth(title), ...rows.map((r) => displayWidth(r.cells[i]!))));
  const line = (cells: string[], overdue = false) =>
    cells
      .map((cell, i) => {
        const padded = i === cells.length - 1 ? cell : cell + ' '.repeat(widths[i]! - displayWidth(cell));
        return overdue && colour && i === cells.length - 1 ? styleText('red', padded) : padded;
      })
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map((r) => line(r.cells, r.overdue))].join('\n');
}
