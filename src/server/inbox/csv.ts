// The leads as CSV, for a spreadsheet or another tool: RFC 4180 (CRLF between records, a field quoted
// when it holds a comma, a quote or a line break, quotes doubled), UTF-8 with a byte order mark so
// Excel reads Cyrillic as Cyrillic rather than as its ANSI code page. It streams: leads are pulled from
// the store only as fast as the reader takes the text, so 100,000 of them cost no more memory than ten.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { ATTRIBUTION_KEYS } from '../../shared/attribution.ts';
import type { LeadDetail } from '../../shared/inbox.ts';

/**
 * The columns, each a field of LeadDetail, in the order a person reads a lead: when, who, what, where it
 * stands, and the id last. The headers are the field names themselves, in English whatever the
 * operator's language: the same names as the webhook's JSON and the API, so a mapping set up once in a
 * spreadsheet import, n8n or a CRM keeps working, and the values below them (services, statuses,
 * languages, UTC times) are the stored, untranslated ones too.
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
  'seen_at',
  'updated_at',
  'privacy_notice_version',
  'privacy_notice_locale',
  ...ATTRIBUTION_KEYS,
  'spam_reason',
  'id',
] as const satisfies readonly (keyof LeadDetail)[];

// Every field of a lead is exported: adding one to LeadDetail without a column fails the typecheck here.
type Missing = Exclude<keyof LeadDetail, (typeof LEAD_CSV_COLUMNS)[number]>;
const everyField: [Missing] extends [never] ? true : Missing = true;
void everyField;

/**
 * The characters that make a spreadsheet read a cell as a formula (`=`, `+`, `-`, `@`), or that it
 * skips before looking for one (tab, carriage return), per OWASP's "CSV Injection"; with their
 * full-width forms, which some East Asian spreadsheet settings read as the same operators.
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;

/**
 * A cell as it is safe to open in a spreadsheet: one that would start a formula gets a single quote in
 * front (OWASP's remedy), the spreadsheets' own mark for "this is text". Every field a visitor typed
 * can carry a formula, the phone included: the booking rules only ask it for six digits somewhere. So
 * the rule holds for phones as well, and it serves them: `+359 88 123 4567` without the quote would be
 * taken by Excel for a formula (an error in the cell) and `+359881234567` for a number (3.59881E+11);
 * with it, Excel keeps the text and hides the quote, so the number reads as the visitor wrote it.
 * LibreOffice and Numbers show the quote in front, and the number after it still reads whole.
 */
export function neutralised(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A lead as a CSV record, in LEAD_CSV_COLUMNS' order; an unseen lead's seen_at is empty. */
export function leadRecord(lead: LeadDetail): string[] {
  return LEAD_CSV_COLUMNS.map((column) => neutralised(lead[column] ?? ''));
}

async function* records(leads: AsyncIterable<LeadDetail>): AsyncGenerator<string[]> {
  for await (const lead of leads) yield leadRecord(lead);
}

/**
 * The CSV of the leads, as a byte stream to pipe or send. It reads the leads only while whoever reads
 * the stream keeps up (Readable.from pulls the next one when its small buffer has room, and pipe()
 * stops it while the CSV side is full), and an error of the leads' source ends the stream with it.
 */
export function leadsCsv(leads: AsyncIterable<LeadDetail>): Readable {
  const source = Readable.from(records(leads));
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...LEAD_CSV_COLUMNS],
    record_delimiter: 'windows',
  });
  source.on('error', (err) => csv.destroy(err));
  // Ending the CSV early (a download cancelled) stops the reading of leads, and with it the query.
  csv.on('close', () => source.destroy());
  return source.pipe(csv);
}
