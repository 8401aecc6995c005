// The visitor's side of meetings: the free slots (GET /api/meeting-slots?tz=…) and booking one with
// the meeting token the booking API gave (POST /api/meetings). docs/api.md, "Meetings".
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { business } from '../../content/site.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import { pathOf } from '../../shared/site-pages.ts';
import { AGENCY_TIME_ZONE, MEETING_SLOTS_PATH, type MeetingSlotsJson, type SlotJson } from '../../shared/meetings.ts';
import { localeOf } from '../http/messages.ts';
import type { Database } from '../store/database.ts';
import { candidateSlots, freeSlots, isTimeZone, type AvailabilitySettings, type Interval } from './availability.ts';
import { bookedBetween, bookedMeetingOf, bookMeeting } from './meeting-store.ts';
import type { MeetingTokens } from './meeting-token.ts';

const DAY = 86_400_000;
const BODY_LIMIT = 4 * 1024;

export interface MeetingRoutesOptions {
  db: Kysely<Database>;
  settings: AvailabilitySettings;
  tokens: MeetingTokens;
  now?: () => Date;
}

const slotJson = ({ start, end }: Interval): SlotJson => ({ start: start.toISOString(), end: end.toISOString() });

/** The manage page's address in the lead's language: `/meeting/<token>`, `/bg/meeting/<token>`. */
export const manageUrl = (token: string, locale: Locale) => `${business.website}${pathOf(locale)}meeting/${token}`;

export async function meetingRoutes(app: FastifyInstance, opts: MeetingRoutesOptions) {
  const now = opts.now ?? (() => new Date());

  /** The free slots from now to the last day offered. */
  const free = async (at: Date) => {
    const booked = await bookedBetween(opts.db, at, new Date(at.getTime() + (opts.settings.daysAhead + 2) * DAY));
    return freeSlots(opts.settings, at, booked);
  };

  app.get<{ Querystring: { tz?: string } }>(MEETING_SLOTS_PATH, async (request, reply) => {
    const tz = request.query.tz ?? '';
    reply.header('cache-control', 'no-store');
    if (!isTimeZone(tz)) return reply.code(400).send({ error: apiMessages[localeOf(request)].unknownTimeZone });
    const body: MeetingSlotsJson = { timeZone: tz, slots: (await free(now())).map(slotJson) };
    return body;
  });

  app.post<{ Body: { token?: unknown; start?: unknown; timeZone?: unknown; locale?: unknown } }>(
    '/api/meetings',
    { bodyLimit: BODY_LIMIT },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const locale = isLocale(body.locale) ? body.locale : localeOf(request);
      const t = apiMessages[locale];
      reply.header('cache-control', 'no-store');
      const leadId = await opts.tokens.leadOf(body.token);
      if (!leadId) return reply.code(403).send({ error: t.badMeetingToken });
      const lead = await opts.db.selectFrom('discovery_calls').select(['id', 'spam_reason']).where('id', '=', leadId).executeTakeFirst();
      if (!lead) return reply.code(403).send({ error: t.badMeetingToken });

      const at = now();
      const start = typeof body.start === 'string' ? new Date(body.start) : undefined;
      const slot = start && candidateSlots(opts.settings, at).find((s) => s.start.getTime() === start.getTime());
      if (!slot) return reply.code(400).send({ error: t.notASlot, slots: (await free(at)).map(slotJson) });
      const timeZone = typeof body.timeZone === 'string' && isTimeZone(body.timeZone) ? body.timeZone : AGENCY_TIME_ZONE;
      const token = body.token as string;

      const existing = await bookedMeetingOf(opts.db, leadId);
      if (existing) {
        // The same request again (a retry) gets the same answer; another time is a reschedule.
        if (existing.start.getTime() === slot.start.getTime()) {
          return reply.code(201).send({ ...slotJson(existing), manageUrl: manageUrl(token, locale) });
        }
        return reply.code(409).send({ error: t.alreadyBooked });
      }
      // A request taken for spam gets the answer a lead gets, and holds no time anyone could book.
      if (lead.spam_reason) return reply.code(201).send({ ...slotJson(slot), manageUrl: manageUrl(token, locale) });

      const booked = await bookMeeting(opts.db, { leadId, slot, seats: opts.settings.seats, timeZone, now: at });
      if (booked === 'taken') {
        request.log.info({ leadId }, 'meeting slot taken meanwhile');
        return reply.code(409).send({ error: t.slotTaken, slots: (await free(at)).map(slotJson) });
      }
      request.log.info({ leadId, meetingId: booked.id, start: booked.start.toISOString() }, 'meeting booked');
      return reply.code(201).send({ ...slotJson(booked), manageUrl: manageUrl(token, locale) });
    },
  );
}
