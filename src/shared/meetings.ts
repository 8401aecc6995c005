// Meetings a visitor books for the discovery call: what page and server both know of them.

/** The agency's clock, the one its hours are written in: Sofia's, as the inbox shows times. */
export { INBOX_TIME_ZONE as AGENCY_TIME_ZONE } from './inbox.ts';

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
