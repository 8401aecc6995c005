// The busy intervals of an iCalendar text between two instants: each occurrence of each event that is
// not free or cancelled, recurring events expanded by node-ical (RRULE, EXDATE, moved occurrences). Kept
// apart from busy-feeds.ts so the worker that runs it (busy-parse-worker.ts) loads nothing else.
import ical, { type VEvent } from 'node-ical';
import type { Interval } from './availability.ts';

/** The most occurrences read from one calendar: a month of every operator's meetings is far fewer. */
export const MAX_OCCURRENCES = 20_000;

/** Rules that repeat within the hour: no one's busy time, and expanding them costs seconds (`FREQ=MINUTELY`). */
const TOO_FREQUENT = /FREQ=(SECONDLY|MINUTELY)/i;

export function busyIntervalsOf(text: string, from: Date, to: Date): Interval[] {
  const calendar = ical.sync.parseICS(text);
  const busy: Interval[] = [];
  for (const component of Object.values(calendar)) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (event.transparency === 'TRANSPARENT' || event.status === 'CANCELLED' || !event.start) continue;
    if (event.rrule && TOO_FREQUENT.test(event.rrule.toString())) continue;
    for (const occurrence of ical.expandRecurringEvent(event, { from, to, expandOngoing: true })) {
      if (occurrence.event.status === 'CANCELLED' || occurrence.event.transparency === 'TRANSPARENT') continue;
      const start = new Date(occurrence.start);
      const end = new Date(occurrence.end ?? occurrence.start);
      if (end > from && start < to && end > start) busy.push({ start, end });
      if (busy.length >= MAX_OCCURRENCES) throw new Error(`more than ${MAX_OCCURRENCES} busy times in the days offered`);
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}
