// The agenda's contract, shared by the server's /api/admin/meetings routes and the inbox's agenda: the
// span it lists, what an operator records of a call and for how long it can be taken back, and each
// meeting as the agenda lists it.
import { z } from './zod.ts';
import { MEETING_STATUSES } from './meetings.ts';

/** The agenda's span: today and the days after it, on Sofia's calendar. */
export const agendaQuery = z.object({ days: z.coerce.number().int().min(1).max(31).default(7) });

/** What an operator records of a call: it took place, or the visitor was not there. */
export const meetingOutcome = z.object({
  outcome: z.enum(['held', 'no_show']),
  /** With a no-show: mail the visitor a link to pick another time. */
  offer_new_time: z.boolean().default(false),
});

/**
 * How long an operator can take back a call's outcome (`DELETE` on its outcome); a no-show's mail to the
 * visitor waits as long, so a mistaken mark never reaches them.
 */
export const OUTCOME_UNDO_MS = 10 * 60_000;

/** A meeting as the agenda lists it, with what the operator needs to call. */
export const agendaMeeting = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(MEETING_STATUSES),
  /** When it was marked held or a no-show; null while booked. The mark can be taken back for OUTCOME_UNDO_MS. */
  marked_at: z.string().nullable(),
  time_zone: z.string(),
  lead: z.object({
    id: z.string(),
    first_name: z.string(),
    business_name: z.string(),
    phone: z.string(),
    phone_e164: z.string().nullable(),
    service: z.string(),
  }),
});
export type AgendaMeeting = z.output<typeof agendaMeeting>;
