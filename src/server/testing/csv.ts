// Reading an export back in tests, strictly as RFC 4180 says (no CSV parser among the dependencies):
// records end in CRLF, a field in quotes may hold commas, quotes (doubled) and line breaks, and a quote
// anywhere else, or a bare line feed between records, is an error, so a sloppy file fails the test.
import type { LeadDetail } from '../../shared/inbox.ts';
import { attributionColumns } from '../leads/lead-store.ts';

export const BOM = '\uFEFF';

export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`Not RFC 4180 at character ${i}: ${why}`);
  };
  while (i < text.length) {
    if (text[i] === '"') {
      if (field !== '') fail('a quote inside an unquoted field');
      i++;
      for (;;) {
        if (i >= text.length) fail('a quoted field never closed');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') fail('text after a closing quote');
      continue;
    }
    if (text[i] === ',') {
      row.push(field);
      field = '';
      i++;
      continue;
    }
    if (text[i] === '\r') {
      if (text[i + 1] !== '\n') fail('a carriage return without a line feed');
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
      continue;
    }
    if (text[i] === '\n') fail('a bare line feed');
    field += text[i++];
  }
  if (field !== '' || row.length) fail('the last record does not end in CRLF');
  return rows;
}

/** The records of an export as objects keyed by its header, after checking the BOM is there. */
export function readLeadsCsv(text: string): Record<string, string>[] {
  if (!text.startsWith(BOM)) throw new Error('The CSV does not start with a byte order mark');
  const [header = [], ...rows] = readCsv(text.slice(BOM.length));
  return rows.map((row) => {
    if (row.length !== header.length) throw new Error(`A record of ${row.length} fields under ${header.length} headers`);
    return Object.fromEntries(header.map((name, i) => [name, row[i]!]));
  });
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
    privacy_notice_version: '3f2a9c1b7d4e',
    privacy_notice_locale: 'en',
    ...attributionColumns({ utm_source: 'google', utm_campaign: 'dental-sofia', landing_path: '/bg/' }),
    ...overrides,
  };
}
