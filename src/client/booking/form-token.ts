import { FORM_TOKEN_PATH } from '../../shared/spam.ts';

/**
 * The booking form's token (shared/spam.ts), asked for when the dialog opens: it tells the server when
 * that was. Undefined when it could not be had; the dialog asks again when it sends.
 */
export async function fetchFormToken(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const response = await fetchImpl(FORM_TOKEN_PATH, { cache: 'no-store' });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { token?: unknown };
    return typeof body.token === 'string' ? body.token : undefined;
  } catch {
    return undefined;
  }
}
