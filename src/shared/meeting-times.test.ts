import { describe, expect, it } from 'vitest';
import { slotsByDay, sofiaTime, whenInWords, zoneName } from './meeting-times.ts';

// Tuesday 1 December 2026, 08:00 and 08:30 UTC: 10:00 and 10:30 in Sofia.
const slots = [
  { start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T08:30:00.000Z' },
  { start: '2026-12-01T08:30:00.000Z', end: '2026-12-01T09:00:00.000Z' },
  { start: '2026-12-01T15:00:00.000Z', end: '2026-12-01T15:30:00.000Z' },
];

describe('the slots on the visitor\'s clock', () => {
  it('show Sofia visitors their own times only', () => {
    expect(slotsByDay(slots, 'Europe/Sofia', 'en')).toEqual([
      {
        key: '2026-12-01',
        label: 'Tuesday 1 December',
        slots: [
          { start: slots[0]!.start, time: '10:00' },
          { start: slots[1]!.start, time: '10:30' },
          { start: slots[2]!.start, time: '17:00' },
        ],
      },
    ]);
  });

  it('show Kathmandu its quarter-hour offset and Sofia beside, in Bulgarian too', () => {
    const [day] = slotsByDay(slots, 'Asia/Kathmandu', 'bg');
    expect(day!.label).toBe('вторник, 1 декември');
    expect(day!.slots[0]).toEqual({ start: slots[0]!.start, time: '13:45', sofiaTime: '10:00' });
  });

  it('put an evening in Sofia on the next day in Tokyo, and a morning on the previous one in New York', () => {
    const tokyo = slotsByDay(slots, 'Asia/Tokyo', 'en');
    expect(tokyo.map((d) => [d.key, d.slots.map((s) => s.time)])).toEqual([
      ['2026-12-01', ['17:00', '17:30']],
      ['2026-12-02', ['00:00']],
    ]);
    const early = slotsByDay([{ start: '2026-12-01T04:00:00.000Z', end: '2026-12-01T04:30:00.000Z' }], 'America/New_York', 'en');
    expect(early.map((d) => [d.key, d.slots[0]!.time, d.slots[0]!.sofiaTime])).toEqual([['2026-11-30', '23:00', '06:00']]);
  });

  it('say a booked time in words on the visitor\'s clock, and on Sofia\'s', () => {
    expect(whenInWords(slots[0]!.start, 'America/New_York', 'en')).toBe('Tuesday 1 December at 03:00');
    expect(sofiaTime(slots[0]!.start, 'en')).toBe('10:00');
    expect(whenInWords(slots[0]!.start, 'Europe/Sofia', 'bg')).toMatch(/^вторник, 1 декември.*10:00/);
  });

  it('name the visitor\'s zone as a person reads it, with its offset', () => {
    const winter = new Date('2026-12-01T08:00:00Z');
    expect(zoneName('Asia/Kathmandu', 'en', winter)).toBe('Nepal Time, GMT+5:45');
    expect(zoneName('Asia/Katmandu', 'en', winter)).toBe('Nepal Time, GMT+5:45');
    expect(zoneName('America/New_York', 'en', winter)).toBe('Eastern Standard Time, GMT-5');
    expect(zoneName('Europe/Sofia', 'bg', winter)).toMatch(/^Източноевропейско стандартно време, Гринуич\+2$/);
  });
});
