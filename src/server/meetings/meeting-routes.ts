// The visitor's side of meetings: the free slots (GET /api/meeting-slots?tz=…), booking one with the
// meeting token the booking API gave (POST /api/meetings), and with the same token what the manage page
// does: show the meeting (GET /api/meeting?token=…), move it (POST /api/meetings/reschedule) or cancel
// it (POST /api/meetings/cancel). docs/api.md, "Meetings".
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import { meetingPagePrefix } from '../../shared/site-pages.ts';
import { AGENCY_TIME_ZONE, MEETING_SLOTS_PATH, type MeetingJson } from '../../shared/meetings.ts';
import { localeOf } from '../http/messages.ts';
import { isTimeZone } from './availability.ts';
import { slotJson, type MeetingDesk } from './meeting-desk.ts';
import { bookedMeetingOf, latestMeetingOf, type Meeting } from './meeting-store.ts';
import type { MeetingTokens } from './meeting-token.ts';

const BODY_LIMIT = 4 * 1024;

export interface MeetingRoutesOptions {
  /** The free slots, and booking, moving and cancelling (meeting-desk.ts). */
  desk: MeetingDesk;
  tokens: MeetingTokens;
  /** Where the links in the answers point (config.linkOrigin). */
  origin: string;
}

type MeetingBody = { token?: unknown; start?: unknown; timeZone?: unknown; locale?: unknown };

const meetingJson = (m: Meeting): MeetingJson => ({ start: m.start.toISOString(), end: m.end.toISOString(), status: m.status, timeZone: m.timeZone });

/** The manage page's address in the lead's language, at `origin` (config.linkOrigin): `…/meeting/<token>`, `…/bg/meeting/<token>`. */
export const manageUrl = (token: string, locale: Locale, origin: string) => `${origin}${meetingPagePrefix(locale)}${token}`;

export async function meetingRoutes(app: FastifyInstance, opts: MeetingRoutesOptions) {
  const { desk } = opts;
  const db = desk.db;
  const now = () => desk.now();
  const free = (at: Date) => desk.free(at);

  app.get<{ Querystring: { tz?: string } }>(MEETING_SLOTS_PATH, async (request, reply) => {
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
    const lead = leadId ? await db.selectFrom('discovery_calls').select(['id', 'spam_reason']).where('id', '=', leadId).executeTakeFirst() : undefined;
    return { locale, t: apiMessages[locale], lead, leadId, token: body.token as string };
  };

  /** The slot a body's `start` names among the candidates now; undefined for any other time. */
  const slotOf = (body: MeetingBody, at: Date) => desk.slotAt(body.start, at);
  const zoneOf = (body: MeetingBody) => (typeof body.timeZone === 'string' && isTimeZone(body.timeZone) ? body.timeZone : undefined);

  // The manage page's view: the lead's latest meeting (booked, moved, cancelled, held or missed), or null.
  app.get<{ Querystring: { token?: string } }>('/api/meeting', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { t, lead, leadId } = await read({ token: request.query.token }, request);
    // A link we signed whose lead is gone (erased): the call no longer exists, which is not a bad link.
    if (!lead && leadId) return reply.code(410).send({ error: t.meetingGone });
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });
    // A request taken for spam holds no meeting.
    const meeting = lead.spam_reason ? undefined : await latestMeetingOf(db, lead.id);
    return { meeting: meeting ? meetingJson(meeting) : null };
  });

  app.post<{ Body: MeetingBody }>('/api/meetings', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const body = request.body ?? {};
    const { locale, t, lead, token } = await read(body, request);
    reply.header('cache-control', 'no-store');
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });

    const at = now();
    const slot = slotOf(body, at);
    if (!slot) return reply.code(400).send({ error: t.notASlot, slots: (await free(at)).map(slotJson) });
    const timeZone = zoneOf(body) ?? AGENCY_TIME_ZONE;

    const existing = await bookedMeetingOf(db, lead.id);
    if (existing) {
      // The same request again (a retry) gets the same answer; another time is a reschedule.
      if (existing.start.getTime() === slot.start.getTime()) {
        return reply.code(201).send({ ...slotJson(existing), manageUrl: manageUrl(token, locale, opts.origin), invited });
      }
      return reply.code(409).send({ error: t.alreadyBooked });
    }
    // A request taken for spam gets the answer a lead gets, and holds no time anyone could book.
    if (lead.spam_reason) return reply.code(201).send({ ...slotJson(slot), manageUrl: manageUrl(token, locale, opts.origin), invited });

    const booked = await desk.book(lead.id, slot, timeZone, at);
    if (booked === 'taken') {
      request.log.info({ leadId: lead.id }, 'meeting slot taken meanwhile');
      return reply.code(409).send({ error: t.slotTaken, slots: (await free(at)).map(slotJson) });
    }
    request.log.info({ leadId: lead.id, meetingId: booked.id, start: booked.start.toISOString() }, 'meeting booked');
    return reply.code(201).send({ ...slotJson(booked), manageUrl: manageUrl(token, locale, opts.origin), invited });
  });

  app.post<{ Body: MeetingBody }>('/api/meetings/reschedule', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const body = request.body ?? {};
    const { locale, t, lead, token } = await read(body, request);
    reply.header('cache-control', 'no-store');
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });
    const at = now();
    const slot = slotOf(body, at);
    if (!slot) return reply.code(400).send({ error: t.notASlot, slots: (await free(at)).map(slotJson) });
    const existing = lead.spam_reason ? undefined : await bookedMeetingOf(db, lead.id);
    if (!existing) return reply.code(409).send({ error: t.noMeeting });
    // Moved to where it is (a retry): the same answer.
    if (existing.start.getTime() === slot.start.getTime()) return { ...slotJson(existing), manageUrl: manageUrl(token, locale, opts.origin), invited };

    const zone = zoneOf(body);
    const moved = await desk.move(existing, slot, zone, at);
    if (moved === 'gone') return reply.code(409).send({ error: t.noMeeting });
    if (moved === 'taken') return reply.code(409).send({ error: t.slotTaken, slots: (await free(at)).map(slotJson) });
    request.log.info({ leadId: lead.id, meetingId: moved.id, start: moved.start.toISOString(), sequence: moved.sequence }, 'meeting moved');
    return { ...slotJson(moved), manageUrl: manageUrl(token, locale, opts.origin), invited };
  });

  app.post<{ Body: MeetingBody }>('/api/meetings/cancel', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
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
    const cancelled = await desk.cancel(existing, now());
    if (!cancelled) return reply.code(409).send({ error: t.noMeeting });
    request.log.info({ leadId: lead.id, meetingId: cancelled.id }, 'meeting cancelled');
    return { meeting: meetingJson(cancelled) };
  });
}
