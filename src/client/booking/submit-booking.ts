import type { BookingTexts } from '../../content/i18n/booking.ts';
import type { BookingDraft, Field } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';

export type SubmitResult =
  | { ok: true; id: string }
  | { ok: false; message: string; fields?: Partial<Record<Field, string>> };

/**
 * Sends the request to our API. The messages follow the specification: the server's own message when it
 * gave one, "Failed to submit form" when it gave none, and the "Please try again" text when the
 * request never got an answer.
 */
export async function submitBooking(
  draft: BookingDraft,
  locale: Locale,
  idempotencyKey: string,
  texts: Pick<BookingTexts, 'failed' | 'failedRetry'>,
  fetchImpl: typeof fetch = fetch,
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetchImpl('/api/discovery-calls', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ ...draft, locale }),
    });
  } catch (err) {
    console.error('Booking request failed', err);
    return { ok: false, message: texts.failedRetry };
  }
  const body = (await response.json().catch(() => null)) as {
    id?: unknown;
    error?: unknown;
    fields?: unknown;
  } | null;
  if (response.ok && typeof body?.id === 'string') return { ok: true, id: body.id };
  console.error('Booking request rejected', response.status, body);
  const message = typeof body?.error === 'string' && body.error ? body.error : texts.failed;
  const fields =
    body?.fields && typeof body.fields === 'object'
      ? (body.fields as Partial<Record<Field, string>>)
      : undefined;
  return fields ? { ok: false, message, fields } : { ok: false, message };
}
