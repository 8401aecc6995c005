// The busy intervals of an iCalendar text between two instants: each occurrence of each event that is
// not free or cancelled, read with Mozilla's ical.js (chosen against node-ical on real exports: docs/
// decisions/050-calendar-parser.md). Times are placed the way the calendar that wrote them meant:
// - a zone the calendar defines (a VTIMEZONE, wherever it stands in the file, Outlook's "Customized Time
//   Zone" included) by its own rules;
// - an IANA name without its definition by the IANA rules, and a Windows name (Outlook's "FLE Standard
//   Time") through CLDR's table of Windows zones (windows-iana);
// - a floating time, and an all-day event's day, on the calendar's own zone (X-WR-TIMEZONE), else the
//   meetings' (Sofia).
// Recurring events are expanded with their exceptions and moved occurrences; rules that repeat within the
// hour are left out, and no calendar yields more than MAX_OCCURRENCES. Kept apart from busy-feeds.ts so
// the worker that runs it (busy-parse-worker.ts) loads nothing else.
import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { AGENCY_TIME_ZONE } from '../../shared/meetings.ts';
import type { Interval } from './availability.ts';

/** The most occurrences read from one calendar: a month of every operator's meetings is far fewer. */
export const MAX_OCCURRENCES = 20_000;

/** The most occurrences of one rule walked through before the days offered: hourly for over ten years. */
const MAX_STEPS = 100_000;

/** Rules that repeat within the hour: no one's busy time, and expanding them costs seconds (`FREQ=MINUTELY`). */
const TOO_FREQUENT = new Set(['SECONDLY', 'MINUTELY']);

type Time = InstanceType<typeof ICAL.Time>;

/** Whether Intl knows the zone (an IANA name or alias). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A function of a TZID worked out once per name in a calendar: making a formatter costs far more than a lookup. */
function once<T>(work: (tzid: string) => T): (tzid: string) => T {
  const known = new Map<string, T>();
  return (tzid) => {
    if (!known.has(tzid)) known.set(tzid, work(tzid));
    return known.get(tzid)!;
  };
}

/** The IANA zone a TZID names without a definition in the file: itself, or a Windows name's, by Bulgaria's first. */
function ianaOf(tzid: string): string | undefined {
  const name = tzid.replace(/^"|"$/g, '').trim();
  if (knownZone(name)) return name;
  const iana = findIana(name, 'BG') ?? findIana(name);
  return iana?.find(knownZone);
}

/** The instant of a wall-clock time in an IANA zone. */
const wallClockIn = (t: Time, zone: string) => new TZDate(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, zone).getTime();

export function busyIntervalsOf(text: string, from: Date, to: Date): Interval[] {
  // Each calendar's zones are its own: none kept from another (a worker reads one calendar, a test many).
  ICAL.TimezoneService.reset();
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  // Its zones first, wherever they stand: the times are read once the zones are known.
  const defined = new Set<string>();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(zone);
    ICAL.TimezoneService.register(tz);
    defined.add(tz.tzid);
  }
  const zoneOf = once(ianaOf);
  const declared = calendar.getFirstPropertyValue('x-wr-timezone');
  const home = typeof declared === 'string' && knownZone(declared) ? declared : AGENCY_TIME_ZONE;

  /** The instant a time of the calendar stands for, `tzid` being its property's TZID, if any. */
  const instantOf = (t: Time, tzid: string | undefined): number => {
    if (t.isDate) return wallClockIn(t, home);
    if (t.zone?.tzid === 'UTC' || t.zone === ICAL.Timezone.utcTimezone) return t.toUnixTime() * 1000;
    if (tzid && defined.has(tzid)) return t.toUnixTime() * 1000;
    const iana = tzid ? zoneOf(tzid) : undefined;
    return wallClockIn(t, iana ?? home);
  };
  const tzidOf = (component: InstanceType<typeof ICAL.Component>, name: string) => {
    const value = component.getFirstProperty(name)?.getParameter('tzid');
    return typeof value === 'string' ? value : undefined;
  };

  const busy: Interval[] = [];
  const fromMs = from.getTime();
  const toMs = to.getTime();
  // The days around the window, as the file writes dates (2026-12-01…): a one-off event wholly outside
  // them is passed over without reading its times, which is most of a calendar of years.
  const firstDay = new Date(fromMs - 2 * 86_400_000).toISOString().slice(0, 10);
  const lastDay = new Date(toMs + 2 * 86_400_000).toISOString().slice(0, 10);
  const rawDay = (component: InstanceType<typeof ICAL.Component>, name: string) => {
    const value = component.getFirstProperty(name)?.jCal[3];
    return typeof value === 'string' ? value.slice(0, 10) : undefined;
  };

  // Moved or changed occurrences (RECURRENCE-ID) belong to their series, by UID; one-off events are
  // read at once.
  const series = new Map<string, InstanceType<typeof ICAL.Event>>();
  const exceptions: InstanceType<typeof ICAL.Event>[] = [];
  const oneOffs: InstanceType<typeof ICAL.Event>[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const recurs = component.hasProperty('rrule') || component.hasProperty('rdate') || component.hasProperty('recurrence-id');
    if (!recurs) {
      const starts = rawDay(component, 'dtstart');
      const ends = component.hasProperty('duration') ? undefined : (rawDay(component, 'dtend') ?? starts);
      if ((starts && starts > lastDay) || (ends && ends < firstDay)) continue;
      oneOffs.push(new ICAL.Event(component));
      continue;
    }
    const event = new ICAL.Event(component);
    if (event.isRecurrenceException()) exceptions.push(event);
    else series.set(event.uid, event);
  }
  for (const exception of exceptions) series.get(exception.uid)?.relateException(exception);
  const add = (component: InstanceType<typeof ICAL.Component>, start: Time, end: Time) => {
    const transparent = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT';
    const cancelled = String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
    if (transparent || cancelled) return;
    const startMs = instantOf(start, tzidOf(component, 'dtstart'));
    // The length as the calendar counts it (an all-day event without an end is one day).
    const endMs = startMs + Math.max(0, end.subtractDate(start).toSeconds() * 1000);
    if (endMs > fromMs && startMs < toMs && endMs > startMs) busy.push({ start: new Date(startMs), end: new Date(endMs) });
    if (busy.length >= MAX_OCCURRENCES) throw new Error(`more than ${MAX_OCCURRENCES} busy times in the days offered`);
  };
  const endOf = (event: InstanceType<typeof ICAL.Event>, start: Time): Time => {
    if (event.component.hasProperty('dtend') || event.component.hasProperty('duration')) return event.endDate;
    const end = start.clone();
    end.addDuration(ICAL.Duration.fromData(start.isDate ? { days: 1 } : { seconds: 0 }));
    return end;
  };

  for (const event of [...oneOffs, ...series.values()]) {
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      add(event.component, event.startDate, endOf(event, event.startDate));
      continue;
    }
    const rule = event.component.getFirstPropertyValue('rrule') as { freq?: string } | null;
    if (rule?.freq && TOO_FREQUENT.has(rule.freq)) continue;
    const iterator = event.iterator();
    // A day's margin either side: an occurrence is placed by its zone only once it is found. A rule is
    // walked from its first occurrence, so one that started long ago and repeats often is given up on.
    let steps = 0;
    for (let next = iterator.next(); next && steps < MAX_STEPS; next = iterator.next(), steps++) {
      const roughly = next.toUnixTime() * 1000;
      if (roughly > toMs + 86_400_000) break;
      const details = event.getOccurrenceDetails(next);
      if (roughly < fromMs - 2 * 86_400_000 && details.endDate.toUnixTime() * 1000 < fromMs - 86_400_000) continue;
      add(details.item.component, details.startDate, details.endDate);
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}
