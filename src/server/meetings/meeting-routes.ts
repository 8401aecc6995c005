// The visitor's side of meetings: the free slots (GET /api/meeting-slots?tz=…), booking one with the
// meeting token the booking API gave (POST /api/meetings), and with the same token what the manage page
// does: show the meeting (GET /api/meeting?token=…), move it (POST /api/meetings/reschedule) or cancel
// it (POST /api/meetings/cancel). docs/api.md, "Meetings".
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { business } from '../../content/site.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import { meetingPagePrefix } from '../../shared/site-pages.ts';
import { AGENCY_TIME_ZONE, MEETING_SLOTS_PATH, type MeetingJson, type SlotJson } from '../../shared/meetings.ts';
import { localeOf } from '../http/messages.ts';
import type { Database } from '../store/database.ts';
import { candidateSlots, freeSlots, isTimeZone, type AvailabilitySettings, type Interval } from './availability.ts';
import { bookedBetween, bookedMeetingOf, bookMeeting, cancelMeeting, latestMeetingOf, rescheduleMeeting, type Meeting, type MeetingNotices } from './meeting-store.ts';
import type { MeetingTokens } from './meeting-token.ts';

const DAY = 86_400_000;
/** How long one working out of the free slots answers GET /api/meeting-slots on an instance. */
const SLOTS_FRESH_MS = 2_000;
const BODY_LIMIT = 4 * 1024;

export interface MeetingRoutesOptions {
  db: Kysely<Database>;
  settings: AvailabilitySettings;
  tokens: MeetingTokens;
  /** What a booking, a move and a cancellation send (the notifications' plan). */
  notices?: MeetingNotices;
  /** The operators' busy time between two instants (busy-feeds.ts): each overlap takes a seat. */
  busy?: (from: Date, to: Date) => Interval[];
  now?: () => Date;
}

type MeetingBody = { token?: unknown; start?: unknown; timeZone?: unknown; locale?: unknown };

const meetingJson = (m: Meeting): MeetingJson => ({ start: m.start.toISOString(), end: m.end.toISOString(), status: m.status, timeZone: m.timeZone });

const slotJson = ({ start, end }: Interval): SlotJson => ({ start: start.toISOString(), end: end.toISOString() });

/** The manage page's address in the lead's language: `/meeting/<token>`, `/bg/meeting/<token>`. */
export const manageUrl = (token: string, locale: Locale) => `${business.website}${meetingPagePrefix(locale)}${token}`;

export async function meetingRoutes(app: FastifyInstance, opts: MeetingRoutesOptions) {
  const now = opts.now ?? (() => new Date());

  /** The free slots from now to the last day offered. */
  const free = async (at: Date) => {
    const until = new Date(at.getTime() + (opts.settings.daysAhead + 2) * DAY);
    const booked = await bookedBetween(opts.db, at, until);
    return freeSlots(opts.settings, at, booked, opts.busy?.(at, until) ?? []);
  };
  /**
   * The free slots as the list's JSON, worked out at most once every SLOTS_FRESH_MS on this instance and
   * shared by every request meanwhile (one working out for requests that arrive together): the list
   * costs milliseconds of CPU with a month of meetings, and anyone may ask for it. This instance's own
   * bookings, moves and cancellations work it out afresh at once; another instance's show within the
   * interval, and a visitor who picks a time taken meanwhile is told so with the list as it is then.
   */
  let listed: { at: number; json: Promise<string> } | undefined;
  const freeJson = (at: Date) => {
    if (!listed || at.getTime() - listed.at >= SLOTS_FRESH_MS || at.getTime() < listed.at) {
      const json = free(at).then((slots) => JSON.stringify(slots.map(slotJson)));
      listed = { at: at.getTime(), json };
      json.catch(() => (listed = undefined));
    }
    return listed.json;
  };
  const changed = () => (listed = undefined);

  /** The seats a slot has for meetings: the agency's, less one for each busy time of the operators then. */
  const seatsAt = (slot: Interval) => Math.max(0, opts.settings.seats - (opts.busy?.(slot.start, slot.end).length ?? 0));

  app.get<{ Querystring: { tz?: string } }>(MEETING_SLOTS_PATH, async (request, reply) => {
    const tz = request.query.tz ?? '';
    reply.header('cache-control', 'no-store');
    if (!isTimeZone(tz)) return reply.code(400).send({ error: apiMessages[localeOf(request)].unknownTimeZone });
    // The slots are instants, the same for every zone: only the zone named changes.
    const body = `{"timeZone":${JSON.stringify(tz)},"slots":${await freeJson(now())}}`;
    return reply.type('application/json; charset=utf-8').send(body);
  });

  /** Whether the answers may say an invitation is on its way (mail is configured). */
  const invited = opts.notices?.invitesVisitor ?? false;

  /** The body's language, its lead (undefined for a bad token) and the texts to answer in. */
  const read = async (body: MeetingBody, request: Parameters<typeof localeOf>[0]) => {
    const locale = isLocale(body.locale) ? body.locale : localeOf(request);
    const leadId = await opts.tokens.leadOf(body.token);
    const lead = leadId ? await opts.db.selectFrom('discovery_calls').select(['id', 'spam_reason']).where('id', '=', leadId).executeTakeFirst() : undefined;
    return { locale, t: apiMessages[locale], lead, token: body.token as string };
  };

  /** The slot a body's `start` names among the candidates now; undefined for any other time. */
  const slotOf = (body: MeetingBody, at: Date) => {
    const start = typeof body.start === 'string' ? new Date(body.start) : undefined;
    return start && candidateSlots(opts.settings, at).find((s) => s.start.getTime() === start.getTime());
  };
  const zoneOf = (body: MeetingBody) => (typeof body.timeZone === 'string' && isTimeZone(body.timeZone) ? body.timeZone : undefined);

  // The manage page's view: the lead's latest meeting (booked, moved, cancelled, held or missed), or null.
  app.get<{ Querystring: { token?: string } }>('/api/meeting', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { t, lead } = await read({ token: request.query.token }, request);
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });
    // A request taken for spam holds no meeting.
    const meeting = lead.spam_reason ? undefined : await latestMeetingOf(opts.db, lead.id);
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

    const existing = await bookedMeetingOf(opts.db, lead.id);
    if (existing) {
      // The same request again (a retry) gets the same answer; another time is a reschedule.
      if (existing.start.getTime() === slot.start.getTime()) {
        return reply.code(201).send({ ...slotJson(existing), manageUrl: manageUrl(token, locale), invited });
      }
      return reply.code(409).send({ error: t.alreadyBooked });
    }
    // A request taken for spam gets the answer a lead gets, and holds no time anyone could book.
    if (lead.spam_reason) return reply.code(201).send({ ...slotJson(slot), manageUrl: manageUrl(token, locale), invited });

    const booked = await bookMeeting(opts.db, { leadId: lead.id, slot, seats: seatsAt(slot), timeZone, now: at, ...(opts.notices ? { notices: opts.notices } : {}) });
    changed();
    if (booked === 'taken') {
      request.log.info({ leadId: lead.id }, 'meeting slot taken meanwhile');
      return reply.code(409).send({ error: t.slotTaken, slots: (await free(at)).map(slotJson) });
    }
    request.log.info({ leadId: lead.id, meetingId: booked.id, start: booked.start.toISOString() }, 'meeting booked');
    return reply.code(201).send({ ...slotJson(booked), manageUrl: manageUrl(token, locale), invited });
  });

  app.post<{ Body: MeetingBody }>('/api/meetings/reschedule', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const body = request.body ?? {};
    const { locale, t, lead, token } = await read(body, request);
    reply.header('cache-control', 'no-store');
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });
    const at = now();
    const slot = slotOf(body, at);
    if (!slot) return reply.code(400).send({ error: t.notASlot, slots: (await free(at)).map(slotJson) });
    const existing = lead.spam_reason ? undefined : await bookedMeetingOf(opts.db, lead.id);
    if (!existing) return reply.code(409).send({ error: t.noMeeting });
    // Moved to where it is (a retry): the same answer.
    if (existing.start.getTime() === slot.start.getTime()) return { ...slotJson(existing), manageUrl: manageUrl(token, locale), invited };

    const zone = zoneOf(body);
    const moved = await rescheduleMeeting(opts.db, {
      meeting: existing,
      slot,
      seats: seatsAt(slot),
      now: at,
      ...(zone ? { timeZone: zone } : {}),
      ...(opts.notices ? { notices: opts.notices } : {}),
    });
    changed();
    if (moved === 'gone') return reply.code(409).send({ error: t.noMeeting });
    if (moved === 'taken') return reply.code(409).send({ error: t.slotTaken, slots: (await free(at)).map(slotJson) });
    request.log.info({ leadId: lead.id, meetingId: moved.id, start: moved.start.toISOString(), sequence: moved.sequence }, 'meeting moved');
    return { ...slotJson(moved), manageUrl: manageUrl(token, locale), invited };
  });

  app.post<{ Body: MeetingBody }>('/api/meetings/cancel', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const body = request.body ?? {};
    const { t, lead } = await read(body, request);
    reply.header('cache-control', 'no-store');
    if (!lead) return reply.code(403).send({ error: t.badMeetingToken });
    const existing = lead.spam_reason ? undefined : await bookedMeetingOf(opts.db, lead.id);
    if (!existing) {
      // Cancelled already (a retry, or a second tab): the same answer; anything else has nothing to cancel.
      const latest = lead.spam_reason ? undefined : await latestMeetingOf(opts.db, lead.id);
      if (latest?.status === 'cancelled') return { meeting: meetingJson(latest) };
      return reply.code(409).send({ error: t.noMeeting });
    }
    const cancelled = await cancelMeeting(opts.db, existing, { now: now(), ...(opts.notices ? { notices: opts.notices } : {}) });
    changed();
    if (!cancelled) return reply.code(409).send({ error: t.noMeeting });
    request.log.info({ leadId: lead.id, meetingId: cancelled.id }, 'meeting cancelled');
    return { meeting: meetingJson(cancelled) };
  });
}
