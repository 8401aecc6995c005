// The funnel's two routes: POST /api/events, where the page reports a step of the booking funnel (with
// navigator.sendBeacon), and GET /api/admin/funnel, where the inbox reads the counts back.
//
// The report endpoint takes only what shared/funnel.ts names: a known step, a language and a source, in
// a small JSON body; anything else is refused with 400. It keeps nothing that tells one visitor from
// another: no address (the rate limit counts by it for its window and forgets it), no user agent, no
// id. Bots that say so in their User-Agent, and browsers that send Global Privacy Control or Do Not
// Track (the page itself sends nothing then), get the same 204 and are not counted.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { attributionValue } from '../../shared/attribution.ts';
import { FUNNEL_PATH, FUNNEL_STEPS } from '../../shared/funnel.ts';
import { chartQuery, funnelStats, INBOX_API } from '../../shared/inbox.ts';
import { LOCALES } from '../../shared/locale.ts';
import { chartSpanOf } from '../inbox/export-routes.ts';
import type { Limit } from '../limits/limiter.ts';
import { routeLimit } from '../limits/route-limit.ts';
import type { OperatorGuard } from '../operators/guard.ts';
import type { Database } from '../store/database.ts';
import { countStep, funnelStats as funnelStatsOf } from './funnel.ts';
import { apiMessagesFor } from '../http/messages.ts';
import { adminRoute, empty, json, refusal } from '../http/route-schemas.ts';

/** A report is about 60 bytes; anything near this is not one. */
export const FUNNEL_BODY_LIMIT = 512;

const report = z.strictObject({
  step: z.enum(FUNNEL_STEPS),
  locale: z.enum(LOCALES),
  // Cut to ATTRIBUTION_MAX like the lead's own utm_source, rather than refused: the tag is the visitor's.
  source: z.string().max(FUNNEL_BODY_LIMIT).optional(),
});

/** Whether the request asks not to be counted, or comes from a bot that says it is one. */
function uncounted(request: FastifyRequest): boolean {
  const { headers } = request;
  const agent = headers['user-agent'];
  return !agent || isbot(agent) || headers['sec-gpc'] === '1' || headers.dnt === '1';
}

export interface FunnelRoutesOptions {
  db: Kysely<Database>;
  /** Reports per address (EVENTS_RATE_LIMIT); none when undefined. */
  rateLimit: Limit | undefined;
  /** The inbox's gate, before GET /api/admin/funnel. */
  guard: OperatorGuard;
  now?: () => Date;
}

export async function funnelRoutes(app: FastifyInstance, opts: FunnelRoutesOptions) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());

  app.post(
    FUNNEL_PATH,
    {
      bodyLimit: FUNNEL_BODY_LIMIT,
      // A report per page view would fill the log at info with every visitor's address; problems still show.
      logLevel: 'warn',
      schema: {
        tags: ['events'],
        summary: "A step of the booking funnel, as the page reports it",
        body: report,
        response: {
          204: empty('Counted; or not counted, for a bot, or a Global Privacy Control or Do Not Track header, alike.'),
          400: refusal('Not a report.'),
          413: refusal('The body is over 512 bytes.'),
          429: refusal('Over EVENTS_RATE_LIMIT.'),
          503: refusal('The database cannot be written. Retry-After: 5.'),
        },
      },
      config: {
        rateLimit: routeLimit(opts.rateLimit, (request) => apiMessagesFor(request).tooManyRequests),
      },
    },
    async (request, reply) => {
      const parsed = report.safeParse(request.body);
      if (!parsed.success) {
        return reply.code(400).send({ error: apiMessagesFor(request).invalidEvent });
      }
      if (uncounted(request)) return reply.code(204).send();
      const { step, locale, source } = parsed.data;
      try {
        await countStep(db, { step, locale, source: attributionValue(source) ?? '' }, now());
      } catch (err) {
        request.log.warn({ err }, 'funnel step not counted');
        return reply.code(503).header('retry-after', '5').send({ error: apiMessages[locale].unavailable, retryable: true });
      }
      return reply.code(204).send();
    },
  );

  const { guard } = opts;
  const schema = {
    ...adminRoute(
      { summary: "The booking funnel: each step's count per day, and per utm_source over the span" },
      { 200: json(funnelStats, 'The funnel of the span.'), 400: refusal('A span that is not 30 or 90 days.') },
    ),
    querystring: chartQuery,
  };
  app.get(INBOX_API.funnel, { preHandler: guard.requireOperator, schema }, async (request, reply) => {
    const days = chartSpanOf(request, reply);
    return days === undefined ? reply : funnelStatsOf(db, days, now());
  });
}
