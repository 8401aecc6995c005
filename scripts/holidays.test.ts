// The holidays the server carries (src/shared/bg-holidays.ts) are date-holidays' own, and
// reach far enough: a library update that moves a day, or a file about to run out, fails here until
// `npm run holidays` is run again.
import { describe, expect, it } from 'vitest';
import { BG_PUBLIC_HOLIDAYS, HOLIDAYS_FROM, HOLIDAYS_TO } from '../src/shared/bg-holidays.ts';
import { bulgarianHolidays } from './holidays.ts';

describe("Bulgaria's public holidays in the server", () => {
  it('are what date-holidays says, every year of the file', () => {
    const library = bulgarianHolidays(HOLIDAYS_FROM, HOLIDAYS_TO - HOLIDAYS_FROM + 1).map((h) => [h.date, h.name]);
    expect(BG_PUBLIC_HOLIDAYS).toEqual(library);
  });

  it('reach at least five years past this one', () => {
    expect(HOLIDAYS_TO).toBeGreaterThanOrEqual(new Date().getUTCFullYear() + 5);
    expect(HOLIDAYS_FROM).toBeLessThanOrEqual(new Date().getUTCFullYear());
  });
});
