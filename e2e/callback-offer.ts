// Alex's call back as the booking dialog meets it, on a server where the callback channel is not set
// up: the form token's answer gets the offer a configured server gives (server/booking/callback-offer.ts),
// and a booking that asked for the call gets it back, as such a server answers. Everything else goes to
// the server as it is; no call is ever placed.
import type { Page } from '@playwright/test';
import type { CallbackOffer } from '../src/shared/callback-offer.ts';
import { FORM_TOKEN_PATH } from '../src/shared/spam.ts';

export const FROM_NUMBER = { from: '+359881234567', fromDisplay: '+359 88 123 4567' };

/** Within the calling hours. */
export const OPEN_NOW: CallbackOffer = { open: true, ...FROM_NUMBER };

/** Outside them, from Monday 14 December 2026 (visual-fixtures.ts's NOW): Tuesday 09:00 in Sofia. */
export const OPENS_TOMORROW: CallbackOffer = { open: false, opensAt: '2026-12-15T07:00:00.000Z', ...FROM_NUMBER };

/** The server's answers with `offer` in them; the bodies of the bookings sent, as the page sent them. */
export async function offerCallback(page: Page, offer: CallbackOffer): Promise<Record<string, unknown>[]> {
  const sent: Record<string, unknown>[] = [];
  await page.route(`**${FORM_TOKEN_PATH}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), callback: offer } });
  });
  await page.route('**/api/discovery-calls', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    sent.push(body);
    const response = await route.fetch();
    const answer = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: response.ok() && body.call_now === true ? { ...answer, callback: offer } : answer });
  });
  return sent;
}
