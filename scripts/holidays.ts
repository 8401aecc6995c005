// `npm run holidays`: writes src/shared/bg-holidays.ts, Bulgaria's public holidays from
// date-holidays (Orthodox Easter and the days that move included) for the years the meeting slots
// can reach, so the server carries the dates and not the library with its astronomy (36 MB of the
// image; decision 034). Run it after updating date-holidays, and before the last year listed comes
// near: holidays.test.ts fails when the file is not what the library says or ends too soon.
import fs from 'node:fs';
import Holidays from 'date-holidays';

/** The years written: from this one, fifteen of them. */
export const HOLIDAY_YEARS = 15;
export const HOLIDAYS_FILE = 'src/shared/bg-holidays.ts';

/** `YYYY-MM-DD` of every public holiday in Bulgaria in the years given, in order, with their names. */
export function bulgarianHolidays(from: number, years: number): { date: string; name: string }[] {
  const calendar = new Holidays('BG');
  return Array.from({ length: years }, (_, i) => from + i).flatMap((year) =>
    calendar
      .getHolidays(year)
      .filter((h) => h.type === 'public')
      .map((h) => ({ date: h.date.slice(0, 10), name: h.name })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const from = new Date().getUTCFullYear();
  const days = bulgarianHolidays(from, HOLIDAY_YEARS);
  const lines = days.map((d) => `  ['${d.date}', ${JSON.stringify(d.name).replace(/'/g, "\\'").replace(/^"|"$/g, "'")}],`);
  fs.writeFileSync(
    HOLIDAYS_FILE,
    [
      '// Written by `npm run holidays` (scripts/holidays.ts) from date-holidays: Bulgaria\'s public holidays,',
      `// ${from} to ${from + HOLIDAY_YEARS - 1}. Do not edit; run the command again.`,
      '',
      `export const HOLIDAYS_FROM = ${from};`,
      `export const HOLIDAYS_TO = ${from + HOLIDAY_YEARS - 1};`,
      '',
      '/** Each public holiday: its day and its name. */',
      'export const BG_PUBLIC_HOLIDAYS: readonly (readonly [day: string, name: string])[] = [',
      ...lines,
      '];',
      '',
    ].join('\n'),
  );
  console.log(`${HOLIDAYS_FILE}: ${days.length} holidays, ${from}–${from + HOLIDAY_YEARS - 1}`);
}
