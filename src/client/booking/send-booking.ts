// Sending the dialog's request, apart from the dialog's drawing: the time trap's token (asked for as the
// dialog opens, and once more at the send if none came), the honeypot as the form holds it, the request
// itself (submit-booking.ts) and the funnel's "sent".
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { BookingTexts } from '../../content/i18n/booking.ts';
import type { BookingDraft } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import { DEFAULT_MIN_FILL_SECONDS, HONEYPOT_FIELD } from '../../shared/spam.ts';
import { reportStep } from '../visit.ts';
import type { CallbackOffer } from '../../shared/callback-offer.ts';
import { fetchFormToken } from './form-token.ts';
import { submitBooking, type SubmitResult } from './submit-booking.ts';

/** The time trap's token (shared/spam.ts): asked for each time the dialog opens. */
export type FormTokenRef = RefObject<Promise<string | undefined> | undefined>;

/**
 * The token of this opening, and Alex's call where the server offers it (its answer says so: the page
 * is the same on every deployment). The offer is the one of the latest opening.
 */
export function useFormToken(open: boolean): { formToken: FormTokenRef; callback: CallbackOffer | undefined } {
  const token = useRef<Promise<string | undefined>>(undefined);
  const [callback, setCallback] = useState<CallbackOffer>();
  useEffect(() => {
    if (!open) return;
    const answer = fetchFormToken();
    token.current = answer.then((a) => a?.token);
    let current = true;
    void answer.then((a) => {
      if (current) setCallback(a?.callback);
    });
    return () => {
      current = false;
    };
  }, [open]);
  return { formToken: token, callback };
}

export interface Sending {
  draft: BookingDraft;
  locale: Locale;
  idempotencyKey: string;
  texts: BookingTexts;
  formToken: FormTokenRef;
  /** The form, whose honeypot field a person never reaches. */
  form: HTMLFormElement | null;
  /** The visitor asked Alex to call. */
  callNow?: boolean;
}

/** Sends the request with its traps; a stored one is reported to the funnel. */
export async function sendBooking({ draft, locale, idempotencyKey, texts, formToken, form, callNow }: Sending): Promise<SubmitResult> {
  let token = await formToken.current;
  if (!token) {
    // None came when the dialog opened (a network blip): one now, and the pause a person takes anyway,
    // so the request is not taken for too fast.
    formToken.current = fetchFormToken().then((a) => a?.token);
    token = await formToken.current;
    if (token) await new Promise((resolve) => window.setTimeout(resolve, DEFAULT_MIN_FILL_SECONDS * 1000 + 200));
  }
  const honeypot = (form?.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '';
  const result = await submitBooking(draft, locale, idempotencyKey, texts, fetch, { formToken: token, honeypot, ...(callNow ? { callNow } : {}) });
  if (result.ok) reportStep('sent', locale);
  return result;
}
