import { beforeEach, describe, expect, it } from 'vitest';
import type { LeadStatus, Service } from '../../shared/booking.ts';
import { clearLeads, insertLeads, testLead } from '../testing/leads.ts';
import { TEST_DIALECTS, useTestStore } from '../testing/store.ts';
import { daysUpTo, hoursOfDays, inboxStats } from './stats.ts';

const SUPPORT: Service = 'Support Automation';
const CALLS: Service = 'Call Automation Systems';

describe("the chart's days", () => {
  it('are the span\'s days up to today, oldest first, across a change of the clocks', () => {
    expect(daysUpTo('2026-03-31', 4)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
    expect(daysUpTo('2026-11-24', 30)).toHaveLength(30);
    expect(daysUpTo('2026-11-24', 30)[0]).toBe('2026-10-26');
  });

  it('each have their UTC hours: 23 on the spring day, 25 on the autumn one, 24 otherwise', () => {
    const hours = [...hoursOfDays(['2026-03-29', '2026-03-30', '2026-10-25']).entries()];
    const count = (day: string) => hours.filter(([, d]) => d === day).length;
    expect([count('2026-03-29'), count('2026-03-30'), count('2026-10-25')]).toEqual([23, 24, 25]);
    expect(hours[0]).toEqual(['2026-03-28T22', '2026-03-29']);
    expect(hours.find(([, d]) => d === '2026-03-30')).toEqual(['2026-03-29T21', '2026-03-30']);
  });
});

describe.each(TEST_DIALECTS)('inboxStats on %s', (dialect) => {
  const site = useTestStore(dialect);
  beforeEach(() => clearLeads(site.db));

  const add = (created_at: string, service: Service = SUPPORT, status: LeadStatus = 'pending') =>
    insertLeads(site.db, [testLead({ created_at, service, status })]);

  const stats = (now: string, span: 30 | 90 = 30) => inboxStats(site.db, dialect, span, new Date(now));
  const countsOn = (result: Awaited<ReturnType<typeof stats>>, ...dates: string[]) =>
    Object.fromEntries(dates.map((date) => [date, result.days.find((d) => d.date === date)?.services]));

  it('lists every day of the span, oldest first, today the last, services with none left out', async () => {
    await add('2026-11-24T09:00:00.000Z');
    await add('2026-11-24T09:30:00.000Z', CALLS);
    await add('2026-11-24T10:00:00.000Z', CALLS);
    for (const span of [30, 90] as const) {
      const result = await stats('2026-11-24T12:00:00.000Z', span);
      expect(result.days).toHaveLength(span);
      expect(result.days[0]!.date).toBe(span === 30 ? '2026-10-26' : '2026-08-27');
      expect(result.days.at(-1)).toEqual({ date: '2026-11-24', services: { [SUPPORT]: 1, [CALLS]: 2 } });
      expect(result.days.slice(0, -1).every((d) => Object.keys(d.services).length === 0)).toBe(true);
    }
  });

  it('counts a lead on the day it was in Sofia, either side of midnight there', async () => {
    await add('2026-11-23T21:59:59.999Z'); // 23:59:59.999 in Sofia (UTC+2)
    await add('2026-11-23T22:00:00.000Z'); // 00:00 on the 24th in Sofia, still the 23rd in UTC
    // Today's first minute in Sofia is already in the span; the instant before the span's first day is not.
    await add('2026-10-25T21:59:59.999Z');
    await add('2026-10-25T22:00:00.000Z');
    const result = await stats('2026-11-24T00:30:00.000Z');
    expect(result.days[0]!.date).toBe('2026-10-26');
    expect(countsOn(result, '2026-10-26', '2026-11-23', '2026-11-24')).toEqual({
      '2026-10-26': { [SUPPORT]: 1 },
      '2026-11-23': { [SUPPORT]: 1 },
      '2026-11-24': { [SUPPORT]: 1 },
    });
    expect(result.statuses.pending).toBe(3);
  });

  it('keeps to Sofia\'s days across the autumn change of the clocks (25 hours that day)', async () => {
    await add('2026-10-24T20:59:59.000Z'); // 23:59:59 on the 24th, summer time (UTC+3)
    await add('2026-10-24T21:00:00.000Z'); // 00:00 on the 25th
    await add('2026-10-25T00:30:00.000Z'); // 03:30 summer time…
    await add('2026-10-25T01:30:00.000Z'); // …and 03:30 again, winter time
    await add('2026-10-25T21:59:00.000Z'); // 23:59 on the 25th, winter time (UTC+2)
    await add('2026-10-25T22:00:00.000Z'); // 00:00 on the 26th
    const result = await stats('2026-11-05T10:00:00.000Z');
    expect(result.days.map((d) => d.date)).toContain('2026-10-25');
    expect(new Set(result.days.map((d) => d.date)).size).toBe(30);
    expect(countsOn(result, '2026-10-24', '2026-10-25', '2026-10-26')).toEqual({
      '2026-10-24': { [SUPPORT]: 1 },
      '2026-10-25': { [SUPPORT]: 4 },
      '2026-10-26': { [SUPPORT]: 1 },
    });
  });

  it('keeps to Sofia\'s days across the spring change of the clocks (23 hours that day)', async () => {
    await add('2026-03-28T21:59:00.000Z'); // 23:59 on the 28th, winter time (UTC+2)
    await add('2026-03-28T22:00:00.000Z'); // 00:00 on the 29th
    await add('2026-03-29T20:59:00.000Z'); // 23:59 on the 29th, summer time (UTC+3)
    await add('2026-03-29T21:00:00.000Z'); // 00:00 on the 30th
    const result = await stats('2026-04-10T10:00:00.000Z', 90);
    expect(countsOn(result, '2026-03-28', '2026-03-29', '2026-03-30')).toEqual({
      '2026-03-28': { [SUPPORT]: 1 },
      '2026-03-29': { [SUPPORT]: 2 },
      '2026-03-30': { [SUPPORT]: 1 },
    });
  });

  it('counts the statuses of the span\'s leads only, every status present', async () => {
    await add('2026-11-20T10:00:00.000Z', SUPPORT, 'won');
    await add('2026-11-21T10:00:00.000Z', CALLS, 'won');
    await add('2026-11-22T10:00:00.000Z', SUPPORT, 'contacted');
    await add('2026-09-01T10:00:00.000Z', SUPPORT, 'lost'); // before the 30 days
    expect((await stats('2026-11-24T12:00:00.000Z')).statuses).toEqual({ pending: 0, contacted: 1, scheduled: 0, won: 2, lost: 0 });
    expect((await stats('2026-11-24T12:00:00.000Z', 90)).statuses).toEqual({ pending: 0, contacted: 1, scheduled: 0, won: 2, lost: 1 });
  });
});
