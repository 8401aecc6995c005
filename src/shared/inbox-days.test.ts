import { describe, expect, it } from 'vitest';
import { addDays, inboxDayOf, inboxOffsetAt, startOfInboxDay } from './inbox-days.ts';

describe("the agency's days", () => {
  it('reads the day an instant falls on in Sofia, not in UTC', () => {
    expect(inboxDayOf(new Date('2026-11-23T21:59:59.999Z'))).toBe('2026-11-23');
    expect(inboxDayOf(new Date('2026-11-23T22:00:00.000Z'))).toBe('2026-11-24');
    expect(inboxDayOf(new Date('2026-07-01T20:59:59.999Z'))).toBe('2026-07-01');
    expect(inboxDayOf(new Date('2026-07-01T21:00:00.000Z'))).toBe('2026-07-02');
  });

  it("finds a day's midnight in Sofia in winter, in summer and on the days the clocks change", () => {
    expect(startOfInboxDay('2026-11-24').toISOString()).toBe('2026-11-23T22:00:00.000Z');
    expect(startOfInboxDay('2026-07-02').toISOString()).toBe('2026-07-01T21:00:00.000Z');
    expect(startOfInboxDay('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(startOfInboxDay('2026-03-30').toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(startOfInboxDay('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(startOfInboxDay('2026-10-26').toISOString()).toBe('2026-10-25T22:00:00.000Z');
    expect(() => startOfInboxDay('2026-13-01')).toThrow(RangeError);
  });

  it('knows the offset from UTC, and counts calendar days', () => {
    expect(inboxOffsetAt(Date.parse('2026-10-25T00:59:59Z'))).toBe(3 * 3_600_000);
    expect(inboxOffsetAt(Date.parse('2026-10-25T01:00:00Z'))).toBe(2 * 3_600_000);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
