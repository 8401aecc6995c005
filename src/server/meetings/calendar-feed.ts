// Each operator's calendar feed of the agency's calls: a secret address their calendar app subscribes
// to (`/calendar/<operator id>.<version>.<signature>.ics`), signed with a secret of the site's own every
// instance shares, so nothing secret is stored and the inbox can show the address again. Renewing it is
// one more version (operators.calendar_version): the old signature no longer matches, and the old
// address answers 404. The feed lists the booked calls from a month back to the days ahead, with the
// lead's name, business, phone and service, and a link to the lead in the inbox (METHOD:PUBLISH).
import { createSigner, type Signer } from '../core/signer.ts';
import { icsText } from '../core/ics.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Kysely } from 'kysely';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { business } from '../../content/site.ts';
import { INBOX_API, inboxLeadPath } from '../../shared/inbox.ts';
import { isService } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import { iso, type Database } from '../store/database.ts';
import { invitationUid } from '../notifications/meeting-mail.ts';
import type { OperatorGuard } from '../operators/guard.ts';
import { adminRoute, json } from '../http/route-schemas.ts';

const DAY = 86_400_000;
/** The calls a feed lists: the last month's, and those ahead. */
const DAYS_BACK = 31;
const DAYS_AHEAD = 120;

export const CALENDAR_FEED_PREFIX = '/calendar/';
const FEED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,9})\.([\w-]{43})\.ics$/;

export interface CalendarFeedOptions {
  db: Kysely<Database>;
  guard: OperatorGuard;
  /** Signs the feeds' addresses (createCalendarFeedSigner). */
  signer: Signer;
  /** The language the feed's words are in: the operators'. */
  locale: Locale;
  /** Where the feed's address and its links to the inbox point (config.linkOrigin). */
  origin: string;
  now?: () => Date;
}

/** The feeds' signer, over the site's secret for them (store/site-secret.ts). */
export const createCalendarFeedSigner = (secret: () => Promise<Buffer>): Signer => createSigner('calendar-feed', secret);

export async function calendarFeedRoutes(app: FastifyInstance, opts: CalendarFeedOptions) {
  const now = opts.now ?? (() => new Date());
  const { signer } = opts;
  const sign = (operatorId: string, version: number) => signer.sign(`${operatorId}:${version}`);
  const feedUrl = async (operatorId: string, version: number) =>
    `${opts.origin}${CALENDAR_FEED_PREFIX}${operatorId}.${version}.${await sign(operatorId, version)}.ics`;
  const versionOf = async (operatorId: string) =>
    (await opts.db.selectFrom('operators').select('calendar_version').where('id', '=', operatorId).executeTakeFirst())?.calendar_version;

  // The operator's own address, and its renewal: behind the session, as every inbox route.
  await app.register(async (inbox) => {
    inbox.addHook('preHandler', opts.guard.requireOperator);
    const feedAddress = z.object({ url: z.string() });
    const addressSchema = adminRoute(
      { summary: "The operator's own calendar feed address" },
      { 200: json(feedAddress, 'The address, the same each time it is asked for.') },
    );
    const renewSchema = adminRoute(
      { summary: 'A new calendar feed address; the old one answers 404 from then on', write: true },
      { 200: json(feedAddress, 'The new address.') },
    );
    inbox.get(INBOX_API.calendar, { schema: addressSchema }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id } = opts.guard.operatorOf(request);
      return { url: await feedUrl(id, (await versionOf(id)) ?? 0) };
    });
    inbox.post(INBOX_API.calendarRenew, { schema: renewSchema }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id } = opts.guard.operatorOf(request);
      const row = await opts.db
        .updateTable('operators')
        .set((eb) => ({ calendar_version: eb('calendar_version', '+', 1) }))
        .where('id', '=', id)
        .returning('calendar_version')
        .executeTakeFirstOrThrow();
      request.log.info({ operatorId: id }, 'calendar feed address renewed');
      return { url: await feedUrl(id, row.calendar_version) };
    });
  });

  // The feed itself, for calendar apps: no session, the address is the key.
  app.get<{ Params: { file: string } }>(`${CALENDAR_FEED_PREFIX}:file`, async (request, reply) => {
    const match = FEED.exec(request.params.file);
    const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found.' });
    if (!match) return notFound();
    const [, operatorId = '', versionText = '', signature = ''] = match;
    const version = Number(versionText);
    if ((await versionOf(operatorId)) !== version) return notFound();
    if (!(await signer.verify(`${operatorId}:${version}`, signature))) return notFound();

    const at = now();
    const rows = await opts.db
      .selectFrom('meetings as m')
      .innerJoin('discovery_calls as lead', 'lead.id', 'm.lead_id')
      .select(['m.id', 'm.starts_at', 'm.ends_at', 'm.sequence', 'lead.id as lead_id', 'lead.first_name', 'lead.business_name', 'lead.phone', 'lead.service'])
      .where('m.status', 'in', ['booked', 'held'])
      .where('m.starts_at', '>=', new Date(at.getTime() - DAYS_BACK * DAY).toISOString())
      .where('m.starts_at', '<', new Date(at.getTime() + DAYS_AHEAD * DAY).toISOString())
      .orderBy('m.starts_at')
      .execute();
    const labels = bookingTexts[opts.locale];
    const calendar = ical({ name: business.name, prodId: { company: business.name, product: 'Agenda' }, method: ICalCalendarMethod.PUBLISH, ttl: 15 * 60 });
    for (const r of rows) {
      const service = isService(r.service) ? labels.services[r.service] : r.service;
      const leadUrl = `${opts.origin}${inboxLeadPath(r.lead_id)}`;
      calendar.createEvent({
        id: invitationUid({ id: r.id }),
        sequence: r.sequence,
        stamp: at,
        start: new Date(iso(r.starts_at)),
        end: new Date(iso(r.ends_at)),
        summary: `${r.first_name} · ${r.business_name}`,
        description: `${r.phone}\n${service}\n${leadUrl}`,
        url: leadUrl,
      });
    }
    return reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').type('text/calendar; charset=utf-8').send(icsText(calendar));
  });
}
