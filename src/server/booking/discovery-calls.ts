import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { bookingTexts, type BookingTexts } from '../../content/i18n/booking.ts';
import { fieldErrorText, format, tooManyRequestsText } from '../../content/i18n/index.ts';
import { z } from 'zod';
import { ATTRIBUTION_KEYS, ATTRIBUTION_MAX } from '../../shared/attribution.ts';
import { fieldSchemas, LEAD_STATUSES, parseDiscoveryCall, type Field } from '../../shared/booking.ts';
import { isLocale, LOCALES, type Locale } from '../../shared/locale.ts';
import type { Limit } from '../limits/limiter.ts';
import { routeLimit } from '../limits/route-limit.ts';
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, type SpamReason } from '../../shared/spam.ts';
import type { MeetingTokens } from '../meetings/meeting-token.ts';
import { formTokenId, type FormTokens } from './form-token.ts';
import type { LeadStore } from '../leads/lead-store.ts';
import { isConversationLeadKey } from '../leads/conversation-store.ts';
import { phoneE164 } from '../leads/phone.ts';
import { localeOf } from '../http/messages.ts';
import { apiError, fieldsError, json, refusal } from '../http/route-schemas.ts';
import { noticeVersionOf } from '../site/privacy-notice.ts';
import { callbackOfferJson } from '../../shared/callback-offer.ts';
import type { CallbackOffers } from './callback-offer.ts';

/** Requests larger than this are refused with 413: a full, valid request is under 4 KiB. */
export const BODY_LIMIT = 16 * 1024;
const IDEMPOTENCY_KEY = /^[\w.:-]{1,100}$/;

/** The language to answer in: the one the form says it used, else the browser's preference. */
export function requestLocale(request: FastifyRequest): Locale {
  const body = request.body as { locale?: unknown } | undefined;
  if (body && typeof body === 'object' && isLocale(body.locale)) return body.locale;
  return localeOf(request);
}

const FIELD_LABEL: Record<Field, keyof BookingTexts> = {
  first_name: 'firstName',
  email: 'email',
  phone: 'phone',
  business_name: 'businessName',
  service: 'service',
  product: 'product',
  custom_service: 'customService',
};

export interface DiscoveryCallRoutesOptions {
  store: LeadStore;
  /** Requests per address (BOOKING_RATE_LIMIT); none when undefined. */
  rateLimit: Limit | undefined;
  /** The version of the privacy notice this server serves in each language (site/privacy-notice.ts). */
  noticeVersions?: Partial<Record<Locale, string>>;
  /** The time trap's tokens (booking/form-token.ts); without them no request is checked for its token. */
  formTokens?: FormTokens;
  /** Whether a request may use a token it passed the checks with: each is good for one lead (store/form-token-uses.ts). */
  claimFormToken?: (tokenId: string, idempotencyKey: string | undefined) => Promise<boolean>;
  /** Told of every booking stored, as a lead or as spam with its reason (metrics/metrics.ts). */
  onBooking?: (outcome: { result: 'stored' } | { result: 'spam'; reason: string }) => void;
  /** Signs the answer's `meetingToken`, with which the visitor may pick a time (meetings/). */
  meetingTokens?: MeetingTokens;
  /** Whether Alex phones a visitor who asks (`call_now`): the channel is set up (notifications/channels/callback.ts). */
  callbacks?: boolean;
  /** When Alex would call a booking's number (callback-offer.ts), for the answer to one that asked. */
  callbackOffers?: Pick<CallbackOffers, 'forNumber'>;
}

/**
 * The version of the words a visitor agrees to when asking Alex to call: the dialog's, in their
 * language. The choice says "now" within the calling hours and names the next opening outside them
 * (client/booking/call-now.tsx), so the version covers every one of those words: whichever the visitor
 * was shown, and whenever they sent it, its words are the version's.
 */
export const callbackConsentVersion = (locale: Locale): string => {
  const c = bookingTexts[locale].callNow;
  return noticeVersionOf([c.label, c.later, c.today, c.tomorrow, ...c.weekdays, c.note].join('\n'));
};

/**
 * Why a valid request is taken for spam, if it is: the honeypot filled in (any value at all), or the
 * time trap's token missing, forged, too fresh or too old (one used by another lead is found after). Checked after validation, so a person's typo
 * still gets its message, and a script learns nothing from the answer.
 */
async function spamReasonOf(body: unknown, tokens: FormTokens | undefined): Promise<SpamReason | undefined> {
  const input = body as Record<string, unknown>;
  const honeypot = input[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot';
  return tokens?.check(input[FORM_TOKEN_FIELD]);
}

/**
 * The request as the API's description shows it: each field's rule is the dialog's (shared/booking.ts);
 * parseDiscoveryCall reads it, and says which field is wrong in the visitor's language.
 */
const discoveryCallBody = z.object({
  ...fieldSchemas,
  product: z.string().optional().describe("One of the service's products; none for Custom Software Development and Other."),
  custom_service: fieldSchemas.custom_service.optional().describe('The need in words, for Custom Software Development and Other.'),
  locale: z.enum(LOCALES).optional().describe('The language the visitor booked in, and of the answer; `en` when missing.'),
  attribution: z
    .partialRecord(z.enum(ATTRIBUTION_KEYS), z.string().max(ATTRIBUTION_MAX))
    .optional()
    .describe('Where the visit came from (first touch); a malformed one is dropped, never a reason to refuse.'),
  [FORM_TOKEN_FIELD]: z.string().optional().describe("The time trap's token from GET /api/form-token."),
  [HONEYPOT_FIELD]: z.string().optional().describe('The honeypot: left empty by every person.'),
  call_now: z
    .boolean()
    .optional()
    .describe('`true`: the visitor asks Alex, the AI assistant, to phone them now (where the site offers it); their consent and the version of its words are kept with the lead. Anything else: no call.'),
});

/** The answer to a booking stored (or taken for spam, which gets the same). */
const bookingAnswer = z.object({
  id: z.string(),
  status: z.enum(LEAD_STATUSES),
  created_at: z.string(),
  /** With it the visitor picks the call's time (POST /api/meetings). */
  meetingToken: z.string().optional(),
  callback: callbackOfferJson
    .optional()
    .describe('The visitor asked Alex to call (`call_now`) where Alex calls their number: now, or when the calling hours open, and from which number.'),
});

export async function discoveryCallRoutes(app: FastifyInstance, opts: DiscoveryCallRoutesOptions) {
  app.post(
    '/api/discovery-calls',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['booking'],
        summary: 'Request a discovery call',
        headers: z.object({
          'idempotency-key': z.string().regex(IDEMPOTENCY_KEY).optional().describe('One per opening of the dialog, sent with every try.'),
        }),
        body: discoveryCallBody,
        response: {
          200: json(bookingAnswer, 'The same Idempotency-Key again with the same details: the first lead, nothing new stored.'),
          201: json(bookingAnswer, 'Stored.'),
          400: json(fieldsError, 'Invalid input (each field with its message), malformed JSON, or a malformed key.'),
          413: refusal('The body is over 16 KiB.'),
          415: refusal('The body is not JSON.'),
          422: refusal('The same Idempotency-Key with other details: nothing stored or changed.'),
          429: json(apiError, 'Over BOOKING_RATE_LIMIT, with Retry-After in seconds.'),
          503: json(apiError, 'The database cannot be reached or written; nothing was written. Retry-After: 5.'),
        },
      },
      config: {
        // Counted before the body is read, so its language comes from Accept-Language; the dialog
        // words its own message from Retry-After in the page's language.
        rateLimit: routeLimit(opts.rateLimit, (request, seconds) =>
          tooManyRequestsText(bookingTexts[requestLocale(request)], seconds),
        ),
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const texts = bookingTexts[locale];
      const parsed = parseDiscoveryCall(request.body);
      // Digits that no country numbers its phones with are refused, so every lead can be called back
      // (and has its E.164); the form's own rule only sees the characters (shared/booking.ts).
      if (parsed.ok && phoneE164(parsed.value.phone) === null) {
        const phone = fieldErrorText(texts, { code: 'impossiblePhone' });
        return reply.code(400).send({ error: format(apiMessages[locale].invalid, { fields: texts[FIELD_LABEL.phone] as string }), fields: { phone } });
      }
      if (!parsed.ok) {
        const entries = Object.entries(parsed.fields) as [Field, NonNullable<(typeof parsed.fields)[Field]>][];
        const fields = Object.fromEntries(entries.map(([f, e]) => [f, fieldErrorText(texts, e)]));
        const labels = entries.map(([f]) => texts[FIELD_LABEL[f]] as string).join(', ');
        return reply.code(400).send({ error: format(apiMessages[locale].invalid, { fields: labels }), fields });
      }

      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
        return reply.code(400).send({ error: apiMessages[locale].invalidJson, fields: {} });
      }
      // The assistants' keys name their conversations (`vapi:<call>`): a form's request taking one
      // would be found, and adopted, by the conversation's booking.
      if (typeof key === 'string' && isConversationLeadKey(key)) {
        return reply.code(400).send({ error: apiMessages[locale].reservedIdempotencyKey, fields: {} });
      }

      try {
        // The notice the form linked to is the one served in the form's language.
        const version = opts.noticeVersions?.[parsed.value.locale];
        let spam = await spamReasonOf(request.body, opts.formTokens);
        if (!spam && opts.formTokens?.checked && opts.claimFormToken) {
          const tokenId = formTokenId((request.body as Record<string, unknown>)[FORM_TOKEN_FIELD]);
          if (tokenId && !(await opts.claimFormToken(tokenId, key))) spam = 'token reused';
        }
        // Only `true` asks for the call, and only where Alex calls: the consent is then kept with the lead.
        // Spam keeps none, so a request restored from the spam later is never called out of the blue.
        const callNow = !spam && opts.callbacks === true && (request.body as { call_now?: unknown }).call_now === true;
        const servedWith = {
          ...(version ? { privacyNotice: { version, locale: parsed.value.locale } } : {}),
          ...(spam ? { spam } : {}),
          ...(callNow ? { callbackConsent: { version: callbackConsentVersion(parsed.value.locale) } } : {}),
        };
        const { lead, created, sameInput } = await opts.store.create(parsed.value, key, servedWith);
        if (!sameInput) {
          request.log.warn({ leadId: lead.id }, 'idempotency key reused with other details; refused');
          return reply.code(422).send({ error: apiMessages[locale].idempotencyConflict });
        }
        if (created) opts.onBooking?.(lead.spam_reason ? { result: 'spam', reason: lead.spam_reason } : { result: 'stored' });
        // Never the visitor's email or phone in the logs: the id is enough to find the lead.
        request.log.info(
          { leadId: lead.id, service: lead.service, locale: lead.locale, created, ...(lead.spam_reason ? { spam: lead.spam_reason } : {}) },
          created ? (lead.spam_reason ? 'discovery call taken for spam' : 'discovery call requested') : 'discovery call replayed',
        );
        // Spam gets the answer a lead gets: nothing tells a script it was caught.
        const meetingToken = opts.meetingTokens ? await opts.meetingTokens.issue(lead.id) : undefined;
        // Told from the request and the number, not from the consent kept: spam is told the same.
        const asked = opts.callbacks === true && (request.body as { call_now?: unknown }).call_now === true;
        const callback = asked && lead.phone_e164 ? opts.callbackOffers?.forNumber(lead.phone_e164) : undefined;
        return reply
          .code(created ? 201 : 200)
          .send({ id: lead.id, status: lead.status, created_at: lead.created_at, ...(meetingToken ? { meetingToken } : {}), ...(callback ? { callback } : {}) });
      } catch (err) {
        request.log.error({ err }, 'lead store unavailable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ error: apiMessages[locale].unavailable, retryable: true });
      }
    },
  );
}
