// The meetings' one desk on an instance: the free slots (worked out at most once every SLOTS_FRESH_MS and
// shared by every request meanwhile), the seats a slot has, and booking, moving and cancelling through
// the store, each dropping the free slots' working out at once. The visitor's routes (meeting-routes.ts)
// and the assistants' tools (assistants/) book through the same desk, so neither sees a list the other
// has made stale on this instance.
import type { Kysely } from 'kysely';
import type { Database } from '../store/database.ts';
import { candidateSlots, freeSlots, type AvailabilitySettings, type Interval } from './availability.ts';
import { bookedBetween, bookMeeting, cancelMeeting, rescheduleMeeting, type Meeting, type MeetingNotices } from './meeting-store.ts';
import type { SlotJson } from '../../shared/meetings.ts';

const DAY = 86_400_000;
/** How long one working out of the free slots answers on an instance. */
const SLOTS_FRESH_MS = 2_000;

export interface MeetingDeskOptions {
  db: Kysely<Database>;
  settings: AvailabilitySettings;
  /** What a booking, a move and a cancellation send (the notifications' plan). */
  notices?: MeetingNotices;
  /** The operators' busy time between two instants (busy-feeds.ts): each overlap takes a seat. */
  busy?: (from: Date, to: Date) => Interval[];
  now?: () => Date;
}

export interface MeetingDesk {
  readonly db: Kysely<Database>;
  now(): Date;
  /** The free slots from `at` to the last day offered, worked out afresh. */
  free(at: Date): Promise<Interval[]>;
  /** The free slots, at most SLOTS_FRESH_MS old: what the list and the assistants offer. */
  listedFree(at: Date): Promise<Interval[]>;
  /** The same as the list's JSON. */
  freeJson(at: Date): Promise<string>;
  /** The candidate slot that starts at `start` (an ISO-8601 instant), if there is one now. */
  slotAt(start: unknown, at: Date): Interval | undefined;
  /** Books; `bookedFrom` is the visitor's client network (networkHash), kept to bound what one network holds. */
  book(leadId: string, slot: Interval, timeZone: string, at: Date, bookedFrom?: string): Promise<Meeting | 'taken'>;
  move(meeting: Meeting, slot: Interval, timeZone: string | undefined, at: Date): Promise<Meeting | 'taken' | 'gone'>;
  /** Cancels; `closeLink` (an operator's cancellation) leaves the visitor's link booking nothing again. */
  cancel(meeting: Meeting, at: Date, options?: { closeLink?: boolean }): Promise<Meeting | undefined>;
  /** Whether the visitor is sent the invitation (mail is configured). */
  readonly invitesVisitor: boolean;
}

export const slotJson = ({ start, end }: Interval): SlotJson => ({ start: start.toISOString(), end: end.toISOString() });

export function createMeetingDesk(opts: MeetingDeskOptions): MeetingDesk {
  const { db, settings } = opts;
  const notices = opts.notices ? { notices: opts.notices } : {};

  const free = async (at: Date) => {
    const until = new Date(at.getTime() + (settings.daysAhead + 2) * DAY);
    const booked = await bookedBetween(db, at, until);
    return freeSlots(settings, at, booked, opts.busy?.(at, until) ?? []);
  };
  // One working out for requests that arrive together: the list costs milliseconds of CPU with a month
  // of meetings, and anyone may ask for it. Another instance's bookings show within the interval, and a
  // visitor who picks a time taken meanwhile is told so with the list as it is then.
  let listed: { at: number; slots: Promise<Interval[]>; json: Promise<string> } | undefined;
  const changed = <T>(result: T): T => {
    listed = undefined;
    return result;
  };
  const list = (at: Date) => {
    if (!listed || at.getTime() - listed.at >= SLOTS_FRESH_MS || at.getTime() < listed.at) {
      const slots = free(at);
      const json = slots.then((s) => JSON.stringify(s.map(slotJson)));
      listed = { at: at.getTime(), slots, json };
      json.catch(() => (listed = undefined));
    }
    return listed;
  };
  /** The seats a slot has for meetings: the agency's, less one for each busy time of the operators then. */
  const seatsAt = (slot: Interval) => Math.max(0, settings.seats - (opts.busy?.(slot.start, slot.end).length ?? 0));

  return {
    db,
    now: opts.now ?? (() => new Date()),
    free,
    listedFree: (at) => list(at).slots,
    freeJson: (at) => list(at).json,
    slotAt(start, at) {
      const time = typeof start === 'string' ? new Date(start).getTime() : NaN;
      return Number.isNaN(time) ? undefined : candidateSlots(settings, at).find((s) => s.start.getTime() === time);
    },
    book: async (leadId, slot, timeZone, at, bookedFrom) =>
      changed(await bookMeeting(db, { leadId, slot, seats: seatsAt(slot), timeZone, now: at, ...notices, ...(bookedFrom ? { bookedFrom } : {}) })),
    move: async (meeting, slot, timeZone, at) =>
      changed(await rescheduleMeeting(db, { meeting, slot, seats: seatsAt(slot), now: at, ...(timeZone ? { timeZone } : {}), ...notices })),
    cancel: async (meeting, at, options) => changed(await cancelMeeting(db, meeting, { now: at, ...notices, ...options })),
    invitesVisitor: opts.notices?.invitesVisitor ?? false,
  };
}
