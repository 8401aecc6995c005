// Where a lead came from, as the page saw it on the visitor's first arrival (first touch): the campaign
// tags of the address it landed on, the ad click ids, the referring site's host and the landing path.
// The page keeps them in the tab (client/visit.ts) and sends them with a booking; the server keeps only
// the known keys, each a capped string (parseAttribution). Nothing here knows about the DOM or Node.

/** The keys, in the order the inbox shows them; each is also the lead's column of the same name. */
export const ATTRIBUTION_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'referrer_host',
  'landing_path',
] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

/** The tags the landing address carries, read from its query string under their own names. */
export const ATTRIBUTION_PARAMS = ATTRIBUTION_KEYS.slice(0, 7) as readonly AttributionKey[];

/** The longest value kept, in characters: a longer one is cut to this. */
export const ATTRIBUTION_MAX = 200;

export type Attribution = Partial<Record<AttributionKey, string>>;

// Control characters (a line break or a null byte has no place in a tag) go, and so do the lone halves
// of surrogate pairs (neither database can hold one): a pair is kept whole, a half alone dropped. Done
// here rather than with storableText (text.ts): this module is in the page's first script, and sharing
// text.ts with the booking dialog's chunk made the bundler split that script in two.
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u001f\u007f]|([\uD800-\uDBFF][\uDC00-\uDFFF])|[\uD800-\uDFFF]/g;

/** One value as it is kept: trimmed, cleaned, cut to ATTRIBUTION_MAX (never through a surrogate pair); empty is none. */
export function attributionValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let text = value.replace(UNWANTED, (_c, pair?: string) => pair ?? '').trim();
  if (text.length > ATTRIBUTION_MAX) {
    text = text.slice(0, ATTRIBUTION_MAX);
    if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text || undefined;
}

/**
 * What a booking's `attribution` may carry: the known keys whose values are strings, each cleaned and
 * capped; anything else (unknown keys, other types, a value that is not an object) is dropped, never
 * refused: a lead is worth more than its tags.
 */
export function parseAttribution(value: unknown): Attribution {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const input = value as Record<string, unknown>;
  const kept: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const text = Object.hasOwn(input, key) ? attributionValue(input[key]) : undefined;
    if (text) kept[key] = text;
  }
  return kept;
}
