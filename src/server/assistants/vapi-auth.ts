// Whether a message to POST /api/vapi comes from Vapi: it carries VAPI_SERVER_SECRET in the
// `x-vapi-secret` header (Vapi's "Bearer token" credential, with that header name), or an HMAC-SHA256 of
// `<timestamp>.<raw body>` keyed with it (Vapi's HMAC credential: signature header `x-signature`,
// timestamp header `x-timestamp`, hex; a `sha256=` prefix is allowed). Both compared in constant time.
// A signed message older or newer than five minutes is refused, so a captured one cannot be replayed
// later.
import { hmac, sameText } from '../core/signer.ts';

const SIGNATURE_WINDOW_MS = 5 * 60_000;

/** Equal strings, compared in time that tells nothing of where they differ. */
export const sameSecret = sameText;

/** A timestamp in seconds or milliseconds since 1970, or an ISO-8601 time, as milliseconds. */
function timestampMs(value: string): number | undefined {
  if (/^\d{9,11}$/.test(value)) return Number(value) * 1000;
  if (/^\d{12,14}$/.test(value)) return Number(value);
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** Whether a signature's timestamp is within the window: checked before the body is read. */
export function freshTimestamp(value: string, now: number = Date.now()): boolean {
  const at = timestampMs(value.trim());
  return at !== undefined && Math.abs(now - at) <= SIGNATURE_WINDOW_MS;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

export function isFromVapi(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  secret: string,
  now: number = Date.now(),
): boolean {
  const shared = header(headers, 'x-vapi-secret');
  if (shared !== undefined) return sameSecret(shared, secret);
  const signature = header(headers, 'x-signature')?.replace(/^sha256=/i, '').trim();
  const timestamp = header(headers, 'x-timestamp')?.trim();
  if (!signature || !timestamp) return false;
  const at = timestampMs(timestamp);
  if (at === undefined || Math.abs(now - at) > SIGNATURE_WINDOW_MS) return false;
  const expected = hmac(secret, `${timestamp}.${rawBody}`, 'hex');
  return sameSecret(signature.toLowerCase(), expected);
}

/** The headers of a message signed as Vapi's HMAC credential signs it: for the tests and the stand-ins. */
export function vapiSignature(rawBody: string, secret: string, timestamp: string): Record<string, string> {
  return { 'x-timestamp': timestamp, 'x-signature': hmac(secret, `${timestamp}.${rawBody}`, 'hex') };
}
