import type { CallbackOffer } from '../../shared/callback-offer.ts';
import { FORM_TOKEN_PATH } from '../../shared/spam.ts';
import { callbackOfferOf } from './callback-words.ts';

/** What the dialog is told as it opens: the time trap's token, and Alex's call where the site offers it. */
export interface FormTokenAnswer {
  token: string;
  callback?: CallbackOffer;
}

/**
 * The booking form's token (shared/spam.ts), asked for when the dialog opens: it tells the server when
 * that was. Undefined when it could not be had; the dialog asks again when it sends.
 */
export async function fetchFormToken(fetchImpl: typeof fetch = fetch): Promise<FormTokenAnswer | undefined> {
  try {
    const response = await fetchImpl(FORM_TOKEN_PATH, { cache: 'no-store' });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { token?: unknown; callback?: unknown };
    if (typeof body.token !== 'string') return undefined;
    const callback = callbackOfferOf(body.callback);
    return { token: body.token, ...(callback ? { callback } : {}) };
  } catch {
    return undefined;
  }
}
