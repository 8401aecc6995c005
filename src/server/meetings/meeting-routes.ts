// The visitor's side of meetings: the free slots (GET /api/meeting-slots?tz=…), booking one with the
// meeting token the booking API gave (POST /api/meetings), and with the same token what the manage page
// does: show the meeting (GET /api/meeting?token=…), move it (POST /api/meetings/reschedule) or cancel
// it (POST /api/meetings/cancel). docs/api.md, "Meetings". The changes are bounded, so the routes
// cannot be used to mail someone's address over and over or to hold every free time: so many a day per
// call's link and per client network, and so many future calls held per client network (then 429, in
// the visitor's language); a link an operator closed (a call they cancelled, a lead marked lost) books
// nothing again (410).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiMessages, type ApiMessages } from '../../content/i18n/api-messages.ts';
import { format } from '../../content/i18n/format.ts';
import { business } from '../../content/site.ts';
import { isLocale, LOCALES } from '../../shared/locale.ts';
import { AGENCY_TIME_ZONE, MEETING_SLOTS_PATH, MEETING_STATUSES, type MeetingJson, type MeetingSlotsJson, type SlotJson } from '../../shared/meetings.ts';
import { localeOf } from '../http/messages.ts';
import { apiError, json, refusal } from '../http/route-schemas.ts';
import { isTimeZone } from './availability.ts';
import { addressKey } from '../limits/address-key.ts';
import type { Limiter } from '../limits/limiter.ts';
import { slotJson, type MeetingDesk } from './meeting-desk.ts';
import { bookedMeetingOf, heldFrom, latestMeetingOf, type Meeting } from './meeting-store.ts';
import type { MeetingTokens } from './meeting-token.ts';

/** What one visitor, or one client network, may change and hold (config: MEETING_CHANGE_LIMIT and the like). */
export interface MeetingLimits {
  /** Bookings, moves and cancellations per call's link. */
  perLink?: Limiter | undefined;
  /** The same per client network (an IPv4 address, an IPv6 /64). */
  perNetwork?: Limiter | undefined;
  /** Future calls one client network may hold at once. */
  heldPerNetwork?: number | undefined;
}

/** The client network a meeting was booked from, as the meetings table keeps it: hashed, never the address. */
export const networkHash = (ip: string): string => createHash('sha256').update(`meeting-network:${addressKey(ip)}`).digest('hex');

const BODY_LIMIT = 4 * 1024;

export interface MeetingRoutesOptions {
  /** The free slots, and booking, moving and cancelling (meeting-desk.ts). */
  desk: MeetingDesk;
  /** The links to a call (signed, at config.linkOrigin). */
  tokens: MeetingTokens;
  limits?: MeetingLimits;
}

type MeetingBody = { token?: unknown; start?: unknown; timeZone?: unknown; locale?: unknown };

// The answers' shapes for the API's description. The types are shared/meetings.ts's, which the public
// pages import without zod; each schema is held to its type here.
const slot = z.object({ start: z.string(), end: z.string() }) satisfies z.ZodType<SlotJson>;
const meetingSlots = z.object({ timeZone: z.string(), slots: z.array(slot) }) satisfies z.ZodType<MeetingSlotsJson>;
const visitorMeeting = z.object({ start: z.string(), end: z.string(), status: z.enum(MEETING_STATUSES), timeZone: z.string() }) satisfies z.ZodType<MeetingJson>;
/** A meeting booked or moved, with the visitor's page of it and whether an invitation is on its way. */
const bookedAnswer = slot.extend({ manageUrl: z.string(), invited: z.boolean() });
/** A refusal that comes with the free slots as they are now. */
const withSlots = apiError.extend({ slots: z.array(slot) });
const withSlotsOrNot = apiError.extend({ slots: z.array(slot).optional() });
const tokenQuery = z.object({ token: z.string().describe('The meetingToken of the booking answer.') });
const changeBody = z.object({
  token: z.string().describe('The meetingToken of the booking answer.'),
  start: z.string().describe("A free slot's start, as GET /api/meeting-slots gives it."),
  timeZone: z.string().optional().describe("The visitor's IANA zone; their mails are written in it."),
  locale: z.enum(LOCALES).optional(),
});
const cancelBody = z.object({ token: z.string(), locale: z.enum(LOCALES).optional() });
const badToken = refusal('The token is missing, malformed, or not signed by this site.');
const closed = refusal("The link is closed: an operator cancelled the call, or the lead is lost (with the agency's address).");
const overLimits = refusal('Over the changes a day of the link or the client network, or the network holds its most calls already; Retry-After.');

const meetingJson = (m: Meeting): MeetingJson => ({ start: m.start.toISOString(), end: m.end.toISOString(), status: m.status, timeZone: m.timeZone });

export async function meetingRoutes(app: FastifyInstance, opts: MeetingRoutesOptions) {
  const { desk } = opts;
  const db = desk.db;
  const now = () => desk.now();
  const free = (at: Date) => desk.free(at);

  const slotsSchema = {
    tags: ['meetings'],
    summary: 'The free slots from now to the last day offered',
    querystring: z.object({ tz: z.string().describe("The visitor's IANA zone, which the page shows the slots in.") }),
    response: { 200: json(meetingSlots, 'The free slots, in order, as instants in UTC; never cached.'), 400: refusal('An unknown zone, or none.') },
  };
  app.get<{ Querystring: { tz?: string } }>(MEETING_SLOTS_PATH, { schema: slotsSchema }, async (request, reply) => {
    const tz = request.query.tz ?? '';
    reply.header('cache-control', 'no-store');
    if (!isTimeZone(tz)) return reply.code(400).send({ error: apiMessages[localeOf(request)].unknownTimeZone });
    // The slots are instants, the same for every zone: only the zone named changes.
    const body = `{"timeZone":${JSON.stringify(tz)},"slots":${await desk.freeJson(now())}}`;
    return reply.type('application/json; charset=utf-8').send(body);
  });

  /** Whether the answers may say an invitation is on its way (mail is configured). */
  const invited = desk.invitesVisitor;

  /** The body's language, its lead (undefined for a bad token) and the texts to answer in. */
  const read = async (body: MeetingBody, request: Parameters<typeof localeOf>[0]) => {
    const locale = isLocale(body.locale) ? body.locale : localeOf(request);
    const leadId = await opts.tokens.leadOf(body.token);
    const row = leadId
      ? await db.selectFrom('discovery_calls').select(['id', 'spam_reason', 'status', 'meeting_link_closed_at']).where('id', '=', leadId).executeTakeFirst()
      : undefined;
    const lead = row && { id: row.id, spam_reason: row.spam_reason, closed: row.status === 'lost' || row.meeting_link_closed_at !== null };
    return { locale, t: apiMessages[locale], lead, leadId, token: body.token as string };
  };

  const closedLink = (reply: FastifyReply, t: ApiMessages) => reply.code(410).send({ error: format(t.meetingClosed, { email: business.email }) });

  /**
   * Counts a change about to be made, for the link and the client network: false when it may go ahead;
   * true once the 429 (with Retry-After) is sent. (Not the reply itself: a reply is thenable, and an
   * awaited one is undefined.)
   */
  const overLimit = async (reply: FastifyReply, t: ApiMessages, leadId: string, ip: string): Promise<boolean> => {
    const limits = opts.limits;
    const waits = await Promise.all([limits?.perLink?.consume(leadId) ?? 0, limits?.perNetwork?.consume(addressKey(ip)) ?? 0]);
    const seconds = Math.max(...waits);
    if (seconds === 0) return false;
    const hours = String(Math.max(1, Math.ceil(seconds / 3600)));
    await reply.code(429).header('retry-after', String(seconds)).send({ error: format(t.tooManyMeetingChanges, { hours, email: business.email }) });
    return true;
  };

  /** The slot a body's `start` names among the candidates now; undefined for any other time. */
  const slotOf = (body: MeetingBody, at: Date) => desk.slotAt(body.start, at);
  const zoneOf = (body: MeetingBody) => (typeof body.timeZone === 'string' && isTimeZone(body.timeZone) ? body.timeZone : undefined);

  // The manage page's view: the lead's latest meeting (booked, moved, cancelled, held or missed), or null.
  const meetingSchema = {
    tags: ['meetings'],
    summary: "The lead's latest meeting, for the visitor's page of it",
    querystring: tokenQuery,
    response: {
      200: json(z.object({ meeting: visitorMeeting.nullable(), closed: z.literal(true).optional() }), 'The meeting, or null before any; `closed` when the link books nothing.'),
      403: badToken,
      410: refusal('The lead is gone (erased).'),
    },
  };
  app.get<{ Querystring: { token?: string } }>('/api/meeting', { schema: meetingSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { t, lead, leadId } = await read({ token: request.query.token }, request);
    // A link we signed whose lead is gone (erased): the call no longer exists, which is not a bad link.
    if (!lead && leadId) return reply.code(410).send({ error: t.meetingGone });
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });
    // A request taken for spam holds no meeting.
    const meeting = lead.spam_reason ? undefined : await latestMeetingOf(db, lead.id);
    // A closed link shows the call as it is and offers no time: the page says why.
    return { meeting: meeting ? meetingJson(meeting) : null, ...(lead.closed ? { closed: true } : {}) };
  });

  const bookSchema = {
    tags: ['meetings'],
    summary: "Book a slot for the token's lead",
    body: changeBody,
    response: {
      201: json(bookedAnswer, 'Booked, or the same lead asking again for the time it holds.'),
      400: json(withSlots, 'Not one of the bookable times; the free ones come with it.'),
      403: badToken,
      409: json(withSlotsOrNot, 'Taken a moment before (with the fresh slots), or the lead holds another time already.'),
      410: closed,
      429: overLimits,
    },
  };
  app.post<{ Body: MeetingBody }>('/api/meetings', { bodyLimit: BODY_LIMIT, schema: bookSchema }, async (request, reply) => {
    const body = request.body ?? {};
    const { locale, t, lead, token } = await read(body, request);
    reply.header('cache-control', 'no-store');
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });
    if (lead.closed) return closedLink(reply, t);

    const at = now();
    const slot = slotOf(body, at);
    if (!slot) return reply.code(400).send({ error: t.notASlot, slots: (await free(at)).map(slotJson) });
    const timeZone = zoneOf(body) ?? AGENCY_TIME_ZONE;

    const existing = await bookedMeetingOf(db, lead.id);
    if (existing) {
      // The same request again (a retry) gets the same answer; another time is a reschedule.
      if (existing.start.getTime() === slot.start.getTime()) {
        return reply.code(201).send({ ...slotJson(existing), manageUrl: opts.tokens.pageUrl(token, locale), invited });
      }
      return reply.code(409).send({ error: t.alreadyBooked });
    }
    // A request taken for spam gets the answer a lead gets, and holds no time anyone could book.
    if (lead.spam_reason) return reply.code(201).send({ ...slotJson(slot), manageUrl: opts.tokens.pageUrl(token, locale), invited });

    if (await overLimit(reply, t, lead.id, request.ip)) return reply;
    const network = networkHash(request.ip);
    const held = opts.limits?.heldPerNetwork;
    if (held !== undefined && (await heldFrom(db, network, at)) >= held) {
      request.log.warn({ leadId: lead.id, held }, 'meeting refused: its network holds the most calls allowed');
      return reply.code(429).send({ error: format(t.tooManyMeetingsHeld, { email: business.email }) });
    }
    const booked = await desk.book(lead.id, slot, timeZone, at, network);
    if (booked === 'taken') {
      request.log.info({ leadId: lead.id }, 'meeting slot taken meanwhile');
      return reply.code(409).send({ error: t.slotTaken, slots: (await free(at)).map(slotJson) });
    }
    request.log.info({ leadId: lead.id, meetingId: booked.id, start: booked.start.toISOString() }, 'meeting booked');
    return reply.code(201).send({ ...slotJson(booked), manageUrl: opts.tokens.pageUrl(token, locale), invited });
  });

  const moveSchema = {
    tags: ['meetings'],
    summary: 'Move the booked meeting to another free slot',
    body: changeBody,
    response: {
      200: json(bookedAnswer, 'Moved, or asked for the time it holds (nothing changes).'),
      400: json(withSlots, 'Not one of the bookable times; the free ones come with it.'),
      403: badToken,
      409: json(withSlotsOrNot, 'Taken meanwhile (with the fresh slots), or nothing is booked.'),
      410: closed,
      429: overLimits,
    },
  };
  app.post<{ Body: MeetingBody }>('/api/meetings/reschedule', { bodyLimit: BODY_LIMIT, schema: moveSchema }, async (request, reply) => {
    const body = request.body ?? {};
    const { locale, t, lead, token } = await read(body, request);
    reply.header('cache-control', 'no-store');
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });
    if (lead.closed) return closedLink(reply, t);
    const at = now();
    const slot = slotOf(body, at);
    if (!slot) return reply.code(400).send({ error: t.notASlot, slots: (await free(at)).map(slotJson) });
    const existing = lead.spam_reason ? undefined : await bookedMeetingOf(db, lead.id);
    if (!existing) return reply.code(409).send({ error: t.noMeeting });
    // Moved to where it is (a retry): the same answer.
    if (existing.start.getTime() === slot.start.getTime()) return { ...slotJson(existing), manageUrl: opts.tokens.pageUrl(token, locale), invited };

    if (await overLimit(reply, t, lead.id, request.ip)) return reply;
    const zone = zoneOf(body);
    const moved = await desk.move(existing, slot, zone, at);
    if (moved === 'gone') return reply.code(409).send({ error: t.noMeeting });
    if (moved === 'taken') return reply.code(409).send({ error: t.slotTaken, slots: (await free(at)).map(slotJson) });
    request.log.info({ leadId: lead.id, meetingId: moved.id, start: moved.start.toISOString(), sequence: moved.sequence }, 'meeting moved');
    return { ...slotJson(moved), manageUrl: opts.tokens.pageUrl(token, locale), invited };
  });

  const cancelSchema = {
    tags: ['meetings'],
    summary: 'Cancel the booked meeting',
    body: cancelBody,
    response: {
      200: json(z.object({ meeting: visitorMeeting }), 'Cancelled, or cancelled already.'),
      403: badToken,
      409: refusal('Nothing to cancel.'),
      429: overLimits,
    },
  };
  app.post<{ Body: MeetingBody }>('/api/meetings/cancel', { bodyLimit: BODY_LIMIT, schema: cancelSchema }, async (request, reply) => {
    const body = request.body ?? {};
    const { t, lead } = await read(body, request);
    reply.header('cache-control', 'no-store');
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });
    const existing = lead.spam_reason ? undefined : await bookedMeetingOf(db, lead.id);
    if (!existing) {
      // Cancelled already (a retry, or a second tab): the same answer; anything else has nothing to cancel.
      const latest = lead.spam_reason ? undefined : await latestMeetingOf(db, lead.id);
      if (latest?.status === 'cancelled') return { meeting: meetingJson(latest) };
      return reply.code(409).send({ error: t.noMeeting });
    }
    if (await overLimit(reply, t, lead.id, request.ip)) return reply;
    const cancelled = await desk.cancel(existing, now());
    if (!cancelled) return reply.code(409).send({ error: t.noMeeting });
    request.log.info({ leadId: lead.id, meetingId: cancelled.id }, 'meeting cancelled');
    return { meeting: meetingJson(cancelled) };
  });
}
