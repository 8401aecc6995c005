// Time to first touch (first-touch.ts): the first call Alex placed that started, or an operator's first
// status, whichever came first, by week and by the way the lead came in.
import { describe, expect, it } from 'vitest';
import { newRowId } from '../store/database.ts';
import { clearLeads, insertLeads, testLead } from '../testing/leads.ts';
import { TEST_DIALECTS, useTestStore } from '../testing/store.ts';
import { firstTouchOf, percentile, weekOf } from './first-touch.ts';

const at = (iso: string) => new Date(iso).toISOString();
const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describe('the figures', () => {
  it('takes the nearest rank: a value a lead had', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
  });

  it('puts a day in the week that begins on its Monday', () => {
    expect(weekOf('2026-12-07')).toBe('2026-12-07');
    expect(weekOf('2026-12-13')).toBe('2026-12-07');
    expect(weekOf('2026-12-14')).toBe('2026-12-14');
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
  });
});

describe.each(TEST_DIALECTS)('time to first touch on %s', (dialect) => {
  const store = useTestStore(dialect);

  it('counts the first of Alex’s started call and an operator’s status, and leaves spam and the untouched out of the minutes', async () => {
    const { db } = store;
    await db.deleteFrom('conversations').execute();
    await clearLeads(db);
    const monday = '2026-11-30T08:00:00.000Z';
    const nextMonday = '2026-12-07T08:00:00.000Z';
    const [alexFirst, operatorFirst, untouched, , late, chat] = await insertLeads(db, [
      testLead({ created_at: monday, source: 'form' }),
      testLead({ created_at: monday, source: 'form' }),
      testLead({ created_at: monday, source: 'form' }),
      testLead({ created_at: monday, source: 'form', spam_reason: 'honeypot' }),
      testLead({ created_at: nextMonday, source: 'form' }),
      testLead({ created_at: nextMonday, source: 'chat' }),
    ]);
    const call = (leadId: string, startedAt: string | null, attempt: number | null = 1, outcome: 'answered' | 'no-answer' | null = 'answered') =>
      db
        .insertInto('conversations')
        .values({ id: newRowId(), call_id: newRowId(), channel: 'voice', locale: 'en', lead_id: leadId, created_at: monday, started_at: startedAt, callback_attempt: attempt, outcome })
        .execute();
    const status = (leadId: string, createdAt: string, operatorId: string | null = 'operator-1') =>
      db
        .insertInto('lead_events')
        .values({ id: newRowId(), lead_id: leadId, type: 'status', detail: 'contacted', channel: null, kind: null, operator_id: operatorId, operator_email: null, created_at: createdAt })
        .execute();
    // Alex rang within a minute; an operator came later.
    await call(alexFirst!.id, minutesAfter(monday, 1));
    await status(alexFirst!.id, minutesAfter(monday, 90));
    // A call that never started, one that rang unanswered, a visitor's own web call and the site's own
    // status are no touch.
    await call(operatorFirst!.id, null);
    await call(operatorFirst!.id, minutesAfter(monday, 1), 2, 'no-answer');
    await call(operatorFirst!.id, minutesAfter(monday, 2), null);
    await status(operatorFirst!.id, minutesAfter(monday, 5), null);
    await status(operatorFirst!.id, minutesAfter(monday, 30));
    await status(late!.id, minutesAfter(nextMonday, 26 * 60));
    await status(chat!.id, minutesAfter(nextMonday, 10));
    void untouched;

    const figures = await firstTouchOf(db, new Date(at('2026-11-30T00:00:00Z')), new Date(at('2026-12-14T00:00:00Z')), ['2026-11-30', '2026-12-07']);
    expect(figures.promise_hours).toBe(24);
    expect(figures.all).toEqual({ leads: 5, touched: 4, by_alex: 1, within_promise: 3, median_minutes: 10, p90_minutes: 26 * 60 });
    expect(figures.weeks).toEqual([
      { week: '2026-11-30', leads: 3, touched: 2, by_alex: 1, within_promise: 2, median_minutes: 1, p90_minutes: 30 },
      { week: '2026-12-07', leads: 2, touched: 2, by_alex: 0, within_promise: 1, median_minutes: 10, p90_minutes: 26 * 60 },
    ]);
    expect(figures.channels).toEqual([
      { channel: 'form', leads: 4, touched: 3, by_alex: 1, within_promise: 2, median_minutes: 30, p90_minutes: 26 * 60 },
      { channel: 'chat', leads: 1, touched: 1, by_alex: 0, within_promise: 1, median_minutes: 10, p90_minutes: 10 },
    ]);
  });
});
