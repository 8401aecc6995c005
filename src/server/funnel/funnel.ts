// The booking funnel's counts: one row per day (in INBOX_TIME_ZONE), language, source and step, added to
// by one upsert per report, so every instance on one database adds to the same rows and nothing about a
// visitor is kept. The inbox reads them back summed per day and per source.
import { sql, type Kysely } from 'kysely';
import { FUNNEL_STEPS, type FunnelCounts, type FunnelStep } from '../../shared/funnel.ts';
import type { FunnelStats } from '../../shared/inbox.ts';
import type { Locale } from '../../shared/locale.ts';
import type { Database } from '../store/database.ts';
import { dayOf } from '../leads/days.ts';
import { daysUpTo } from '../inbox/stats.ts';

/** A report as it is counted: the source is '' when the visit had none. */
export interface CountedStep {
  step: FunnelStep;
  locale: Locale;
  source: string;
}

/** Adds one to the step's count for the day `at` falls on in Sofia. */
export async function countStep(db: Kysely<Database>, { step, locale, source }: CountedStep, at: Date): Promise<void> {
  await db
    .insertInto('funnel_days')
    .values({ day: dayOf(at), locale, source, step, count: 1 })
    .onConflict((oc) =>
      oc.columns(['day', 'locale', 'source', 'step']).doUpdateSet({ count: sql<number>`funnel_days.count + 1` }),
    )
    .execute();
}

export const noCounts = (): FunnelCounts => Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as FunnelCounts;

const isStep = (value: string): value is FunnelStep => (FUNNEL_STEPS as readonly string[]).includes(value);

/**
 * The funnel over the last `span` days (today the last): each day's counts, oldest first, and each
 * source's over the span, the most viewed first. At most days × languages × sources × steps rows are
 * read, however many visitors there were.
 */
export async function funnelStats(db: Kysely<Database>, span: number, now: Date): Promise<FunnelStats> {
  const dates = daysUpTo(dayOf(now), span);
  const rows = await db
    .selectFrom('funnel_days')
    .select(['day', 'source', 'step', 'count'])
    .where('day', '>=', dates[0]!)
    .where('day', '<=', dates.at(-1)!)
    .execute();
  const days = new Map(dates.map((date) => [date, noCounts()]));
  const sources = new Map<string, FunnelCounts>();
  const total = noCounts();
  for (const row of rows) {
    if (!isStep(row.step)) continue;
    const count = Number(row.count);
    const day = days.get(row.day);
    if (day) day[row.step] += count;
    let source = sources.get(row.source);
    if (!source) sources.set(row.source, (source = noCounts()));
    source[row.step] += count;
    total[row.step] += count;
  }
  return {
    days: [...days].map(([date, counts]) => ({ date, counts })),
    sources: [...sources]
      .map(([source, counts]) => ({ source: source || null, counts }))
      .sort((a, b) => b.counts.view - a.counts.view || b.counts.sent - a.counts.sent || (a.source ?? '').localeCompare(b.source ?? '')),
    total,
  };
}
