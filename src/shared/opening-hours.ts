// schema.org's short form of opening hours ("Mo-Fr 09:00-18:00", "Sa,Su 10:00-14:00"), read once for
// both its readers: the search data (content/structured-data.ts) and the meeting slots, whose
// default hours are the business's (server/meetings/availability.ts).

/** The day codes in the week's order, Monday first (ISO: Monday is 1). */
export const DAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export type DayCode = (typeof DAY_CODES)[number];

export interface OpeningHours {
  days: DayCode[];
  /** `HH:MM`, as written. */
  opens: string;
  closes: string;
}

function daysOf(range: string, entry: string): DayCode[] {
  const [from, to = from] = range.split('-');
  const start = DAY_CODES.indexOf(from as DayCode);
  const end = DAY_CODES.indexOf(to as DayCode);
  if (start < 0 || end < 0) throw new Error(`openingHours: unknown day in "${entry}"`);
  const days: DayCode[] = [];
  // A range may run over the weekend ("Fr-Mo").
  for (let i = start; ; i = (i + 1) % 7) {
    days.push(DAY_CODES[i]!);
    if (i === end) return days;
  }
}

/** Each entry read; a typo throws with the entry, so a build or a start stops instead of using wrong hours. */
export function parseOpeningHours(entries: readonly string[]): OpeningHours[] {
  return entries.map((entry) => {
    const match = /^([A-Za-z,-]+)\s+([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/.exec(entry.trim());
    if (!match) throw new Error(`openingHours: "${entry}" is not like "Mo-Su 00:00-23:59"`);
    const [, days = '', oh, om, ch, cm] = match;
    return { days: days.split(',').flatMap((range) => daysOf(range, entry)), opens: `${oh}:${om}`, closes: `${ch}:${cm}` };
  });
}
