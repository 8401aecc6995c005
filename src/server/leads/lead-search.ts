// What the inbox's search compares: a lead's name, email, business and phone folded once, when the lead
// is written, into one column, and a search folded the same way. The folding happens here, in
// JavaScript, because neither database can be trusted with it: SQLite's lower() and LIKE only fold
// ASCII, and PostgreSQL's lower() folds Cyrillic only under a UTF-8 ctype the database may not have
// (docs/decisions/010-inbox-queries.md).
import type { DiscoveryCallInput } from '../../shared/booking.ts';

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

/** The column `search_text` of a lead. */
export function leadSearchText(lead: Pick<DiscoveryCallInput, 'first_name' | 'email' | 'business_name' | 'phone'>): string {
  return [lead.first_name, lead.email, lead.business_name, phoneDigits(lead.phone)].map(fold).join(SEPARATOR);
}

/**
 * What to look for in `search_text`: the search folded, or, when it is written like a phone number
 * (digits and phone punctuation only), its digits, so `88 123-45` finds `+359 (88) 1234567`. Empty
 * when nothing is left to look for.
 */
export function searchTerm(search: string): string {
  const trimmed = search.trim();
  if (PHONE_LIKE.test(trimmed) && /\d/.test(trimmed)) return phoneDigits(trimmed);
  return fold(trimmed);
}
