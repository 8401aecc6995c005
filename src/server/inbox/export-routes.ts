// The inbox's export and chart: the CSV of the leads the current filters show, and the chart's figures.
// Both for a logged-in operator only (the guard), under /api/admin/ (admin-requests.ts has answered
// 404 on a site without operators and marked the answers no-store).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { adminMessages, type AdminMessages } from '../../content/i18n/admin-messages.ts';
import { format } from '../../content/i18n/format.ts';
import { CHART_SPANS, chartQuery, exportQuery, INBOX_API, inboxStats as inboxStatsShape, leadFilters, type LeadDetail, type LeadFilters } from '../../shared/inbox.ts';
import type { OperatorGuard } from '../operators/guard.ts';
import type { Database, Dialect } from '../store/database.ts';
import { leadsCsv } from './csv.ts';
import { dayOf } from '../leads/days.ts';
import { eachFilteredLead } from '../leads/lead-queries.ts';
import { inboxStats } from './stats.ts';
import { adminMessagesFor, localeOf } from '../http/messages.ts';
import { adminRoute, json, refusal } from '../http/route-schemas.ts';

export interface ExportRoutesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  guard: OperatorGuard;
  /** The clock, for "overdue" and for "the last 30 days" (tests set it). */
  now?: () => Date;
}


/** The days the chart (or the funnel) spans, or a 400 in the request's language naming the spans there are. */
export function chartSpanOf(request: FastifyRequest, reply: FastifyReply): number | undefined {
  const query = chartQuery.safeParse(request.query);
  if (query.success) return query.data.days;
  const locale = localeOf(request);
  const spans = new Intl.ListFormat(locale, { type: 'disjunction' }).format(CHART_SPANS.map(String));
  void reply.code(400).send({ error: format(adminMessages[locale].badChartSpan, { spans }) });
  return undefined;
}

/** The filters of the query, or a 400 naming, in the request's language, those it cannot use. */
function filtersOf(request: FastifyRequest, reply: FastifyReply): LeadFilters | undefined {
  const parsed = leadFilters.safeParse(request.query);
  if (parsed.success) return parsed.data;
  const messages = adminMessagesFor(request);
  const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))];
  const names = fields.map((f) => messages.filterNames[f as keyof AdminMessages['filterNames']] ?? f).join(', ');
  void reply.code(400).send({ error: format(messages.badFilters, { fields: names }) });
  return undefined;
}

/**
 * The leads with the first one already read: a database that fails at once fails the request with
 * the usual 500 answer, before a 200 and the CSV's first bytes have gone out. A failure later can only
 * cut the download off, which the browser reports as failed rather than keep a short file.
 */
async function started(leads: AsyncIterable<LeadDetail>): Promise<AsyncIterable<LeadDetail>> {
  const iterator = leads[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        if (first.done) return;
        yield first.value;
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      } finally {
        // A download cancelled part way ends the query too.
        await iterator.return?.();
      }
    },
  };
}

const exportSchema = {
  ...adminRoute(
    { summary: "The CSV of the leads a filter shows, in the comma or Excel's semicolon shape" },
    {
      200: { description: 'The CSV, as an attachment.', content: { 'text/csv': { schema: z.string() } } },
      400: refusal('A filter it cannot use, named.'),
    },
  ),
  // The list's filters and the export's own query: zod's intersection, as the route reads them in turn.
  querystring: z.intersection(leadFilters, exportQuery),
};

const statsSchema = {
  ...adminRoute(
    { summary: 'The chart: leads per day and service, and how many reached each status' },
    { 200: json(inboxStatsShape, 'The figures of the span.'), 400: refusal('A span that is not 30 or 90 days.') },
  ),
  querystring: chartQuery,
};

export async function exportRoutes(app: FastifyInstance, { db, dialect, guard, now = () => new Date() }: ExportRoutesOptions) {
  app.get(INBOX_API.export, { preHandler: guard.requireOperator, schema: exportSchema }, async (request, reply) => {
    const filters = filtersOf(request, reply);
    if (!filters) return reply;
    const { shape, lang, values } = exportQuery.parse(request.query);
    const at = now();
    const leads = await started(eachFilteredLead(db, dialect, filters, at));
    request.log.info({ operatorId: guard.operatorOf(request).id }, 'leads exported');
    // A stream is sent as it is read, in chunks; @fastify/compress, where the browser accepts it,
    // compresses it on the way through, chunk by chunk, and never holds the whole file.
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${dayOf(at)}${shape === 'excel' ? '-excel' : ''}.csv"`)
      .send(leadsCsv(leads, { shape, locale: lang ?? localeOf(request), ...(values ? { values } : {}) }));
  });

  app.get(INBOX_API.stats, { preHandler: guard.requireOperator, schema: statsSchema }, async (request, reply) => {
    const days = chartSpanOf(request, reply);
    return days === undefined ? reply : inboxStats(db, dialect, days, now());
  });
}
