// The inbox's chart: leads per day and service over the last 30 or 90 days, and where those leads stand
// now. The days are the agency's (INBOX_TIME_ZONE), today included, so a lead booked at 00:30 in Sofia
// counts on that day whatever UTC says. The database does the counting (two grouped queries over the
// span, which the created_at index narrows), so the answer is at most a few thousand rows however many
// leads there are; only the placing of those counts on days happens here. Beside them, how soon the
// span's leads were first touched (first-touch.ts).
import { sql, type Kysely } from 'kysely';
import { isService, LEAD_STATUSES, type LeadStatus } from '../../shared/booking.ts';
import { INBOX_TIME_ZONE, type InboxStats } from '../../shared/inbox.ts';
import type { Database, Dialect } from '../store/database.ts';
import { dayEnd, dayOf, dayStart } from '../leads/days.ts';
import { firstTouchOf, weekOf } from './first-touch.ts';

const HOUR = 3_600_000;

/** The day before a day: the day of the last instant before it begins. */
const dayBefore = (day: string) => dayOf(new Date(dayStart(day).getTime() - 1));

/** The `span` days that end with today, oldest first. */
export function daysUpTo(today: string, span: number): string[] {
  const days = [today];
  while (days.length < span) days.unshift(dayBefore(days[0]!));
  return days;
}

/** `YYYY-MM-DDTHH` of an instant in UTC: how SQLite's created_at text begins. */
const utcHourOf = (at: number) => new Date(at).toISOString().slice(0, 13);

/**
 * Each UTC hour of the days, with the day it belongs to. Sofia is a whole number of hours ahead of UTC
 * (two in winter, three in summer), so its midnights fall on the hour and no hour is split between two
 * days; on the days the clocks change there are 23 or 25 of them.
 */
export function hoursOfDays(days: string[]): Map<string, string> {
  const hours = new Map<string, string>();
  for (const day of days) {
    for (let at = dayStart(day).getTime(); at < dayEnd(day).getTime(); at += HOUR) hours.set(utcHourOf(at), day);
  }
  return hours;
}

/**
 * The chart's figures for the last `span` days in INBOX_TIME_ZONE (one of CHART_SPANS), today the last
 * of them.
 */
export async function inboxStats(db: Kysely<Database>, dialect: Dialect, span: number, now: Date): Promise<InboxStats> {
  const dates = daysUpTo(dayOf(now), span);
  // Both stores compare created_at with ISO-8601 text: PostgreSQL reads it as a timestamptz, and SQLite
  // holds created_at as such text, which sorts as time does.
  const inSpan = db
    .selectFrom('discovery_calls')
    .where('created_at', '>=', dayStart(dates[0]!).toISOString())
    .where('created_at', '<', dayEnd(dates.at(-1)!).toISOString())
    // Spam is not a lead until restored.
    .where('spam_reason', 'is', null);

  // PostgreSQL has the time zone database: it counts by the Sofia date itself (a date, cheaper per row
  // than text), written out once per group. SQLite has none: it counts by the UTC hour, the first 13
  // characters of created_at, and each hour is put on its Sofia day below.
  const perDay =
    dialect === 'postgres'
      ? inSpan
          .select((eb) => [
            sql<string>`to_char((created_at at time zone ${sql.lit(INBOX_TIME_ZONE)})::date, 'YYYY-MM-DD')`.as('bucket'),
            'service',
            eb.fn.countAll().as('count'),
          ])
          .groupBy([sql`(created_at at time zone ${sql.lit(INBOX_TIME_ZONE)})::date`, 'service'])
      : inSpan
          .select((eb) => [sql<string>`substr(created_at, 1, 13)`.as('bucket'), 'service', eb.fn.countAll().as('count')])
          .groupBy([sql`substr(created_at, 1, 13)`, 'service']);
  const perStatus = inSpan.select((eb) => ['status', eb.fn.countAll().as('count')]).groupBy('status');
  const [dayCounts, statusCounts] = await Promise.all([perDay.execute(), perStatus.execute()]);

  const days = dates.map((date) => ({ date, services: {} as InboxStats['days'][number]['services'] }));
  const byDate = new Map(days.map((d) => [d.date, d.services]));
  const hours = dialect === 'sqlite' ? hoursOfDays(dates) : undefined;
  for (const row of dayCounts) {
    const services = byDate.get((hours ? hours.get(row.bucket) : row.bucket) ?? '');
    // A service the catalogue no longer has cannot be drawn in its colour: left out of the chart.
    if (services && isService(row.service)) services[row.service] = (services[row.service] ?? 0) + Number(row.count);
  }

  const statuses = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  for (const row of statusCounts) statuses[row.status] = Number(row.count);
  const weeks = [...new Set(dates.map(weekOf))];
  return { days, statuses, first_touch: await firstTouchOf(db, dayStart(dates[0]!), dayEnd(dates.at(-1)!), weeks) };
}
