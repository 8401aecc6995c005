// Meetings a visitor books for the discovery call: what page and server both know of them.

/**
 * The agency's clock: Sofia's. Its meeting hours are written in it, and the inbox counts its days and
 * shows its times in it (INBOX_TIME_ZONE, shared/inbox.ts, is this one).
 */
export const AGENCY_TIME_ZONE = 'Europe/Sofia';

/** `booked` until the call is held, missed (`no_show`) or `cancelled`. */
export const MEETING_STATUSES = ['booked', 'cancelled', 'held', 'no_show'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

export const MEETING_SLOTS_PATH = '/api/meeting-slots';

/** A slot as the API sends it: instants in UTC, ISO 8601. */
export interface SlotJson {
  start: string;
  end: string;
}

/** `GET /api/meeting-slots?tz=…`: the free slots of the days ahead, in order. */
export interface MeetingSlotsJson {
  timeZone: string;
  slots: SlotJson[];
}

/** A visitor's meeting as the manage page gets it (`GET /api/meeting?token=…`). */
export interface MeetingJson {
  start: string;
  end: string;
  status: MeetingStatus;
  /** The zone the visitor booked in: their mails write times in it. */
  timeZone: string;
}
