import type { BookingTexts } from '../../content/i18n/booking.ts';
import { tooManyRequestsText } from '../../content/i18n/format.ts';
import type { BookingDraft, Field } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '../../shared/spam.ts';
import { firstTouch } from '../visit.ts';
import type { CallbackOffer } from '../../shared/callback-offer.ts';
import { callbackOfferOf } from './callback-words.ts';

/** What the spam traps (shared/spam.ts) add to a request: the dialog's token, and the honeypot if filled in. */
export interface SpamTraps {
  formToken?: string | undefined;
  honeypot?: string;
}

/** What a request carries beside the form's fields: the spam traps, and the visitor's choices around them. */
export interface RequestExtras extends SpamTraps {
  /** The visitor asked Alex to call (`call_now`). */
  callNow?: boolean;
}

export type SubmitResult =
  | {
      ok: true;
      id: string;
      meetingToken?: string;
      /** Alex calls, now or when the answer says: the visitor asked, and Alex calls their number. */
      callback?: CallbackOffer;
    }
  | {
      ok: false;
      message: string;
      fields?: Partial<Record<Field, string>>;
      /** The form's key already stored other details: a new key makes the next send a new request. */
      renewKey?: true;
    };

/**
 * Waits before sending again what never got our API's answer: an instance stopping in a deploy (its
 * 503 while closing), the proxy finding none for a moment (502, 503, 504), a dropped connection.
 * The same idempotency key goes each time, so a send that did arrive is never stored twice.
 */
export const RETRY_DELAYS_MS = [400, 1200];

/** An answer of the proxy or of a server shutting down, not of our API: worth sending again. */
const passing = (status: number, body: Record<string, unknown> | null) =>
  (status === 502 || status === 503 || status === 504) && !(body && typeof body.error === 'string' && body.retryable === true);

/**
 * Sends the request to our API, again after a short wait while what answers is not our API
 * (RETRY_DELAYS_MS). The messages: the server's own message when it gave one, "Failed to submit
 * form" when it gave none, and the "Please try again" text when the request never got our API's
 * answer. Two answers get the dialog's own words, in the page's language: over the limit (429), when
 * to try again, from Retry-After; and an earlier send of this form that reached us with other details
 * (422).
 */
export async function submitBooking(
  draft: BookingDraft,
  locale: Locale,
  idempotencyKey: string,
  texts: Pick<BookingTexts, 'failed' | 'failedRetry' | 'tooManyRequests' | 'alreadySent'>,
  fetchImpl: typeof fetch = fetch,
  traps: RequestExtras = {},
  retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
): Promise<SubmitResult> {
  const payload = JSON.stringify({
    ...draft,
    locale,
    attribution: firstTouch(),
    [FORM_TOKEN_FIELD]: traps.formToken,
    ...(traps.honeypot ? { [HONEYPOT_FIELD]: traps.honeypot } : {}),
    ...(traps.callNow ? { call_now: true } : {}),
  });
  /** Our API's answer, or undefined when the proxy or a closing instance answered, or nothing did. */
  const send = async (): Promise<{ response: Response; body: Record<string, unknown> | null } | undefined> => {
    try {
      const response = await fetchImpl('/api/discovery-calls', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: payload,
      });
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (!passing(response.status, body)) return { response, body };
      console.error('Booking request not answered by the site', response.status);
    } catch (err) {
      console.error('Booking request failed', err);
    }
    return undefined;
  };
  let answer = await send();
  for (const delay of retryDelaysMs) {
    if (answer) break;
    await new Promise((resolve) => setTimeout(resolve, delay));
    answer = await send();
  }
  if (!answer) return { ok: false, message: texts.failedRetry };
  const { response, body } = answer;
  if (response.ok && typeof body?.id === 'string') {
    const callback = callbackOfferOf(body.callback);
    return {
      ok: true,
      id: body.id,
      ...(typeof body.meetingToken === 'string' ? { meetingToken: body.meetingToken } : {}),
      ...(callback ? { callback } : {}),
    };
  }
  console.error('Booking request rejected', response.status, body);
  const wait = Number(response.headers.get('retry-after'));
  if (response.status === 429 && Number.isFinite(wait) && wait > 0) {
    return { ok: false, message: tooManyRequestsText(texts, wait) };
  }
  if (response.status === 422) return { ok: false, message: texts.alreadySent, renewKey: true };
  const message = typeof body?.error === 'string' && body.error ? body.error : texts.failed;
  const fields =
    body?.fields && typeof body.fields === 'object'
      ? (body.fields as Partial<Record<Field, string>>)
      : undefined;
  return fields ? { ok: false, message, fields } : { ok: false, message };
}
