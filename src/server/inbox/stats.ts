// The inbox's chart: leads per day and service over the last 30 or 90 days, and where those leads stand
// now. The days are the agency's (INBOX_TIME_ZONE), today included, so a lead booked at 00:30 in Sofia
// counts on that day whatever UTC says. The database does the counting (two grouped queries over the
// span, which the created_at index narrows), so the answer is a few hundred rows however many leads
// there are; only the filling-in of empty days happens here.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isService, LEAD_STATUSES, type LeadStatus } from '../../shared/booking.ts';
import { addDays, inboxDayOf, inboxOffsetAt, startOfInboxDay, type Day } from '../../shared/inbox-days.ts';
import { INBOX_TIME_ZONE, type InboxStats } from '../../shared/inbox.ts';
import type { Database, Dialect } from '../store/database.ts';

const HOUR = 3_600_000;

/** A stretch of time over which INBOX_TIME_ZONE keeps one offset from UTC. */
interface Period {
  /** Where the period ends (exclusive); undefined for the last. */
  until: Date | undefined;
  offsetMinutes: number;
}

/**
 * The offsets INBOX_TIME_ZONE keeps between two instants, split where its clocks change (twice a year in
 * Sofia, so at most three periods in 90 days). The change is found to the hour, which is where Sofia
 * changes: at 01:00 UTC.
 */
export function periodsBetween(start: Date, end: Date): Period[] {
  const periods: Period[] = [];
  let offset = inboxOffsetAt(start.getTime());
  // Day by day, then hour by hour within the day whose end has another offset.
  for (let day = start.getTime(); day < end.getTime(); day += 24 * HOUR) {
    const next = Math.min(day + 24 * HOUR, end.getTime());
    if (inboxOffsetAt(next) === offset) continue;
    let change = day;
    while (inboxOffsetAt(change) === offset) change += HOUR;
    periods.push({ until: new Date(change), offsetMinutes: offset / 60_000 });
    offset = inboxOffsetAt(change);
  }
  periods.push({ until: undefined, offsetMinutes: offset / 60_000 });
  return periods;
}

/**
 * The day in INBOX_TIME_ZONE a lead's created_at falls on, as SQL. PostgreSQL has the time zone
 * database: it converts. SQLite has none, and stores the times as ISO-8601 text in UTC: the span's
 * periods of one offset each become a CASE that shifts the time by that offset before taking its date.
 */
function dayOfCreatedAt(dialect: Dialect, start: Date, end: Date): RawBuilder<string> {
  // A date: cheaper per row than to_char. It becomes text once per group (dayText).
  if (dialect === 'postgres') return sql<string>`(created_at at time zone ${sql.lit(INBOX_TIME_ZONE)})::date`;
  const shift = (p: Period) => sql.lit(`${p.offsetMinutes >= 0 ? '+' : ''}${p.offsetMinutes} minutes`);
  const periods = periodsBetween(start, end);
  if (periods.length === 1) return sql<string>`date(created_at, ${shift(periods[0]!)})`;
  const cases = periods.map((p) =>
    p.until ? sql`when created_at < ${sql.lit(p.until.toISOString())} then ${shift(p)}` : sql`else ${shift(p)}`,
  );
  return sql<string>`date(created_at, case ${sql.join(cases, sql` `)} end)`;
}

/**
 * The chart's figures for the last `span` days in INBOX_TIME_ZONE (one of CHART_SPANS), today the last
 * of them.
 */
export async function inboxStats(db: Kysely<Database>, dialect: Dialect, span: number, now: Date): Promise<InboxStats> {
  const today = inboxDayOf(now);
  const first = addDays(today, 1 - span);
  const start = startOfInboxDay(first);
  const end = startOfInboxDay(addDays(today, 1));
  const dayExpression = dayOfCreatedAt(dialect, start, end);
  // PostgreSQL's date as `YYYY-MM-DD` whatever the server's DateStyle, not as the driver's Date at
  // local midnight; formatted once per group, after the grouping.
  const dayText = dialect === 'postgres' ? sql<string>`to_char(${dayExpression}, 'YYYY-MM-DD')` : dayExpression;
  // Both stores compare created_at with ISO-8601 text: PostgreSQL reads it as a timestamptz, and SQLite
  // holds created_at as such text, which sorts as time does.
  const inSpan = db
    .selectFrom('discovery_calls')
    .where('created_at', '>=', start.toISOString())
    .where('created_at', '<', end.toISOString());

  const [perDay, perStatus] = await Promise.all([
    inSpan
      .select((eb) => [dayText.as('day'), 'service', eb.fn.countAll().as('count')])
      .groupBy([dayExpression, 'service'])
      .execute(),
    inSpan
      .select((eb) => ['status', eb.fn.countAll().as('count')])
      .groupBy('status')
      .execute(),
  ]);

  const days: InboxStats['days'] = [];
  const byDay = new Map<Day, InboxStats['days'][number]['services']>();
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const entry = { date: day, services: {} };
    days.push(entry);
    byDay.set(day, entry.services);
  }
  for (const row of perDay) {
    // A service the catalogue no longer has cannot be drawn in its colour: left out of the chart.
    const services = byDay.get(row.day);
    if (services && isService(row.service)) services[row.service] = Number(row.count);
  }

  const statuses = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  for (const row of perStatus) statuses[row.status] = Number(row.count);
  return { days, statuses };
}
