// The leads as CSV, for a spreadsheet or another tool, in one of two shapes (EXPORT_SHAPES): `csv`,
// RFC 4180 with commas, and `excel`, with semicolons, the separator Excel expects where the decimal mark
// is a comma (Bulgarian, German…), so a double click opens it in columns. Both: UTF-8 with a byte order
// mark so Excel reads Cyrillic as Cyrillic, CRLF between records, a field quoted when it holds the
// separator, a quote or a line break (quotes doubled), a header in the operator's language and Sofia's
// times as "2026-11-26 23:18"; the coded values (a status, a service…) as words in that language in the
// `excel` shape and as their codes in the `csv` one, either by asking (`values`; decision 047). The
// reasons are in docs/decisions/030-csv-for-excel.md. It streams: leads
// are pulled from the store only as fast as the reader takes the text, so 100,000 of them cost no more
// memory than ten.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { adminMessages } from '../../content/i18n/admin-messages.ts';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { dictionaries } from '../../content/i18n/index.ts';
import { inboxTexts, viaNames } from '../../content/i18n/inbox.ts';
import { ATTRIBUTION_KEYS } from '../../shared/attribution.ts';
import type { ExportShape, ExportValues, LeadDetail } from '../../shared/inbox.ts';
import { sheetDateTimeText } from '../../shared/inbox-time.ts';
import type { Locale } from '../../shared/locale.ts';

/**
 * The columns, each a field of LeadDetail, in the order a person reads a lead: when, who, what, where it
 * stands, and the id last. Each has its header in admin-messages.ts (`csvColumns`) or, for the
 * attribution, the lead page's label.
 */
export const LEAD_CSV_COLUMNS = [
  'created_at',
  'first_name',
  'business_name',
  'email',
  'phone',
  'phone_e164',
  'service',
  'product',
  'custom_service',
  'status',
  'locale',
  'source',
  'seen_at',
  'updated_at',
  'privacy_notice_version',
  'privacy_notice_locale',
  'callback_consent_at',
  'callback_consent_version',
  ...ATTRIBUTION_KEYS,
  'spam_reason',
  'id',
] as const satisfies readonly (keyof LeadDetail)[];
type Column = (typeof LEAD_CSV_COLUMNS)[number];

// Every field of a lead is exported: adding one to LeadDetail without a column fails the typecheck here.
type Missing = Exclude<keyof LeadDetail, Column>;
const everyField: [Missing] extends [never] ? true : Missing = true;
void everyField;

/** The instants among the columns: written as Sofia's wall clock, which spreadsheets read as a date and time. */
const TIME_COLUMNS: ReadonlySet<Column> = new Set(['created_at', 'seen_at', 'updated_at', 'callback_consent_at']);

const SEPARATORS: Record<ExportShape, string> = { csv: ',', excel: ';' };

/** The header row in the language: a column without a header of its own (yet) is named by its field. */
export function csvHeaders(locale: Locale): string[] {
  const names: Partial<Record<string, string>> = { ...inboxTexts[locale].lead.attribution, ...adminMessages[locale].csvColumns };
  return LEAD_CSV_COLUMNS.map((column) => names[column] ?? column);
}

/**
 * The characters that make a spreadsheet read a cell as a formula (`=`, `+`, `-`, `@`), or that it
 * skips before looking for one (tab, carriage return), per OWASP's "CSV Injection"; with their
 * full-width forms, which some East Asian spreadsheet settings read as the same operators.
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;
/**
 * The same after a line break inside the cell (a tool that splits a cell into lines must meet no formula
 * either), and after a `;`: Excel set to semicolons (most of Europe) splits the comma shape at each `;`,
 * quotes or not (a quote that does not open a field is a character to it), so `x;=1+2;` would put
 * `=1+2` in a cell of its own.
 */
const FORMULA_AFTER_BREAK = /(\r\n|\r|\n|;)(?=[=+\-@\t＝＋－＠])/g;
/** A cell that is a number with its sign and nothing else (an E.164 phone): no formula can stand in it. */
const SIGNED_NUMBER = /^[+-]\d+(?:\.\d+)?$/;

/**
 * A cell as it is safe to open in a spreadsheet: one that would start a formula, at its start or after
 * a line break within it, gets a single quote in front (OWASP's remedy). Every field a visitor typed can
 * carry a formula, the phone included: the booking rules only ask it for six digits somewhere.
 */
export function neutralised(cell: string): string {
  // Kept as it is, so a tool reads a valid E.164 (`+359888123456`) rather than `'+359…`.
  if (SIGNED_NUMBER.test(cell)) return cell;
  const guarded = cell.replace(FORMULA_AFTER_BREAK, "$1'");
  return FORMULA_START.test(guarded) ? `'${guarded}` : guarded;
}

/**
 * What Excel would turn into a number on opening: digits (with a phone's spacing and punctuation) after
 * a leading zero or a plus, which it would drop or read as a formula, or twelve digits and more, which it
 * shows as 3.59881E+11.
 */
const NUMBER_TO_KEEP = /^(?:[+0][\d ()./-]*\d|\d{12,})$/;

/**
 * A cell of the Excel shape: a number Excel would change is written as the formula ="0888123456",
 * which Excel evaluates to that text and shows as typed (an apostrophe in front, its mark for text
 * when typed, shows as an apostrophe in a CSV it opens). Only digits and a phone's punctuation go inside
 * it, so no visitor's text becomes a formula; everything else is neutralised as in the CSV shape.
 */
export function excelCell(cell: string): string {
  return NUMBER_TO_KEEP.test(cell) ? `="${cell}"` : neutralised(cell);
}

const CELL: Record<ExportShape, (cell: string) => string> = { csv: neutralised, excel: excelCell };

/** The columns that hold a phone: kept as text in the Excel shape however it was typed. */
const PHONE_COLUMNS: ReadonlySet<Column> = new Set(['phone', 'phone_e164']);
/** Digits with a phone's punctuation and nothing else: what Excel would read as a number, or a date. */
const PHONE_DIGITS = /^\+?[\d ()./-]*\d$/;

/**
 * A phone in the Excel shape: as text whenever Excel would read it as something else, also when it was
 * typed without a 0 or a + (`888123456` would be a number, `888-12-34` a date); anything else in it is
 * a visitor's text, neutralised.
 */
export const excelPhone = (cell: string): string => (PHONE_DIGITS.test(cell) ? `="${cell}"` : neutralised(cell));

/** The coded columns and their words in a language, as the inbox shows them; a code without a word stays as it is. */
function wordsOf(locale: Locale): Partial<Record<Column, Record<string, string>>> {
  const t = inboxTexts[locale];
  return {
    status: t.statuses,
    service: bookingTexts[locale].services,
    product: dictionaries[locale].products,
    locale: t.locales,
    privacy_notice_locale: t.locales,
    source: viaNames(t),
    spam_reason: t.spam.reasons,
  };
}

/** Whether a shape writes the coded values as words when not asked: the one for people does. */
export const defaultValues = (shape: ExportShape): ExportValues => (shape === 'excel' ? 'words' : 'codes');

/**
 * A lead as a record of the shape, in LEAD_CSV_COLUMNS' order; an unseen lead's seen_at is empty. With
 * `words`, the coded values in that language.
 */
export function leadRecord(lead: LeadDetail, shape: ExportShape = 'csv', words?: Partial<Record<Column, Record<string, string>>>): string[] {
  return LEAD_CSV_COLUMNS.map((column) => {
    const value = lead[column];
    if (value === null || value === '') return '';
    if (TIME_COLUMNS.has(column)) return sheetDateTimeText(value);
    if (shape === 'excel' && PHONE_COLUMNS.has(column)) return excelPhone(value);
    return CELL[shape](words?.[column]?.[value] ?? value);
  });
}

async function* records(leads: AsyncIterable<LeadDetail>, shape: ExportShape, words?: Partial<Record<Column, Record<string, string>>>): AsyncGenerator<string[]> {
  for await (const lead of leads) yield leadRecord(lead, shape, words);
}

export interface CsvOptions {
  shape: ExportShape;
  /** The headers' language, and the words' when the values are words. */
  locale: Locale;
  /** The coded values as words or codes; by default as the shape has them (defaultValues). */
  values?: ExportValues;
}

/**
 * The CSV of the leads, as a byte stream to pipe or send. It reads the leads only while whoever reads
 * the stream keeps up (Readable.from pulls the next one when its small buffer has room, and pipe()
 * stops it while the CSV side is full), and an error of the leads' source ends the stream with it.
 */
export function leadsCsv(leads: AsyncIterable<LeadDetail>, { shape, locale, values = defaultValues(shape) }: CsvOptions): Readable {
  const source = Readable.from(records(leads, shape, values === 'words' ? wordsOf(locale) : undefined));
  const csv = stringify({
    bom: true,
    header: true,
    columns: csvHeaders(locale),
    delimiter: SEPARATORS[shape],
    record_delimiter: 'windows',
    // csv-stringify quotes a field with the separator, a quote or a line break; a lone CR or LF too, and
    // a `;` in either shape, stated here: Excel set to semicolons keeps a quoted field whole where it
    // starts one (the guard after a `;` covers the fields it splits elsewhere).
    quoted_match: /[\r\n;]/,
  });
  source.on('error', (err) => csv.destroy(err));
  // Ending the CSV early (a download cancelled) stops the reading of leads, and with it the query.
  csv.on('close', () => source.destroy());
  return source.pipe(csv);
}
