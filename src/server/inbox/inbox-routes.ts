// The inbox's API under /api/admin/: the list, a lead with its timeline and notifications, and an
// operator's changes to it. admin-requests.ts has already answered 404 on a site without operators and
// refused a write from another site; every route here is behind the operator's session as well.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { type AdminMessages } from '../../content/i18n/admin-messages.ts';
import { format } from '../../content/i18n/index.ts';
import { conversationJson } from '../../shared/conversations.ts';
import {
  INBOX_API,
  leadListQuery,
  leadPage,
  leadView,
  newNote,
  NOTE_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  statusChange,
  type LeadMeeting,
  type LeadView,
} from '../../shared/inbox.ts';
import { deliverySummaryOf, type Outbox } from '../notifications/outbox.ts';
import type { OperatorGuard } from '../operators/guard.ts';
import type { Database, Dialect } from '../store/database.ts';
import { addLeadEvent } from '../leads/lead-timeline.ts';
import type { LeadStore } from '../leads/lead-store.ts';
import { conversationsOfLead, recentConversations } from '../leads/conversation-store.ts';
import { aiCallsDeclinedAt, callbacksOfLead } from '../leads/callbacks.ts';
import { BadCursorError, leadDetail, listLeads, timelineEntryOf } from '../leads/lead-queries.ts';
import { adminMessagesFor } from '../http/messages.ts';
import { adminRoute, empty, idParams, json, refusal } from '../http/route-schemas.ts';
import { bookedMeetingOf, cancelMeeting, latestMeetingOf, type MeetingNotices } from '../meetings/meeting-store.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';

export interface InboxRoutesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  guard: OperatorGuard;
  /** The lead store: a status change, a restoration from spam (which notifies as a new lead would). */
  leads: LeadStore;
  /** The notifications' outbox, for a lead's deliveries and re-sends. */
  outbox: Outbox;
  /** The visitor's page of a lead's call, in the lead's language (the meeting tokens' pageOf, signed). */
  manageUrl: (leadId: string, locale: Locale) => Promise<string>;
  /** What a meeting's cancellation writes to the outbox (a lost lead's call is cancelled). */
  meetingNotices?: MeetingNotices;
  /** Stops Alex calling a lead back (notifications' stopCallback); how many calls it stopped. */
  stopCallback?: (leadId: string, why: string) => Promise<number>;
  now?: () => Date;
}

/** A route's path as Fastify matches it: INBOX_API's, with a parameter where the id goes. */
const route = (path: (id: string) => string) => path('ID').replace('ID', ':id');


const unknownLead = refusal('No such lead.');
const theLead = (description: string) => json(leadView, description);

/** Each route's schema, for the API's description (http/openapi.ts); the handlers read their input themselves. */
const schemas = {
  leads: {
    ...adminRoute(
      { summary: 'A page of leads, newest first' },
      { 200: json(leadPage, 'The leads and the next cursor (null on the last page).'), 400: refusal('A filter it cannot use (named), or a cursor it did not make.') },
    ),
    querystring: leadListQuery,
  },
  conversations: {
    ...adminRoute(
      { summary: 'The most recent conversations with the assistants, newest first' },
      { 200: json(z.object({ conversations: z.array(conversationJson) }), 'At most 50, with or without a lead.') },
    ),
    querystring: z.object({ q: z.string().optional().describe('Looked for in summaries, transcripts and their leads.') }),
  },
  lead: { ...adminRoute({ summary: 'A lead with its timeline, deliveries, conversations and latest call' }, { 200: theLead('The lead.'), 404: unknownLead }), params: idParams },
  seen: { ...adminRoute({ summary: 'Mark a lead opened', write: true }, { 204: empty('Marked (or marked already).'), 404: unknownLead }), params: idParams },
  status: {
    ...adminRoute({ summary: "Change a lead's status", write: true }, { 200: theLead('The lead as its page shows it.'), 400: refusal('A status that does not exist.'), 404: unknownLead }),
    params: idParams,
    body: statusChange,
  },
  restore: {
    ...adminRoute(
      { summary: 'Make a request taken for spam a lead', write: true },
      { 200: theLead('The lead, which now notifies as a new one.'), 404: unknownLead, 409: refusal('The lead is not spam.') },
    ),
    params: idParams,
  },
  callbackStop: {
    ...adminRoute(
      { summary: 'Stop Alex calling a lead back', write: true },
      { 200: theLead('The lead, its call withdrawn or taken back from Vapi’s schedule.'), 404: unknownLead },
    ),
    params: idParams,
  },
  notes: {
    ...adminRoute({ summary: 'Add a note to a lead', write: true }, { 201: theLead('The lead, the note on its timeline.'), 400: refusal('Empty, or too long.'), 404: unknownLead }),
    params: idParams,
    body: newNote,
  },
  resend: {
    ...adminRoute(
      { summary: 'Send a failed delivery again', write: true },
      {
        200: theLead("The delivery's lead."),
        204: empty('Sent again, for a notice of an erased lead.'),
        404: refusal('No such delivery.'),
        409: refusal('The delivery did not fail.'),
      },
    ),
    params: idParams,
  },
};

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export async function inboxRoutes(app: FastifyInstance, opts: InboxRoutesOptions) {
  const { db, dialect, guard } = opts;
  const now = opts.now ?? (() => new Date());
  const { leads, outbox } = opts;

  // Registered inside this plugin, so it stands in front of each of its routes and no others.
  app.addHook('preHandler', guard.requireOperator);

  /** A lead with its timeline and notifications; undefined for an unknown id. */
  async function viewOf(id: string): Promise<LeadView | undefined> {
    const lead = await leadDetail(db, id);
    if (!lead) return undefined;
    const [events, deliveries, conversations, meeting, callbacks, aiCallsDeclined] = await Promise.all([
      leads.events(id),
      outbox.deliveriesOf(id),
      conversationsOfLead(db, id),
      latestMeetingOf(db, id),
      callbacksOfLead(db, id),
      aiCallsDeclinedAt(db, lead.phone_e164),
    ]);
    const call: LeadMeeting | null =
      meeting && !lead.spam_reason
        ? {
            id: meeting.id,
            start: meeting.start.toISOString(),
            end: meeting.end.toISOString(),
            status: meeting.status,
            time_zone: meeting.timeZone,
            manage_url: await opts.manageUrl(id, isLocale(lead.locale) ? lead.locale : 'en'),
          }
        : null;
    return { lead, meeting: call, timeline: events.map(timelineEntryOf), deliveries: deliveries.map(deliverySummaryOf), conversations, callbacks, ai_calls_declined_at: aiCallsDeclined };
  }

  const leadNotFound = (request: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ error: adminMessagesFor(request).leadNotFound });

  app.get(INBOX_API.leads, { schema: schemas.leads }, async (request, reply) => {
    const messages = adminMessagesFor(request);
    const query = leadListQuery.safeParse(request.query);
    if (!query.success) {
      const fields = [...new Set(query.error.issues.map((i) => String(i.path[0] ?? '')))];
      if (fields.length === 1 && fields[0] === 'cursor') return reply.code(400).send({ error: messages.badCursor });
      const names = fields.map((f) => messages.filterNames[f as keyof AdminMessages['filterNames']] ?? f).join(', ');
      return reply.code(400).send({ error: format(messages.badFilters, { fields: names }) });
    }
    try {
      return await listLeads(db, dialect, query.data, now());
    } catch (err) {
      if (err instanceof BadCursorError) return reply.code(400).send({ error: messages.badCursor });
      throw err;
    }
  });

  // The recent conversations with Alex and Lana, with or without a lead; `q` looks in their summaries,
  // transcripts and leads.
  app.get<{ Querystring: { q?: string } }>(INBOX_API.conversations, { schema: schemas.conversations }, async (request) => {
    const q = typeof request.query.q === 'string' ? request.query.q.trim().slice(0, SEARCH_MAX_LENGTH) : '';
    return { conversations: await recentConversations(db, q ? { q } : {}) };
  });

  app.get(route(INBOX_API.lead), { schema: schemas.lead }, async (request, reply) => {
    const view = await viewOf(idOf(request));
    return view ?? leadNotFound(request, reply);
  });

  // The first operator to open a lead marks it seen for all: the list shows which leads no one has
  // looked at yet (docs/decisions/010-inbox-queries.md). Opening it again changes nothing.
  app.post(route(INBOX_API.seen), { schema: schemas.seen }, async (request, reply) => {
    const id = idOf(request);
    const marked = await db
      .updateTable('discovery_calls')
      .set({ seen_at: now().toISOString() })
      .where('id', '=', id)
      .where('seen_at', 'is', null)
      .executeTakeFirst();
    if (marked.numUpdatedRows === 0n && !(await leadDetail(db, id))) return leadNotFound(request, reply);
    return reply.code(204).send();
  });

  app.post(route(INBOX_API.status), { schema: schemas.status }, async (request, reply) => {
    const body = statusChange.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: adminMessagesFor(request).badStatus });
    const id = idOf(request);
    const changed = await leads.updateStatus(id, body.data.status, guard.operatorOf(request));
    if (!changed) return leadNotFound(request, reply);
    // An operator has taken the lead up: Alex does not call it as well.
    await stopCallback(request, id, `an operator marked the request ${body.data.status}`);
    // A lead given up on keeps no time: its call is cancelled (the visitor told, the slot free) and its
    // link books nothing while it stays lost (meetings/meeting-routes.ts).
    const booked = body.data.status === 'lost' ? await bookedMeetingOf(db, id) : undefined;
    if (booked) {
      await cancelMeeting(db, booked, { now: now(), ...(opts.meetingNotices ? { notices: opts.meetingNotices } : {}) });
      request.log.info({ leadId: id, meetingId: booked.id }, 'meeting cancelled: its lead is lost');
    }
    return viewOf(id);
  });

  /** Stops Alex's call to a lead; a failure to reach Vapi is logged, and the minute's round tries again. */
  const stopCallback = async (request: FastifyRequest, id: string, why: string) => {
    const stopped = await opts.stopCallback?.(id, why).catch((err: unknown) => {
      request.log.warn({ err, leadId: id }, 'callback not stopped');
      return 0;
    });
    if (stopped) request.log.info({ leadId: id, stopped }, 'callback stopped');
  };

  app.post(route(INBOX_API.callbackStop), { schema: schemas.callbackStop }, async (request, reply) => {
    const id = idOf(request);
    if (!(await leadDetail(db, id))) return leadNotFound(request, reply);
    await stopCallback(request, id, 'stopped by an operator');
    return viewOf(id);
  });

  app.post(route(INBOX_API.restore), { schema: schemas.restore }, async (request, reply) => {
    const id = idOf(request);
    const restored = await leads.restore(id, guard.operatorOf(request));
    if (restored === undefined) return leadNotFound(request, reply);
    if (restored === false) return reply.code(409).send({ error: adminMessagesFor(request).notSpam });
    request.log.info({ leadId: id }, 'lead restored from spam');
    return viewOf(id);
  });

  app.post(route(INBOX_API.notes), { schema: schemas.notes }, async (request, reply) => {
    const messages = adminMessagesFor(request);
    const body = newNote.safeParse(request.body);
    if (!body.success) {
      const tooLong = body.error.issues.some((i) => i.code === 'too_big');
      return reply
        .code(400)
        .send({ error: tooLong ? format(messages.noteTooLong, { max: NOTE_MAX_LENGTH }) : messages.noteEmpty });
    }
    const id = idOf(request);
    // SQLite does not hold the timeline to existing leads, so the lead is looked for first.
    if (!(await leadDetail(db, id))) return leadNotFound(request, reply);
    await addLeadEvent(db, {
      lead_id: id,
      type: 'note',
      detail: body.data.text,
      created_at: now().toISOString(),
      by: guard.operatorOf(request),
    });
    return reply.code(201).send(await viewOf(id));
  });

  // Only a failed notification goes back in line: one still trying, or delivered, would be sent twice.
  app.post(route(INBOX_API.resend), { schema: schemas.resend }, async (request, reply) => {
    const messages = adminMessagesFor(request);
    const id = idOf(request);
    const entry = await db.selectFrom('outbox').select(['lead_id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!entry) return reply.code(404).send({ error: messages.deliveryNotFound });
    if (entry.status !== 'failed' || !(await outbox.resend(id))) return reply.code(409).send({ error: messages.notFailed });
    request.log.info({ deliveryId: id, leadId: entry.lead_id }, 'notification re-sent');
    // A notice of an erased lead is deleted once sent or given up on: none is failed to re-send.
    return entry.lead_id === null ? reply.code(204).send() : viewOf(entry.lead_id);
  });
}
