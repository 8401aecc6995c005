// Alex calling back: a lead who asked for it (`call_now`, their consent kept on the lead) is phoned by
// the agency's AI assistant through Vapi's API (`POST {VAPI_API_URL}/call`), from the number Alex
// calls from (VAPI_PHONE_NUMBER_ID), in the lead's language, with what they asked for. Within the
// calling hours (CALLBACK_HOURS, on Sofia's clock; the meeting hours by default) the call starts at
// once; outside them Vapi is asked to place it at the next opening (`schedulePlan`). The call's
// metadata names the lead, signed, so what the call does acts on this lead. Sent through the outbox
// like any notice: written with the lead, once, retried when Vapi cannot be reached.
import type { Vapi } from '@vapi-ai/server-sdk';
import { z } from 'zod';
import { isPublicHoliday, nextOpening, type OpeningHours } from '../../../shared/opening-hours.ts';
import { AGENCY_TIME_ZONE } from '../../../shared/meetings.ts';
import { isLocale } from '../../../shared/locale.ts';
import { MEETING_HOURS_DEFAULT, openingHoursVariable, vapiVariables, wholeNumber } from '../../config.ts';
import { outcomeOf, postJson, request, retryAfterMs, withoutSecrets } from '../http-post.ts';
import { isCallStatus, type CallStatus } from '../../../shared/callbacks.ts';
import type { Lead } from '../../leads/lead-store.ts';
import { BUSINESS_COUNTRY } from '../../leads/phone.ts';
import { greetedName } from '../mail-parts.ts';
import { assistantSpeech } from '../../../content/i18n/assistant-speech.ts';
import { assistantVariables } from '../../../content/i18n/assistant-variables.ts';
import { dictionaries, format } from '../../../content/i18n/index.ts';
import { business } from '../../../content/site.ts';
import { defineChannel } from './channel.ts';

/** Vapi's API when VAPI_API_URL does not name another. */
const VAPI_API = 'https://api.vapi.ai';
const HOUR_MS = 3_600_000;
/** The failures before a connection was made: Vapi got nothing, so a later try places the one call. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** How many hours past the opening a scheduled call looks for room under the cap. */
const MAX_HOURS_AHEAD = 48;
/** How long a call over the hour's cap waits before it looks again. */
const CAP_WAIT_MS = 5 * 60_000;
/** The longest name Alex says, in characters and in words. */
const MAX_NAME = 40;
const MAX_NAME_WORDS = 2;
/** How long Vapi may wait past the opening to place a call it was asked to schedule. */
const SCHEDULE_WINDOW_MS = 60 * 60_000;

/**
 * When Alex may call: `now` within the calling hours on Sofia's clock, else their next opening, never
 * on one of Bulgaria's public holidays; undefined for hours that never open.
 */
export const nextCallingTime = (hours: readonly OpeningHours[], now: Date): Date | undefined => nextOpening(hours, now, AGENCY_TIME_ZONE, isPublicHoliday);

/** What the request to Vapi says: who Alex calls, from where, about what, and for which lead. */
export function callRequest(
  lead: Lead & { phone_e164: string },
  settings: { assistantId: string; phoneNumberId: string; hours: readonly OpeningHours[] },
  leadRef: string,
  now: Date,
  /** When Vapi is to place it, where the sender chose a later hour than the next opening (the cap). */
  startAt?: Date,
): Vapi.CreateCallDto {
  const when = startAt ?? nextCallingTime(settings.hours, now);
  const opening = when && when.getTime() > now.getTime() ? when : undefined;
  // A name's letters, and only what could be a name (a word or two): a sentence typed as a name reaches
  // neither Alex's prompt nor the call's record at Vapi.
  const letters = greetedName(lead.first_name);
  const name = letters && letters.length <= MAX_NAME && letters.split(/\s+/).length <= MAX_NAME_WORDS ? letters : undefined;
  const locale = isLocale(lead.locale) ? lead.locale : 'en';
  const t = assistantSpeech[locale];
  return {
    assistantId: settings.assistantId,
    phoneNumberId: settings.phoneNumberId,
    customer: { number: lead.phone_e164, ...(name ? { name } : {}) },
    // Only what the form holds to a list (the service, its product) and a name's letters reach Alex's
    // prompt: a visitor's free text (the business, a described need) could be words for Alex to say.
    assistantOverrides: {
      // Alex's first sentence says it is an AI assistant calling from the agency about the request just
      // made, in the lead's language, and Deepgram listens for that language.
      // The name stays out of it: words typed as a name are not said in the agency's voice.
      firstMessage: format(t.callbackOpening, { brand: business.name }),
      // A voicemail gets a short message after the beep (Vapi's own detection), and no try again.
      voicemailDetection: { provider: 'vapi' },
      voicemailMessage: format(t.callbackVoicemail, { brand: business.name }),
      // The lead the call is about, signed; Vapi echoes the overrides with every message of the call.
      // (A call takes no metadata of its own: Vapi refuses properties its CreateCallDto does not list.)
      metadata: { lead: leadRef },
      transcriber: { provider: 'deepgram', model: 'nova-2', language: locale },
      variableValues: {
        ...assistantVariables({ locale, products: dictionaries[locale].products }, now),
        conversation_kind: 'callback',
        first_name: name ?? '',
        service: lead.service,
        product: lead.product,
      },
    },
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
    // A lead Alex did not reach (no answer, busy) is tried again after these minutes, within the hours.
    CALLBACK_RETRY_MINUTES: wholeNumber(1, 24 * 60, 15),
    // Calls Alex places to one lead in all, the first included.
    CALLBACK_ATTEMPTS: wholeNumber(1, 5, 2),
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
          attempts: v.CALLBACK_ATTEMPTS,
          retryAfterMs: v.CALLBACK_RETRY_MINUTES * 60_000,
        }
      : undefined,
  names: {
    en: { name: 'Call back by Alex', phrase: 'Alex’s calls back' },
    bg: { name: 'Обаждане от Алекс', phrase: 'обажданията на Алекс' },
  },
  sender: (settings, context) => {
    const secrets = [settings.privateKey];
    /** Asks Vapi to take back a call it holds for the calling hours; whether it is gone. */
    const cancel = async (callId: string): Promise<boolean> => {
      const answer = await request(`${settings.apiUrl}/call/${encodeURIComponent(callId)}`, { method: 'DELETE', headers: { authorization: `Bearer ${settings.privateKey}` } });
      // Already gone at Vapi (404) is as good as taken back.
      return !('error' in answer) && (answer.status < 300 || answer.status === 404);
    };
    /** Takes back the scheduled calls of one lead, or of every lead no longer to be phoned; how many. */
    const takeBack = async (leadId?: string): Promise<number> => {
      const book = context.callbacks;
      if (!book) return 0;
      let taken = 0;
      for (const call of await book.scheduled(leadId)) {
        if (!leadId && !(await book.held(call.leadId))) continue;
        if (await cancel(call.callId)) {
          await book.stopped(call.callId);
          taken++;
        }
      }
      return taken;
    };
    return {
    tick: () => takeBack(),
    stopFor: (leadId: string) => takeBack(leadId),
    async send(entry, { lead }) {
      if (!lead.phone_e164) return { ok: false, final: true, error: 'the lead has no number to call' };
      if (!context.leadRef) return { ok: false, final: true, error: 'no signer for the call’s link to its lead' };
      // Phoned only while nothing has happened to the request since it asked: not after its time is
      // booked, an operator has taken it up, or it was taken for spam.
      const held = await context.callbacks?.held(lead.id);
      if (held) return { ok: false, withdrawn: true, error: `not placed: ${held}` };
      // No more calls ring in an hour than the agency chose, counted by when they ring: within the hours
      // a call over the cap waits its turn; outside them it is scheduled for the first hour from the
      // opening that has room, so a night's requests do not all ring at 09:00.
      const now = context.now();
      let startAt = nextCallingTime(settings.hours, now);
      const book = context.callbacks;
      if (settings.perHour > 0 && book) {
        if (!startAt || startAt.getTime() <= now.getTime()) {
          const ringing = await book.ringingBetween(new Date(now.getTime() - HOUR_MS), now);
          if (ringing >= settings.perHour) return { ok: false, deferred: true, error: `the hour’s ${settings.perHour} calls are placed (CALLBACK_CALLS_PER_HOUR); waiting`, retryAfterMs: CAP_WAIT_MS };
        } else {
          for (let hour = 0; startAt && hour < MAX_HOURS_AHEAD; hour++) {
            if ((await book.ringingBetween(startAt, new Date(startAt.getTime() + HOUR_MS))) < settings.perHour) break;
            startAt = nextCallingTime(settings.hours, new Date(startAt.getTime() + HOUR_MS));
          }
        }
      }
      const body = callRequest({ ...lead, phone_e164: lead.phone_e164 }, settings, await context.leadRef(lead.id), now, startAt);
      const answer = await postJson(`${settings.apiUrl}/call`, body, { headers: { authorization: `Bearer ${settings.privateKey}` } });
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
      if (answer.status >= 500) return { ok: false, statusCode: answer.status, error: `${outcome.error}: the call may have been placed; not tried again`, final: true };
      if (outcome.ok) {
        const call = callOf(answer.body);
        const plan = body.schedulePlan;
        if (call && context.callbacks) {
          await context.callbacks.placed({
            leadId: lead.id,
            callId: call.id,
            locale: isLocale(lead.locale) ? lead.locale : 'en',
            status: call.status ?? (plan ? 'scheduled' : 'queued'),
            scheduledFor: plan ? new Date(plan.earliestAt) : null,
          });
          // Stopped while it was being placed: a call waiting for the hours is taken back at once.
          if (plan && (await context.callbacks.held(lead.id))) await takeBack(lead.id);
        }
      }
      return outcome;
    },
  };
  },
});

/** The call Vapi's answer describes (`{id, status, …}`), or undefined for an answer without an id. */
function callOf(body: string): { id: string; status: CallStatus | undefined } | undefined {
  try {
    const parsed = JSON.parse(body) as { id?: unknown; status?: unknown };
    if (typeof parsed.id !== 'string' || !/^[\w-]{1,90}$/.test(parsed.id)) return undefined;
    return { id: parsed.id, status: isCallStatus(parsed.status) ? parsed.status : undefined };
  } catch {
    return undefined;
  }
}
