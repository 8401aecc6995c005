// What the inbox's search compares: a lead's name, email, business and phone folded once, when the lead
// is written, into one column, and a search folded the same way. The folding happens here, in
// JavaScript, because neither database can be trusted with it: SQLite's lower() and LIKE only fold
// ASCII, and PostgreSQL's lower() folds Cyrillic only under a UTF-8 ctype the database may not have
// (docs/decisions/010-inbox-queries.md).
import type { DiscoveryCallInput } from '../../shared/booking.ts';
import { DEFAULT_CALLING_CODE } from './phone.ts';

/** Between the fields, so a search never matches across two of them: folded text never holds it. */
const SEPARATOR = '\n';

/**
 * Full-width letters as plain ones, every letter in its lower case (Cyrillic included), and each run of
 * whitespace as one space.
 */
export const fold = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The spacing and punctuation a phone number is written with: `+359 (88) 123-45-67`, `0888/123.456`. */
const PHONE_PUNCTUATION = /[\s().+\-/]/g;
const PHONE_LIKE = /^[\d\s().+\-/]+$/;

/** A phone number as its digits alone, however it was typed. */
export const phoneDigits = (phone: string): string => phone.replace(PHONE_PUNCTUATION, '');

/**
 * The column `search_text` of a lead: its name, email and business, and its phone's digits as typed
 * and, where they differ, in E.164 (`0888 123 456` is kept as `0888123456` and `359888123456`).
 */
export function leadSearchText(lead: Pick<DiscoveryCallInput, 'first_name' | 'email' | 'business_name' | 'phone'> & { phone_e164: string | null }): string {
  const typed = phoneDigits(lead.phone);
  const e164 = lead.phone_e164 === null ? '' : phoneDigits(lead.phone_e164);
  const phones = e164 && e164 !== typed ? [typed, e164] : [typed];
  return [lead.first_name, lead.email, lead.business_name, ...phones].map(fold).join(SEPARATOR);
}

/**
 * What to look for in `search_text`, a lead matching any of them; none when nothing is left to look
 * for. A search with letters is folded. One written like a phone number (digits and phone punctuation
 * only) is its digits, so `88 123-45` finds `+359 (88) 1234567`; and where those are written the
 * national way or with `00`, its digits in E.164 as well: a leading `00` stands for `+` (`00359 888`
 * as `359888`), a single leading `0` for the business's country's calling code (`0888` as `359888`).
 * The digits as written still count, for a lead whose number has no E.164 (one stored before it was
 * kept, or one that cannot be read as a number).
 */
export function searchTerms(search: string): string[] {
  const trimmed = search.trim();
  if (!PHONE_LIKE.test(trimmed) || !/\d/.test(trimmed)) {
    const term = fold(trimmed);
    return term ? [term] : [];
  }
  const digits = phoneDigits(trimmed);
  const written = trimmed.replace(/[^\d+]/g, '');
  const international = written.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : digits.startsWith('0') ? DEFAULT_CALLING_CODE + digits.slice(1) : digits;
  return international && international !== digits ? [digits, international] : [digits];
}
