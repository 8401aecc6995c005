// What the booking dialog is told of Alex's calls back (server/notifications/channels/callback.ts):
// whether Alex would phone now or at the calling hours' next opening, and from which number. The same
// shape answers GET /api/form-token (what the dialog offers) and a booking that asked for the call
// (what was agreed to), so the thank-you step says what the choice said.
import { z } from './zod.ts';

export const callbackOfferJson = z.object({
  open: z.boolean().describe('Within the calling hours: Alex calls at once.'),
  opensAt: z.string().optional().describe('Outside them: when they next open, when Alex calls (ISO 8601).'),
  from: z.string().optional().describe('The number the call comes from, in E.164 (CALLBACK_FROM_NUMBER); none when unset.'),
  fromDisplay: z.string().optional().describe('The same number written for people, such as +359 88 123 4567.'),
});
export type CallbackOffer = z.output<typeof callbackOfferJson>;
