// A lead's phone number in E.164 (`+359888123456`), beside the number as the visitor typed it. Made on
// the server only, when a lead is stored: the booking form keeps its light rule (six digits somewhere,
// shared/booking.ts) and ships no phone metadata (docs/decisions/031-phone-numbers.md).
//
// libphonenumber-js with its `min` metadata: each country's lengths and leading digits, not the ranges
// of each number type that `max` adds. The E.164 form is what the visitor typed, written the one way
// a dialer and a search can rely on; whether the number is assigned today is not ours to judge, and
// `max` would drop the E.164 of a number in a range opened after the installed release.
import { createHash } from 'node:crypto';
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { address } from '../../content/site.ts';

/** The country of a number typed without a prefix (`0888 123 456`): where the business is. */
const DEFAULT_COUNTRY: CountryCode = (() => {
  const country = address.addressCountry;
  if (!isSupportedCountry(country)) throw new Error(`No phone numbering for the business's country ${country}`);
  return country;
})();

/** The business's country (`BG`), where a number typed without a prefix is. */
export const BUSINESS_COUNTRY: CountryCode = DEFAULT_COUNTRY;

/** The country an E.164 number belongs to (`BG`); undefined where its calling code is shared and its digits say no more. */
/** A number in E.164 as the site remembers it without writing it out (a call's dedupe key, a refusal of AI calls): its SHA-256, hex. */
export const phoneHash = (e164: string): string => createHash('sha256').update(e164).digest('hex');

export const phoneCountry = (e164: string): string | undefined => parsePhoneNumberFromString(e164)?.country;

/** The default country's calling code (`359`): a number's national `0` stands for it. */
export const DEFAULT_CALLING_CODE: string = getCountryCallingCode(DEFAULT_COUNTRY);

/**
 * The number in E.164 (`+` and up to 15 digits), or null for one that cannot be a phone number (a
 * length or leading digits no country has). A number without a prefix is the business's country's;
 * `00` is taken for `+`. An extension (`ext. 12`) is not part of E.164 and is left out.
 */
export function phoneE164(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed, DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}
