// Text as either database keeps it, so that what a request is answered with is what is stored, on both.

/** A UTF-16 surrogate pair (kept), or a surrogate standing alone (replaced). No lookbehind: old Safari. */
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;

/**
 * `value` without NUL characters, and with any lone surrogate replaced by U+FFFD. PostgreSQL refuses a
 * NUL in text (error 22021), so a request holding one failed as if the database were down, and was
 * retried in vain; SQLite kept it. A lone surrogate (JSON can carry `"\ud800"`; no keyboard types one)
 * has no UTF-8 form: both drivers wrote U+FFFD in its place, so the stored lead differed from the
 * request and a replay of that request was refused as "other details". Neither is something a person
 * meant to type, so both are dropped here, before validation, as spaces at the ends are.
 */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '').replace(SURROGATES, (c) => (c.length === 2 ? c : '\uFFFD'));
}
