// The inbox's agenda (behind the operator's session): the calls of today and the days ahead on Sofia's
// calendar, each with its lead, and marking one held or a no-show, from its start only. A no-show puts
// the lead back to waiting for a call and, if the operator asks, mails the visitor a link to pick
// another time once the mark can no longer be taken back: for OUTCOME_UNDO_MS a mark is undone as if
// it had not been made (its timeline entries, the lead's status and the unsent mail go with it).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { format } from '../../content/i18n/format.ts';
import { INBOX_API } from '../../shared/inbox.ts';
import { agendaMeeting, agendaQuery, meetingOutcome, OUTCOME_UNDO_MS, type AgendaMeeting } from '../../shared/agenda.ts';
import { MEETING_STATUSES } from '../../shared/meetings.ts';
import { sofiaTime } from '../../shared/meeting-times.ts';
import { adminMessagesFor, localeOf } from '../http/messages.ts';
import { adminRoute, idParams, json, refusal } from '../http/route-schemas.ts';
import { addLeadEvent } from '../leads/lead-timeline.ts';
import { iso, type Database } from '../store/database.ts';
import { dayOf, dayStart } from '../leads/days.ts';
import { enqueue } from '../notifications/outbox.ts';
import type { NewEntry } from '../notifications/entries.ts';
import type { OperatorGuard } from '../operators/guard.ts';
import { cancelMeeting, type MeetingNotices } from './meeting-store.ts';
import { meetingOfRow } from '../notifications/meeting-mail.ts';

const DAY = 86_400_000;

/** What a mark, a cancellation or an undo leaves the meeting as. */
const meetingStatus = z.object({ status: z.enum(MEETING_STATUSES) });
const unknownMeeting = refusal('No such meeting.');

export interface AgendaRoutesOptions {
  db: Kysely<Database>;
  guard: OperatorGuard;
  /** The visitor's "book another time" entry for a missed call, when the visitor can be mailed. */
  noShowNotice?: (meeting: { id: string; leadId: string }) => NewEntry | undefined;
  /** What a cancellation tells: the visitor's cancelled invitation, the operator's channels (meeting-store.ts). */
  notices?: MeetingNotices;
  now?: () => Date;
}

export async function agendaRoutes(app: FastifyInstance, opts: AgendaRoutesOptions) {
  const { db, guard } = opts;
  const now = opts.now ?? (() => new Date());
  app.addHook('preHandler', guard.requireOperator);

  const agendaSchema = {
    ...adminRoute(
      { summary: "The agenda: the booked, held and missed calls from the start of today (Sofia's)" },
      { 200: json(z.object({ meetings: z.array(agendaMeeting) }), 'The calls, in order, each with its lead.'), 400: refusal('A span of other than 1 to 31 days.') },
    ),
    querystring: agendaQuery,
  };
  app.get(INBOX_API.agenda, { schema: agendaSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = agendaQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: adminMessagesFor(request).badAgendaDays });
    // From the start of today in Sofia: the morning's calls stay on the agenda to be marked.
    const from = dayStart(dayOf(now()));
    const to = new Date(from.getTime() + query.data.days * DAY);
    const rows = await db
      .selectFrom('meetings as m')
      .innerJoin('discovery_calls as lead', 'lead.id', 'm.lead_id')
      .select(['m.id', 'm.starts_at', 'm.ends_at', 'm.status', 'm.updated_at', 'm.time_zone', 'lead.id as lead_id', 'lead.first_name', 'lead.business_name', 'lead.phone', 'lead.phone_e164', 'lead.service'])
      .where('m.status', '!=', 'cancelled')
      .where('m.starts_at', '>=', from.toISOString())
      .where('m.starts_at', '<', to.toISOString())
      .orderBy('m.starts_at')
      .orderBy('m.seat')
      .execute();
    const meetings: AgendaMeeting[] = rows.map((r) => ({
      id: r.id,
      start: iso(r.starts_at),
      end: iso(r.ends_at),
      status: r.status,
      marked_at: r.status === 'held' || r.status === 'no_show' ? iso(r.updated_at) : null,
      time_zone: r.time_zone,
      lead: { id: r.lead_id, first_name: r.first_name, business_name: r.business_name, phone: r.phone, phone_e164: r.phone_e164, service: r.service },
    }));
    return { meetings };
  });

  const outcomeSchema = {
    ...adminRoute(
      { summary: 'Mark a call held or a no-show, from its start', write: true },
      {
        200: json(meetingStatus, 'Marked.'),
        400: refusal('Another outcome.'),
        404: unknownMeeting,
        409: refusal('The call has not started (saying from when), or is not booked.'),
      },
    ),
    params: idParams,
    body: meetingOutcome,
  };
  app.post<{ Params: { id: string } }>(INBOX_API.meetingOutcome('ID').replace('ID', ':id'), { schema: outcomeSchema }, async (request, reply) => {
    const messages = adminMessagesFor(request);
    const body = meetingOutcome.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: messages.badOutcome });
    const { id } = request.params;
    const at = now().toISOString();
    const by = guard.operatorOf(request);
    const outcome = await db.transaction().execute(async (trx) => {
      const meeting = await trx.selectFrom('meetings').select(['id', 'lead_id', 'starts_at', 'status']).where('id', '=', id).executeTakeFirst();
      if (!meeting) return 'missing' as const;
      // A call is marked once it has begun, never ahead of it.
      if (meeting.status === 'booked' && new Date(iso(meeting.starts_at)) > new Date(at)) return { notBefore: iso(meeting.starts_at) };
      const updated = await trx
        .updateTable('meetings')
        .set({ status: body.data.outcome, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'booked')
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return 'not booked' as const;
      await addLeadEvent(trx, { lead_id: meeting.lead_id, type: `meeting.${body.data.outcome}`, detail: iso(meeting.starts_at), created_at: at, by });
      if (body.data.outcome === 'no_show') {
        // The call did not happen: the lead waits for one again.
        const moved = await trx
          .updateTable('discovery_calls')
          .set({ status: 'pending', updated_at: at, status_since: at })
          .where('id', '=', meeting.lead_id)
          .where('status', '=', 'scheduled')
          .executeTakeFirst();
        if (moved.numUpdatedRows > 0n) await addLeadEvent(trx, { lead_id: meeting.lead_id, type: 'status', detail: 'pending', created_at: at, by });
        const entry = body.data.offer_new_time ? opts.noShowNotice?.({ id, leadId: meeting.lead_id }) : undefined;
        // Sent once the mark can no longer be taken back.
        if (entry) await enqueue(trx, [{ ...entry, notBefore: new Date(Date.parse(at) + OUTCOME_UNDO_MS) }], new Date(at));
      }
      return 'done' as const;
    });
    if (outcome === 'missing') return reply.code(404).send({ error: messages.meetingNotFound });
    if (outcome === 'not booked') return reply.code(409).send({ error: messages.meetingNotBooked });
    if (typeof outcome === 'object') return reply.code(409).send({ error: format(messages.meetingNotStarted, { time: sofiaTime(outcome.notBefore, localeOf(request)) }) });
    request.log.info({ meetingId: id, outcome: body.data.outcome }, 'meeting marked');
    return { status: body.data.outcome };
  });

  // Cancels a booked call for the visitor, from the lead's page or the agenda: as the visitor's own
  // cancellation does, the slot is freed, the lead waits for a call again, and the visitor gets the
  // cancelled invitation, once; and their link books no other time (a slot the operator freed stays free).
  const cancelSchema = {
    ...adminRoute(
      { summary: "Cancel a booked call for the visitor, and close the visitor's link", write: true },
      { 200: json(meetingStatus, 'Cancelled.'), 404: unknownMeeting, 409: refusal('The call is not booked.') },
    ),
    params: idParams,
  };
  app.post<{ Params: { id: string } }>(INBOX_API.meetingCancel('ID').replace('ID', ':id'), { schema: cancelSchema }, async (request, reply) => {
    const messages = adminMessagesFor(request);
    const row = await db.selectFrom('meetings').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) return reply.code(404).send({ error: messages.meetingNotFound });
    const cancelled = row.status === 'booked' ? await cancelMeeting(db, meetingOfRow(row), { now: now(), closeLink: true, ...(opts.notices ? { notices: opts.notices } : {}) }) : undefined;
    if (!cancelled) return reply.code(409).send({ error: messages.meetingNotBooked });
    request.log.info({ meetingId: row.id, operatorId: guard.operatorOf(request).id }, 'meeting cancelled by an operator');
    return { status: cancelled.status };
  });

  // Takes a mark back within OUTCOME_UNDO_MS: the meeting is booked again, the lead's status and
  // timeline are as before the mark, and the no-show's mail, still waiting, is not sent.
  const undoSchema = {
    ...adminRoute(
      { summary: 'Take a mark back, within ten minutes', write: true },
      { 200: json(meetingStatus, 'Booked again, as if never marked.'), 404: unknownMeeting, 409: refusal('Not marked, or marked too long ago.') },
    ),
    params: idParams,
  };
  app.delete<{ Params: { id: string } }>(INBOX_API.meetingOutcome('ID').replace('ID', ':id'), { schema: undoSchema }, async (request, reply) => {
    const messages = adminMessagesFor(request);
    const { id } = request.params;
    const at = now();
    const undone = await db.transaction().execute(async (trx) => {
      const meeting = await trx.selectFrom('meetings').select(['id', 'lead_id', 'status', 'updated_at']).where('id', '=', id).executeTakeFirst();
      if (!meeting) return 'missing' as const;
      const markedAt = iso(meeting.updated_at);
      if ((meeting.status !== 'held' && meeting.status !== 'no_show') || at.getTime() - Date.parse(markedAt) > OUTCOME_UNDO_MS) return 'closed' as const;
      await trx.updateTable('meetings').set({ status: 'booked', updated_at: at.toISOString() }).where('id', '=', id).where('status', '=', meeting.status).execute();
      // What the mark wrote, all at its moment: its own entry, and a no-show's move of the lead to pending.
      const events = await trx.selectFrom('lead_events').select(['id', 'type', 'detail']).where('lead_id', '=', meeting.lead_id).where('created_at', '=', markedAt).execute();
      const ours = events.filter((e) => e.type === `meeting.${meeting.status}` || (e.type === 'status' && e.detail === 'pending' && meeting.status === 'no_show'));
      if (ours.length) await trx.deleteFrom('lead_events').where('id', 'in', ours.map((e) => e.id)).execute();
      if (ours.some((e) => e.type === 'status')) {
        await trx.updateTable('discovery_calls').set({ status: 'scheduled', updated_at: at.toISOString(), status_since: at.toISOString() }).where('id', '=', meeting.lead_id).where('status', '=', 'pending').execute();
      }
      await trx.deleteFrom('outbox').where('meeting_id', '=', id).where('kind', '=', 'meeting.no_show').where('delivered_at', 'is', null).execute();
      return 'done' as const;
    });
    if (undone === 'missing') return reply.code(404).send({ error: messages.meetingNotFound });
    if (undone === 'closed') return reply.code(409).send({ error: format(messages.outcomeNotUndoable, { minutes: OUTCOME_UNDO_MS / 60_000 }) });
    request.log.info({ meetingId: id }, 'meeting mark taken back');
    return { status: 'booked' };
  });
}
