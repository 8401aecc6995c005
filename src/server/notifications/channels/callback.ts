// Alex calling back: a lead who asked for it (`call_now`, their consent kept on the lead) is phoned by
// the agency's AI assistant through Vapi's API (`POST {VAPI_API_URL}/call`), from the number Alex
// calls from (VAPI_PHONE_NUMBER_ID), in the lead's language, with what they asked for. Within the
// calling hours (CALLBACK_HOURS, on Sofia's clock; the meeting hours by default) the call starts at
// once; outside them Vapi is asked to place it at the next opening (`schedulePlan`). The call's
// metadata names the lead, signed, so what the call does acts on this lead. Sent through the outbox
// like any notice: written with the lead, once, retried when Vapi cannot be reached.
import { z } from 'zod';
import { isOpenAt, nextOpening, type OpeningHours } from '../../../shared/opening-hours.ts';
import { AGENCY_TIME_ZONE } from '../../../shared/meetings.ts';
import { isLocale } from '../../../shared/locale.ts';
import { MEETING_HOURS_DEFAULT, openingHoursVariable, vapiVariables, wholeNumber } from '../../config.ts';
import { outcomeOf, postJson, retryAfterMs, withoutSecrets } from '../http-post.ts';
import type { Lead } from '../../leads/lead-store.ts';
import { BUSINESS_COUNTRY } from '../../leads/phone.ts';
import { greetedName } from '../mail-parts.ts';
import { defineChannel } from './channel.ts';

/** Vapi's API when VAPI_API_URL does not name another. */
const VAPI_API = 'https://api.vapi.ai';
const HOUR_MS = 3_600_000;
/** The failures before a connection was made: Vapi got nothing, so a later try places the one call. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** How long a call over the hour's cap waits before it looks again. */
const CAP_WAIT_MS = 5 * 60_000;
/** How long Vapi may wait past the opening to place a call it was asked to schedule. */
const SCHEDULE_WINDOW_MS = 60 * 60_000;

/** What the request to Vapi says: who Alex calls, from where, about what, and for which lead. */
export function callRequest(
  lead: Lead,
  settings: { assistantId: string; phoneNumberId: string; hours: readonly OpeningHours[] },
  leadRef: string,
  now: Date,
): Record<string, unknown> {
  const opening = isOpenAt(settings.hours, now, AGENCY_TIME_ZONE) ? undefined : nextOpening(settings.hours, now, AGENCY_TIME_ZONE);
  const name = greetedName(lead.first_name);
  return {
    assistantId: settings.assistantId,
    phoneNumberId: settings.phoneNumberId,
    customer: { number: lead.phone_e164, ...(name ? { name } : {}) },
    // Only what the form holds to a list (the service, its product) and a name's letters reach Alex's
    // prompt: a visitor's free text (the business, a described need) could be words for Alex to say.
    assistantOverrides: {
      variableValues: {
        first_name: name ?? '',
        service: lead.service,
        product: lead.product,
        language: isLocale(lead.locale) ? lead.locale : 'en',
      },
    },
    metadata: { lead: leadRef },
    ...(opening ? { schedulePlan: { earliestAt: opening.toISOString(), latestAt: new Date(opening.getTime() + SCHEDULE_WINDOW_MS).toISOString() } } : {}),
  };
}

export const callbackChannel = defineChannel({
  name: 'callback',
  audience: 'visitor',
  // A sample would phone someone.
  samples: false,
  variables: z.object({
    ...vapiVariables,
    VAPI_PHONE_NUMBER_ID: z.string().regex(/^\S+$/, 'must be the phone number’s id in Vapi, without spaces').optional(),
    // The number the lead sees ringing (E.164), said on the thank-you step; unset, the step names none.
    CALLBACK_FROM_NUMBER: z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be the number Alex calls from, in international form such as +359881234567').optional(),
    MEETING_HOURS: openingHoursVariable(MEETING_HOURS_DEFAULT),
    // The hours Alex calls in; the meeting hours when unset.
    CALLBACK_HOURS: openingHoursVariable('').optional(),
    // Calls Alex places in an hour, all leads together; 0 for no cap.
    CALLBACK_CALLS_PER_HOUR: wholeNumber(0, 10_000, 20),
    // The countries whose numbers Alex calls (ISO codes, comma-separated); the business's own by default.
    CALLBACK_COUNTRIES: z
      .string()
      .default(BUSINESS_COUNTRY)
      .refine((v) => /^[A-Z]{2}(\s*,\s*[A-Z]{2})*$/.test(v.trim()), 'must be country codes such as BG or BG, GR, RO')
      .transform((v) => v.split(',').map((c) => c.trim())),
  }),
  companions: [
    ['VAPI_PHONE_NUMBER_ID', 'VAPI_PRIVATE_KEY'],
    ['VAPI_PHONE_NUMBER_ID', 'VAPI_ASSISTANT_ID'],
  ],
  settings: (v) =>
    v.VAPI_PHONE_NUMBER_ID && v.VAPI_PRIVATE_KEY && v.VAPI_ASSISTANT_ID
      ? {
          privateKey: v.VAPI_PRIVATE_KEY,
          assistantId: v.VAPI_ASSISTANT_ID,
          phoneNumberId: v.VAPI_PHONE_NUMBER_ID,
          apiUrl: v.VAPI_API_URL ?? VAPI_API,
          hours: v.CALLBACK_HOURS?.length ? v.CALLBACK_HOURS : v.MEETING_HOURS,
          perHour: v.CALLBACK_CALLS_PER_HOUR,
          countries: v.CALLBACK_COUNTRIES,
          fromNumber: v.CALLBACK_FROM_NUMBER,
        }
      : undefined,
  names: {
    en: { name: 'Call back by Alex', phrase: 'Alex’s calls back' },
    bg: { name: 'Обаждане от Алекс', phrase: 'обажданията на Алекс' },
  },
  sender: (settings, context) => ({
    async send(entry, { lead }) {
      if (!lead.phone_e164) return { ok: false, final: true, error: 'the lead has no number to call' };
      if (!context.leadRef) return { ok: false, final: true, error: 'no signer for the call’s link to its lead' };
      // Over the hour's calls, the call waits its turn rather than be placed: a flood of bookings rings
      // no more phones than the agency chose.
      if (settings.perHour > 0 && context.deliveredSince) {
        const placed = await context.deliveredSince(entry.channel, new Date(context.now().getTime() - HOUR_MS));
        if (placed >= settings.perHour) return { ok: false, deferred: true, error: `the hour’s ${settings.perHour} calls are placed (CALLBACK_CALLS_PER_HOUR); waiting`, retryAfterMs: CAP_WAIT_MS };
      }
      const body = callRequest(lead, settings, await context.leadRef(lead.id), context.now());
      const answer = await postJson(`${settings.apiUrl}/call`, body, { headers: { authorization: `Bearer ${settings.privateKey}` } });
      const secrets = [settings.privateKey];
      // Tried again only where Vapi surely placed no call: the connection never made. After no answer,
      // or a failure on Vapi's side, the call may exist; a second try could ring the lead twice.
      if ('error' in answer) {
        const error = withoutSecrets(answer.error, secrets);
        return NEVER_CONNECTED.has(answer.error) ? { ok: false, error } : { ok: false, final: true, error: `${error}: the call may have been placed; not tried again` };
      }
      let words: string;
      try {
        const parsed = JSON.parse(answer.body) as { message?: unknown; error?: unknown };
        const message = Array.isArray(parsed.message) ? parsed.message.join('; ') : parsed.message;
        words = typeof message === 'string' ? message : typeof parsed.error === 'string' ? parsed.error : '';
      } catch {
        words = answer.body.trim();
      }
      const outcome = outcomeOf(answer.status, answer.status < 300 ? '' : withoutSecrets(words.slice(0, 200), secrets), {
        // A key or a number Vapi no longer knows will not work on a later try.
        gone: answer.status === 401 || answer.status === 403,
        retryAfterMs: retryAfterMs(answer.headers.get('retry-after'), context.now()),
      });
      // A 429 placed nothing; a 5xx may have: only the first is tried again.
      return answer.status >= 500 ? { ok: false, statusCode: answer.status, error: `${outcome.error}: the call may have been placed; not tried again`, final: true } : outcome;
    },
  }),
});
