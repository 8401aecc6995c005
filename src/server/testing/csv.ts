// Reading an export back in tests with csv-parse, strictly: records end in CRLF, every record has the
// header's number of fields, and a line break inside a field counts only where the field is quoted (the
// file is read a second time taking a lone CR or LF for the end of a record too, and must come out the
// same), so a sloppy file fails the test.
import { parse } from 'csv-parse/sync';
import type { ExportShape, LeadDetail } from '../../shared/inbox.ts';
import type { Locale } from '../../shared/locale.ts';
import { attributionColumns } from '../leads/lead-store.ts';
import { csvHeaders, LEAD_CSV_COLUMNS } from '../inbox/csv.ts';

export const BOM = '\uFEFF';

const SEPARATORS: Record<ExportShape, string> = { csv: ',', excel: ';' };

/** The records of a CSV without its BOM, with the shape's separator. */
export function readCsv(text: string, shape: ExportShape = 'csv'): string[][] {
  if (text && !text.endsWith('\r\n')) throw new Error('The last record does not end in CRLF');
  const read = (record_delimiter: string[]) =>
    parse(text, { delimiter: SEPARATORS[shape], record_delimiter, relax_quotes: false, relax_column_count: false }) as string[][];
  const records = read(['\r\n']);
  const anyBreak = read(['\r\n', '\n', '\r']);
  if (JSON.stringify(anyBreak) !== JSON.stringify(records)) throw new Error('A line break outside quotes');
  return records;
}

/**
 * The records of an export as objects keyed by the lead's fields, after checking the BOM is there and
 * the header is the language's.
 */
export function readLeadsCsv(text: string, { shape = 'csv', locale = 'en' }: { shape?: ExportShape; locale?: Locale } = {}): Record<string, string>[] {
  if (!text.startsWith(BOM)) throw new Error('The CSV does not start with a byte order mark');
  const [header = [], ...rows] = readCsv(text.slice(BOM.length), shape);
  if (JSON.stringify(header) !== JSON.stringify(csvHeaders(locale))) throw new Error(`Not the ${locale} header: ${header.join(' | ')}`);
  return rows.map((row) => Object.fromEntries(LEAD_CSV_COLUMNS.map((name, i) => [name, row[i]!])));
}

/** A lead as the inbox hands it out, for tests that need one without a database. */
export function leadDetail(overrides: Partial<LeadDetail> = {}): LeadDetail {
  return {
    id: '0b6f5a4e-3c2d-4e1f-9a8b-7c6d5e4f3a2b',
    first_name: 'Elena',
    business_name: 'Elena Dental',
    email: 'elena@example.com',
    phone: '0888 123 456',
    phone_e164: '+359888123456',
    service: 'Support Automation',
    product: 'Customer Support Chat Assistant',
    custom_service: '',
    status: 'pending',
    locale: 'en',
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    seen_at: null,
    spam_reason: null,
    source: 'form',
    privacy_notice_version: '3f2a9c1b7d4e',
    privacy_notice_locale: 'en',
    callback_consent_at: null,
    callback_consent_version: null,
    ...attributionColumns({ utm_source: 'google', utm_campaign: 'dental-sofia', landing_path: '/bg/' }),
    ...overrides,
  };
}
