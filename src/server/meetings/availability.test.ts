import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISCOVERY_CALL_MINUTES } from '../../shared/promises.ts';
import { parseOpeningHours } from '../../shared/opening-hours.ts';
import { AGENCY_TIME_ZONE } from '../../shared/meetings.ts';
import { candidateSlots, freeSlots, isTimeZone, type AvailabilitySettings } from './availability.ts';
import { isPublicHoliday } from '../../shared/opening-hours.ts';

const settings = (over: Partial<AvailabilitySettings> = {}): AvailabilitySettings => ({
  hours: parseOpeningHours(['Mo-Fr 09:00-18:00']),
  lengthMinutes: DISCOVERY_CALL_MINUTES,
  minNoticeMinutes: 120,
  daysAhead: 14,
  seats: 1,
  closedOnHolidays: true,
  ...over,
});

const iso = (d: Date) => d.toISOString();
/** The Sofia wall clock of an instant: `2026-11-26 09:30 Thu`. */
const sofia = (d: Date) => {
  const t = new TZDate(d.getTime(), AGENCY_TIME_ZONE);
  return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')} ${String(t.getHours()).padStart(2, '0')}:${String(t.getMinutes()).padStart(2, '0')} ${['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'][t.getDay()]}`;
};
const onDay = <T extends { start: Date }>(slots: T[], day: string): T[] => slots.filter((s) => sofia(s.start).startsWith(day));

describe('the slots of the days ahead', () => {
  // Thursday 26 November 2026, 08:00 in Sofia (06:00 UTC).
  const now = new Date('2026-11-26T06:00:00Z');

  it('leave a lunch break out when the hours are given as two entries for the same days (docs/operating.md)', () => {
    const hours = parseOpeningHours('Mo-Fr 09:00-12:30; Mo-Fr 13:30-18:00'.split(';').map((e) => e.trim()));
    const friday = onDay(candidateSlots(settings({ hours }), now), '2026-11-27').map((s) => sofia(s.start).slice(11, 16));
    expect(friday).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30']);
  });

  it('start two hours ahead at the earliest, every 30 minutes, on weekdays within the hours, a whole call before closing', () => {
    const slots = candidateSlots(settings(), now);
    expect(sofia(slots[0]!.start)).toBe('2026-11-26 10:00 Th');
    expect(iso(slots[0]!.start)).toBe('2026-11-26T08:00:00.000Z');
    expect(slots[0]!.end.getTime() - slots[0]!.start.getTime()).toBe(30 * 60_000);
    expect(onDay(slots, '2026-11-26')).toHaveLength(16);
    expect(onDay(slots, '2026-11-27').map((s) => sofia(s.start).slice(11, 16))).toEqual(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'],
    );
    expect(onDay(slots, '2026-11-28')).toEqual([]);
    expect(onDay(slots, '2026-11-29')).toEqual([]);
    // Fourteen days ahead, not fifteen.
    expect(sofia(slots.at(-1)!.start)).toBe('2026-12-10 17:30 Th');
  });

  it("keep Bulgaria's public holidays closed, Orthodox Easter included", () => {
    expect(isPublicHoliday('2026-12-24')).toBe(true);
    expect(isPublicHoliday('2026-12-25')).toBe(true);
    expect(isPublicHoliday('2027-05-03')).toBe(true); // Easter Monday, Orthodox, 2027
    expect(isPublicHoliday('2026-12-23')).toBe(false);
    const december = candidateSlots(settings({ daysAhead: 30 }), now);
    expect(onDay(december, '2026-12-23')).toHaveLength(18);
    expect(onDay(december, '2026-12-24')).toEqual([]);
    expect(onDay(december, '2026-12-25')).toEqual([]);
    expect(onDay(candidateSlots(settings({ daysAhead: 30, closedOnHolidays: false }), now), '2026-12-24')).toHaveLength(18);
  });

  it("are 09:00 on Sofia's clock across the last Sundays of March and October, whatever the offset", () => {
    const every = settings({ hours: parseOpeningHours(['Mo-Su 09:00-18:00']), closedOnHolidays: false, minNoticeMinutes: 0 });
    const march = candidateSlots(every, new Date('2027-03-26T10:00:00Z'));
    expect(iso(onDay(march, '2027-03-27')[0]!.start)).toBe('2027-03-27T07:00:00.000Z'); // +02:00
    expect(iso(onDay(march, '2027-03-28')[0]!.start)).toBe('2027-03-28T06:00:00.000Z'); // +03:00 from that night
    const october = candidateSlots(every, new Date('2026-10-23T10:00:00Z'));
    expect(iso(onDay(october, '2026-10-24')[0]!.start)).toBe('2026-10-24T06:00:00.000Z'); // +03:00
    expect(iso(onDay(october, '2026-10-25')[0]!.start)).toBe('2026-10-25T07:00:00.000Z'); // +02:00 from that night
    for (const day of [onDay(march, '2027-03-28'), onDay(october, '2026-10-25')]) expect(day).toHaveLength(18);
  });

  it('skip the hour the clock skips and offer the repeated hour once, round the clock', () => {
    const always = settings({ hours: parseOpeningHours(['Mo-Su 00:00-23:59']), closedOnHolidays: false, minNoticeMinutes: 0 });
    const march = onDay(candidateSlots(always, new Date('2027-03-27T00:00:00Z')), '2027-03-28');
    expect(march).toHaveLength(46);
    expect(march.map((s) => sofia(s.start).slice(11, 16))).not.toContain('03:00');
    const october = onDay(candidateSlots(always, new Date('2026-10-24T00:00:00Z')), '2026-10-25');
    expect(october).toHaveLength(48);
    expect(new Set(october.map((s) => s.start.getTime())).size).toBe(48);
    expect(october.at(-1)!.end.getTime() - october.at(-1)!.start.getTime()).toBe(30 * 60_000);
  });

  it('are the same whether worked out afresh or kept from earlier that day, and follow the day and the settings', () => {
    const always = settings({ hours: parseOpeningHours(['Mo-Su 00:00-23:59']), minNoticeMinutes: 60, daysAhead: 30 });
    const morning = new Date('2026-11-26T06:00:00Z'); // 08:00 in Sofia
    const evening = new Date('2026-11-26T19:40:00Z'); // 21:40, the same day
    const fresh = (at: Date) => candidateSlots({ ...always }, at).map((s) => iso(s.start));
    expect(candidateSlots(always, morning).map((s) => iso(s.start))).toEqual(fresh(morning));
    // Kept from the morning, the evening's are the same as worked out afresh: the notice from then on.
    expect(candidateSlots(always, evening).map((s) => iso(s.start))).toEqual(fresh(evening));
    expect(sofia(candidateSlots(always, evening)[0]!.start)).toBe('2026-11-26 23:00 Th');
    // Past midnight in Sofia (22:10 UTC), a new day: one more day at the end.
    const tomorrow = new Date('2026-11-26T22:10:00Z');
    expect(candidateSlots(always, tomorrow).map((s) => iso(s.start))).toEqual(fresh(tomorrow));
    expect(sofia(candidateSlots(always, tomorrow).at(-1)!.start)).toBe('2026-12-27 23:30 Su');
    // Settings changed in place are not answered from what was kept.
    always.daysAhead = 2;
    expect(sofia(candidateSlots(always, tomorrow).at(-1)!.start)).toBe('2026-11-29 23:30 Su');
  });
});

describe('free slots', () => {
  const now = new Date('2026-11-26T06:00:00Z');
  const at = (start: string, minutes = 30) => ({ start: new Date(start), end: new Date(new Date(start).getTime() + minutes * 60_000) });

  it('leave out a slot a meeting holds, unless there are seats left', () => {
    const booked = [at('2026-11-27T08:00:00Z')];
    expect(freeSlots(settings(), now, booked).map((s) => iso(s.start))).not.toContain('2026-11-27T08:00:00.000Z');
    expect(freeSlots(settings({ seats: 2 }), now, booked).map((s) => iso(s.start))).toContain('2026-11-27T08:00:00.000Z');
    expect(freeSlots(settings({ seats: 2 }), now, [...booked, ...booked]).map((s) => iso(s.start))).not.toContain('2026-11-27T08:00:00.000Z');
  });

  it('leave out every slot an operator is busy in, even in part', () => {
    const busy = [at('2026-11-27T08:15:00Z', 30)]; // 10:15–10:45 in Sofia
    const free = freeSlots(settings(), now, [], busy).map((s) => sofia(s.start));
    expect(free).not.toContain('2026-11-27 10:00 Fr');
    expect(free).not.toContain('2026-11-27 10:30 Fr');
    expect(free).toContain('2026-11-27 09:30 Fr');
    expect(free).toContain('2026-11-27 11:00 Fr');
  });

  it('count the meetings and busy times over a slot as comparing each with it does, whatever they are', () => {
    const start = now.getTime();
    const interval = fc
      .tuple(fc.integer({ min: -2 * 86_400, max: 5 * 86_400 }), fc.integer({ min: -3 * 3_600, max: 2 * 86_400 }), fc.boolean())
      // Starts on the half hour or anywhere, of any length: none, negative (an end before its start), days.
      .map(([at, length, onSlot]) => {
        const s = start + (onSlot ? Math.round(at / 1_800) * 1_800_000 : at * 1000);
        return { start: new Date(s), end: new Date(s + (onSlot ? Math.round(length / 1_800) * 1_800_000 : length * 1000)) };
      });
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 60 }), fc.array(interval, { maxLength: 10 }), fc.integer({ min: 1, max: 3 }), (booked, busy, seats) => {
        const s = settings({ hours: parseOpeningHours(['Mo-Su 08:00-20:00']), daysAhead: 3, seats, closedOnHolidays: false });
        const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) => a.start < b.end && b.start < a.end;
        const expected = candidateSlots(s, now).filter((slot) => [...booked, ...busy].filter((b) => overlaps(b, slot)).length < seats);
        expect(freeSlots(s, now, booked, busy).map((x) => iso(x.start))).toEqual(expected.map((x) => iso(x.start)));
      }),
      { numRuns: 300 },
    );
    const invalid = { start: new Date(Number.NaN), end: new Date(Number.NaN) };
    expect(freeSlots(settings(), now, [invalid])).toEqual(candidateSlots(settings(), now));
  });

  it('hold for any moment and any hours: ahead by the notice, within the days, on the hours, 30 minutes, in order', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 21, max: 47 }),
        fc.integer({ min: 0, max: 600 }),
        (now, firstDay, open, close, notice) => {
          const days = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
          const hh = (half: number) => `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`;
          const entry = `${days[firstDay]}-Su ${hh(open)}-${hh(close)}`;
          const s = settings({ hours: parseOpeningHours([entry]), minNoticeMinutes: notice, daysAhead: 3, closedOnHolidays: false });
          const slots = candidateSlots(s, now);
          let last = -Infinity;
          for (const slot of slots) {
            const wall = sofia(slot.start);
            const minutes = Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
            expect(slot.start.getTime()).toBeGreaterThanOrEqual(now.getTime() + notice * 60_000);
            expect(slot.start.getTime()).toBeLessThan(now.getTime() + 4 * 86_400_000 + 3_600_000);
            expect(slot.start.getTime()).toBeGreaterThan(last);
            expect(slot.end.getTime() - slot.start.getTime()).toBe(30 * 60_000);
            expect(days.indexOf(wall.slice(17))).toBeGreaterThanOrEqual(firstDay);
            expect(minutes).toBeGreaterThanOrEqual(open * 30);
            expect(minutes + 30).toBeLessThanOrEqual(close * 30);
            last = slot.start.getTime();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('time zones', () => {
  it('knows the zones of New York, Tokyo and Kathmandu, and no made-up one', () => {
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'Asia/Kathmandu', 'Europe/Sofia', 'UTC']) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus', '', 'Europe/Sofia/x', '../etc', 'x'.repeat(100)]) expect(isTimeZone(zone)).toBe(false);
  });
});
