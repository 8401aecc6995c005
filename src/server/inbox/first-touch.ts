// Time to first touch: for each lead of the span, from its request to the first thing done about it,
// the first call Alex placed that started or the first status an operator gave it, whichever came
// first; the median and 90th percentile by week and by the way the lead came in, beside how many were
// touched within the call-back promise. A lead not yet touched counts among the leads, not the minutes.
import type { Kysely } from 'kysely';
import { LEAD_SOURCES, type LeadSource } from '../../shared/booking.ts';
import type { FirstTouch, FirstTouchFigures } from '../../shared/inbox.ts';
import { CALL_BACK_HOURS } from '../../shared/promises.ts';
import type { Database } from '../store/database.ts';
import { dayOf } from '../leads/days.ts';

const MINUTE = 60_000;

/** The value at rank ⌈p·n⌉ of sorted values (nearest rank): one a lead actually had. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1]!;
}

/** The Monday of a day's week (`YYYY-MM-DD`). */
export function weekOf(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
}

interface Touch {
  created: number;
  source: LeadSource;
  /** Minutes to the first touch; undefined while none. */
  minutes: number | undefined;
  byAlex: boolean;
}

function figuresOf(touches: readonly Touch[]): FirstTouchFigures {
  const minutes = touches.flatMap((t) => (t.minutes === undefined ? [] : [t.minutes])).sort((a, b) => a - b);
  return {
    leads: touches.length,
    touched: minutes.length,
    by_alex: touches.filter((t) => t.byAlex).length,
    within_promise: minutes.filter((m) => m <= CALL_BACK_HOURS * 60).length,
    median_minutes: percentile(minutes, 0.5),
    p90_minutes: percentile(minutes, 0.9),
  };
}

const time = (v: string | Date | null | undefined) => (v === null || v === undefined ? undefined : new Date(v).getTime());

/** The figures for the leads made from `from` to `to` that are not spam. */
export async function firstTouchOf(db: Kysely<Database>, from: Date, to: Date, weeks: readonly string[]): Promise<FirstTouch> {
  const inSpan = db
    .selectFrom('discovery_calls')
    .select('id')
    .where('created_at', '>=', from.toISOString())
    .where('created_at', '<', to.toISOString())
    .where('spam_reason', 'is', null);
  const [leads, calls, statuses] = await Promise.all([
    db
      .selectFrom('discovery_calls')
      .select(['id', 'created_at', 'source'])
      .where('created_at', '>=', from.toISOString())
      .where('created_at', '<', to.toISOString())
      .where('spam_reason', 'is', null)
      .execute(),
    db
      .selectFrom('conversations')
      .select((eb) => ['lead_id', eb.fn.min('started_at').as('at')])
      .where('callback_attempt', 'is not', null)
      // A call that rang unanswered touched no one.
      .where('outcome', 'in', ['answered', 'booked'])
      .where('started_at', 'is not', null)
      .where('lead_id', 'in', inSpan)
      .groupBy('lead_id')
      .execute(),
    db
      .selectFrom('lead_events')
      .select((eb) => ['lead_id', eb.fn.min('created_at').as('at')])
      .where('type', '=', 'status')
      .where('operator_id', 'is not', null)
      .where('lead_id', 'in', inSpan)
      .groupBy('lead_id')
      .execute(),
  ]);
  const alexAt = new Map(calls.map((c) => [c.lead_id, time(c.at as string | Date | null)]));
  const operatorAt = new Map(statuses.map((s) => [s.lead_id, time(s.at as string | Date | null)]));
  const byWeek = new Map<string, Touch[]>(weeks.map((w) => [w, []]));
  const bySource = new Map<LeadSource, Touch[]>();
  const all: Touch[] = [];
  for (const lead of leads) {
    const created = new Date(lead.created_at).getTime();
    const alex = alexAt.get(lead.id);
    const operator = operatorAt.get(lead.id);
    const first = [alex, operator].filter((t): t is number => t !== undefined).sort((a, b) => a - b)[0];
    const touch: Touch = {
      created,
      source: lead.source,
      minutes: first === undefined ? undefined : Math.max(0, (first - created) / MINUTE),
      byAlex: alex !== undefined && alex === first,
    };
    all.push(touch);
    byWeek.get(weekOf(dayOf(new Date(created))))?.push(touch);
    const ofSource = bySource.get(lead.source);
    if (ofSource) ofSource.push(touch);
    else bySource.set(lead.source, [touch]);
  }
  return {
    promise_hours: CALL_BACK_HOURS,
    weeks: [...byWeek].map(([week, touches]) => ({ week, ...figuresOf(touches) })),
    channels: LEAD_SOURCES.flatMap((channel) => {
      const touches = bySource.get(channel);
      return touches?.length ? [{ channel, ...figuresOf(touches) }] : [];
    }),
    all: figuresOf(all),
  };
}
