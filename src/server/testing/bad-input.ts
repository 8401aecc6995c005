// The hostile material the bad-input suite (http/bad-input.test.ts) builds its requests from, as fast-check
// arbitraries: text no form would send, JSON of any shape (with keys JSON.parse turns into traps),
// JSON that is not JSON, and the headers a client can send over HTTP.
import fc from 'fast-check';
import { adminMessages } from '../../content/i18n/admin-messages.ts';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';

/** Text that has broken servers before: SQL, HTML and spreadsheet metacharacters, Unicode's corners. */
export const HOSTILE_TEXTS = [
  // SQL
  "'; DROP TABLE discovery_calls; --",
  "' OR '1'='1",
  '" OR 1=1 --',
  "Robert'); DROP TABLE operators;--",
  "%' OR 1=1 --",
  '\\',
  '\\x00',
  // HTML and templates
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '&lt;b&gt;&amp;',
  '{{7*7}}',
  '${7*7}',
  '<!--',
  ']]>',
  // Spreadsheet formulas
  '=HYPERLINK("http://x","y")',
  "=cmd|' /C calc'!A0",
  '+SUM(1)',
  '@SUM(1)',
  // Unicode: NUL, lone surrogates, direction marks, joiners, byte order mark, line separators, combining marks
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00x',
  '\u202Eevil\u202C',
  '\u200F',
  '\u200E',
  '\u200D',
  'a\u200Db',
  '👩‍💻',
  '\uFEFF',
  '\u2028',
  '\u2029',
  '\u00A0',
  '\u3000',
  'e\u0301',
  'ﷺ',
  'İ',
  'ß',
  '\uFFFD',
  '\uFFFF',
  '𝕏',
  'مرحبا',
  'Иванка',
  // Header injection, paths, format strings, words that mean something to a parser
  '\r\nBcc: victim@example.com',
  '\t',
  '   ',
  '',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-0',
  '1e309',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  '%00',
  '%s%s%n',
];

/** The characters hostile text is made of, mixed at random. */
const HOSTILE_CHARACTERS = ['\u0000', '\uD800', '\uDC00', '\u202E', '\u200F', '\u200D', '\uFEFF', 'a', 'ж', '<', '>', '"', "'", '&', '=', '\\', ';', '-', '@', ' ', '\n', '0', '9'];

/** Text of reasonable length that no form would send. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXTS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...HOSTILE_CHARACTERS), maxLength: 20 }),
  fc.array(fc.constantFrom(...HOSTILE_TEXTS), { minLength: 2, maxLength: 4 }).map((parts) => parts.join('')),
);

/** Long text: over every field's limit, and from 6,000 characters up, over the 16 KiB a body may hold. */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 300, max: 9000 }), fc.constantFrom('x', 'ж', '😀', '\u0000', ' ', '<'))
  .map(([n, c]) => c.repeat(n));

/** Any text a field may be sent: hostile, huge or empty. */
export const anyText: fc.Arbitrary<string> = fc.oneof({ weight: 5, arbitrary: hostileText }, { weight: 1, arbitrary: hugeText });

/**
 * A JSON value as a tree, objects as lists of entries: `{"__proto__": …}` must reach the server as
 * written, and an object literal would have set the prototype instead.
 */
export type JsonTree = null | boolean | number | string | JsonTree[] | { entries: [string, JsonTree][] };

export function jsonText(value: JsonTree): string {
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${value.entries.map(([key, v]) => `${JSON.stringify(key)}:${jsonText(v)}`).join(',')}}`;
  }
  // Infinity and NaN have no JSON form: JSON writes null.
  return JSON.stringify(value);
}

/** Keys that mean something to JavaScript or to our endpoints, besides any text. */
export const jsonKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'status', 'id', 'created_at', 'idempotency_key', 'locale', 'email', 'password', ''),
  hostileText,
);

/** A value of any type but a string: what a field of text must refuse. */
export const jsonLeaf: fc.Arbitrary<JsonTree> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, 5e-324),
);

/** Any JSON: nested objects and arrays, hostile keys and text at every level. */
export const jsonTree: fc.Arbitrary<JsonTree> = fc.letrec<{ tree: JsonTree; array: JsonTree[]; object: JsonTree }>((tie) => ({
  tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, jsonLeaf, anyText, tie('array'), tie('object')),
  array: fc.array(tie('tree'), { maxLength: 4 }),
  object: fc.array(fc.tuple(jsonKey, tie('tree')), { maxLength: 5 }).map((entries) => ({ entries })),
})).tree;

/** A field's value of the wrong type: a number, a flag, null, a list or an object. */
export const wrongType: fc.Arbitrary<JsonTree> = fc.oneof(
  jsonLeaf,
  fc.array(jsonTree, { maxLength: 3 }),
  fc.array(fc.tuple(jsonKey, jsonTree), { maxLength: 3 }).map((entries) => ({ entries })),
);

/** JSON a parser may choke on though it is valid, or that is a trap once parsed. */
const ODD_JSON = [
  '1e999',
  '-0',
  '[]',
  '{}',
  'null',
  'true',
  '""',
  '"\\u0000"',
  '{"a":1,"a":2}',
  ' \n\t{} ',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[{"__proto__":{"x":1}}]',
  '{"first_name":"a","first_name":{"$ne":null}}',
  '{"email":{"$gt":""},"password":{"$gt":""}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(1500)}1${'}'.repeat(1500)}`,
];

/** Text that is not JSON at all, or not quite. */
const NOT_JSON = [
  '',
  '{',
  '}',
  '{"first_name": ',
  "{'first_name': 'a'}",
  '{"a":1,}',
  '[1,]',
  'NaN',
  'undefined',
  '{"a":01}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"',
  '/* comment */ {}',
  '{"a":1} // comment',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"line\nbreak"}',
  'first_name=Elena&email=elena%40example.bg',
  '<?xml version="1.0"?><lead/>',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
];

/** A body: JSON of any shape, odd or broken JSON, any text, or bytes that are not UTF-8 at all. */
export const anyBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  jsonTree.map(jsonText),
  fc.constantFrom(...ODD_JSON, ...NOT_JSON),
  // A JSON text cut short anywhere.
  jsonTree.map(jsonText).chain((text) => fc.nat(Math.max(0, text.length - 1)).map((n) => text.slice(0, n))),
  anyText,
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  // JSON in another encoding than the UTF-8 the API reads.
  jsonTree.map((tree) => Buffer.from(jsonText(tree), 'utf16le')),
  jsonTree.map((tree) => Buffer.from(jsonText(tree), 'latin1')),
);

/** Text a header can carry over HTTP: visible ASCII, spaces and bytes over 0x7f (latin1). */
export const headerText: fc.Arbitrary<string> = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

/** Content types a client may claim, the right one among them. */
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=UTF-8',
  'application/json;charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=binary',
  'application/json; charset="utf-8"',
  'APPLICATION/JSON',
  'application/json ; foo=bar',
  'application/problem+json',
  'application/vnd.api+json',
  'text/json',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/',
  ';',
  '*/*',
  'application/json, text/plain',
];

/** A Content-Type header, or none. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: headerText },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** An Accept-Language header, or none: what decides the answer's language where the body does not. */
export const acceptLanguage: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constantFrom('bg', 'en', 'bg-BG,bg;q=0.9,en;q=0.8', 'en-US,en;q=0.9', 'de-DE', '*', 'bg;q=0', 'bg;q=abc, en', 'BG', 'bg-', ';;;,,,', 'en;q=0.1, bg;q=0.2', 'x'.repeat(5000)),
  headerText,
  fc.constant(undefined),
);

/** Headers besides the content type and language, each present or not. */
export const otherHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'idempotency-key': fc.oneof(fc.stringMatching(/^[\w.:-]{1,100}$/), headerText, fc.constant('x'.repeat(101))),
      cookie: fc.oneof(headerText.map((v) => `session=${v}`), headerText, fc.constant('lang=bg; session=')),
      'x-forwarded-for': headerText,
      referer: headerText,
    },
    { requiredKeys: [] },
  )
  .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message template as a pattern: `{placeholder}` stands for any text. */
const patternOf = (template: string) => new RegExp(`^${escapeRegExp(template).replace(/\\\{\w+\\\}/g, '.+')}$`, 's');

/** Every answer of the public API in one language, as patterns. */
const MESSAGE_PATTERNS = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    [...Object.values(apiMessages[locale]), ...Object.values(adminMessages[locale])]
      .filter((text): text is string => typeof text === 'string')
      .map(patternOf),
  ]),
) as Record<Locale, RegExp[]>;

/** The languages of ours a message is written in: one, for a message of ours; none for anything else. */
export function languagesOf(message: string): Locale[] {
  return LOCALES.filter((locale) => MESSAGE_PATTERNS[locale].some((pattern) => pattern.test(message)));
}
