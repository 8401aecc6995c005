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

/**
 * The controls that change the direction of the text after them (embeddings, overrides, isolates and
 * their ends): in a name they can make `exe.png` read `gnp.exe` or move text around it.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * `value` with each direction control shown as its code, `[U+202E]`, for the operator's eyes: what a
 * visitor stored is shown as it is, without it rearranging the inbox. The marks that only give a
 * neutral character a direction (U+200E, U+200F, U+061C) are part of right-to-left writing and stay.
 */
export function shownDirectionControls(value: string): string {
  return value.replace(DIRECTION_CONTROLS, (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase()}]`);
}
