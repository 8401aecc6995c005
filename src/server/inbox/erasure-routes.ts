// A person's data in the inbox, found by the email they booked with: its export (every lead with its
// timeline and notifications, as a JSON download), how many leads an erasure would take, and the
// erasure itself (erasure.ts). All three are POSTs behind the operator's session: the address travels
// in the body, never in a URL that logs and browser histories keep, and admin-requests.ts refuses them
// from another site. Nothing here logs the address.
import type { MeetingNotices } from '../meetings/meeting-store.ts';
import type { MeetingRef } from '../notifications/entries.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scheduledCalls } from '../leads/callbacks.ts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { format } from '../../content/i18n/format.ts';
import {
  erasureDone,
  erasurePreview,
  INBOX_API,
  personErasure,
  personExport as personExportShape,
  personQuery,
  type ErasureDone,
  type ErasurePreview,
} from '../../shared/inbox.ts';
import type { OperatorGuard } from '../operators/guard.ts';
import type { Database, Dialect } from '../store/database.ts';
import { dayOf } from '../leads/days.ts';
import { erasePerson, forgetOldPages, leadCountOf, personExport } from '../privacy/erasure.ts';
import { adminMessagesFor } from '../http/messages.ts';
import { adminRoute, apiError, json, refusal } from '../http/route-schemas.ts';

export interface ErasureRoutesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  guard: OperatorGuard;
  /** A call's cancellation notices: an erased person's call still ahead is announced as cancelled. */
  meetingNotices?: Pick<MeetingNotices, 'entries' | 'afterWrite'>;
  /** Stops Alex calling a lead back (notifications' stopCallback). */
  stopCallback?: (leadId: string, why: string) => Promise<number>;
  now?: () => Date;
}


const badEmail = refusal('A malformed address.');
const nobody = refusal('No lead has the address.');
const schemas = {
  export: {
    ...adminRoute(
      { summary: "A person's data: each of their leads with its timeline, deliveries, meetings and conversations", write: true },
      { 200: json(personExportShape, 'The JSON file, as an attachment.'), 400: badEmail, 404: nobody },
    ),
    body: personQuery,
  },
  preview: {
    ...adminRoute({ summary: 'How many leads an erasure of the person would take', write: true }, { 200: json(erasurePreview, 'The count.'), 400: badEmail }),
    body: personQuery,
  },
  erase: {
    ...adminRoute(
      { summary: "Erase a person's leads, with everything of theirs", write: true },
      {
        200: json(erasureDone, 'How many leads went.'),
        400: refusal('A malformed address, or no count confirmed.'),
        404: nobody,
        503: refusal('A call Alex holds for the calling hours could not be taken back from Vapi: nothing erased. Retry-After: 60.'),
        409: json(apiError.extend({ leads: z.number() }), 'There are no longer `expected` leads: nothing erased; the count now.'),
      },
    ),
    body: personErasure,
  },
};

/** The email of the body, normalised as the store keeps it; undefined once a 400 is sent. */
function emailOf(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const body = personQuery.safeParse(request.body);
  if (body.success) return body.data.email;
  void reply.code(400).send({ error: adminMessagesFor(request).badEmail });
  return undefined;
}

export async function erasureRoutes(app: FastifyInstance, { db, dialect, guard, meetingNotices, stopCallback, now = () => new Date() }: ErasureRoutesOptions) {
  app.addHook('preHandler', guard.requireOperator);

  app.post(INBOX_API.personExport, { schema: schemas.export }, async (request, reply) => {
    const email = emailOf(request, reply);
    if (email === undefined) return reply;
    const at = now();
    const data = await personExport(db, dialect, email, at);
    if (!data) return reply.code(404).send({ error: adminMessagesFor(request).personNotFound });
    request.log.info({ operatorId: guard.operatorOf(request).id, leads: data.leads.length }, 'person exported');
    return reply
      .header('content-disposition', `attachment; filename="lead-data-${dayOf(at)}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.post(INBOX_API.personErasurePreview, { schema: schemas.preview }, async (request, reply) => {
    const email = emailOf(request, reply);
    if (email === undefined) return reply;
    return { leads: await leadCountOf(db, email) } satisfies ErasurePreview;
  });

  app.post(INBOX_API.personErase, { schema: schemas.erase }, async (request, reply) => {
    const messages = adminMessagesFor(request);
    const email = emailOf(request, reply);
    if (email === undefined) return reply;
    const body = personErasure.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: messages.badExpected });
    const operatorId = guard.operatorOf(request).id;
    // Alex calls no one erased: a call Vapi holds for the calling hours is taken back first, while its
    // record still says which it is.
    for (const { id } of await db.selectFrom('discovery_calls').select('id').where('email', '=', email).execute()) {
      await stopCallback?.(id, 'the person was erased').catch((err: unknown) => request.log.warn({ err }, 'callback not stopped before erasure'));
      // A call Vapi still holds would ring the erased person, with nothing left here to take it back.
      if ((await scheduledCalls(db, id)).length) {
        request.log.warn({ leadId: id }, 'erasure refused: a scheduled call could not be taken back');
        return reply.code(503).header('retry-after', '60').send({ error: messages.callbackNotStopped });
      }
    }
    const cancellations = meetingNotices ? { cancellations: (meeting: MeetingRef) => meetingNotices.entries('meeting.cancelled', meeting) } : {};
    const result = await erasePerson(db, email, body.data.expected, { operatorId, at: now(), ...cancellations });
    if ('erased' in result) meetingNotices?.afterWrite?.();
    if ('changed' in result) {
      if (result.changed === 0) return reply.code(404).send({ error: messages.personNotFound });
      return reply.code(409).send({ error: format(messages.erasureCountChanged, { count: result.changed }), leads: result.changed });
    }
    await forgetOldPages(db, dialect).catch((err: unknown) => request.log.warn({ err }, 'checkpoint after erasure failed'));
    request.log.info({ operatorId, leads: result.erased }, 'person erased');
    return { erased: result.erased } satisfies ErasureDone;
  });
}
