// The 24-hour promise: the site tells every visitor they will be called within 24 hours, so a lead still
// pending after LEAD_REMINDER_HOURS sends one reminder through the operator's channels. And a visitor
// who booked a time is reminded of it a day and an hour before. A scan (at start,
// then every minute) writes the reminders into the outbox; the dedupe key makes it one per lead and
// channel even with several instances scanning.
import { periodicTask } from '../core/periodic.ts';
import type { Kysely } from 'kysely';
import { CALL_BACK_HOURS } from '../../shared/promises.ts';
import type { Database } from '../store/database.ts';
import { enqueue, type RetryPolicy } from './outbox.ts';
import { meetingReminderEntry, reminderEntries, type NotificationPlan } from './entries.ts';

const HOUR = 3_600_000;

/** Whole hours a lead has waited, and the hours left of the promise (never below 0). */
export function callbackClock(createdAt: string, now: Date): { waited: number; left: number } {
  const waited = Math.floor((now.getTime() - new Date(createdAt).getTime()) / HOUR);
  return { waited, left: Math.max(0, CALL_BACK_HOURS - waited) };
}

/** When the promised call is due. */
export const callbackDeadline = (createdAt: string): Date => new Date(new Date(createdAt).getTime() + CALL_BACK_HOURS * HOUR);

/**
 * Writes a reminder for each lead still pending `hours` after it came in, within the 24 hours: a lead
 * older than that is past reminding (say, after a long outage, or on the first start with old leads).
 */
export async function enqueueReminders(
  db: Kysely<Database>,
  plan: NotificationPlan,
  options: { hours: number; now: Date; retry?: RetryPolicy },
): Promise<number> {
  if (plan.operator.length === 0) return 0;
  const { now } = options;
  const leads = await db
    .selectFrom('discovery_calls as lead')
    .select('lead.id')
    .where('lead.status', '=', 'pending')
    .where('lead.spam_reason', 'is', null)
    .where('lead.created_at', '<=', new Date(now.getTime() - options.hours * HOUR).toISOString())
    .where('lead.created_at', '>', new Date(now.getTime() - CALL_BACK_HOURS * HOUR).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox')
            .select('outbox.id')
            .whereRef('outbox.lead_id', '=', 'lead.id')
            .where('outbox.kind', '=', 'lead.reminder'),
        ),
      ),
    )
    .execute();
  return enqueue(db, leads.flatMap((l) => reminderEntries(l.id, plan)), now, options.retry);
}

/** The visitor's reminders before a meeting: a day and an hour ahead. */
export const MEETING_REMINDERS = [
  { before: '24h', ms: 24 * HOUR },
  { before: '1h', ms: HOUR },
] as const;

/**
 * Writes the visitor's reminders now due: for each booked meeting that starts within a reminder's time
 * (and not yet within the next reminder's), unless it was booked or moved within that time, when the invitation has just
 * said it all. One per meeting's version and reminder, ever: the dedupe key holds the sequence, and a
 * move or a cancellation takes back the reminders still waiting (meetings/meeting-store.ts).
 */
export async function enqueueMeetingReminders(db: Kysely<Database>, plan: NotificationPlan, options: { now: Date; retry?: RetryPolicy }): Promise<number> {
  if (!plan.visitorMeetings) return 0;
  const { now } = options;
  let written = 0;
  for (const [i, { before, ms }] of MEETING_REMINDERS.entries()) {
    // Only the nearest reminder: a scan that finds a call already within the hour (after a restart, say)
    // sends the hour's reminder, not the day's as well.
    const nearer = MEETING_REMINDERS[i + 1]?.ms ?? 0;
    const due = await db
      .selectFrom('meetings')
      .select(['id', 'lead_id', 'sequence', 'starts_at', 'updated_at'])
      .where('status', '=', 'booked')
      .where('starts_at', '>', new Date(now.getTime() + nearer).toISOString())
      .where('starts_at', '<=', new Date(now.getTime() + ms).toISOString())
      .execute();
    const entries = due
      .filter((m) => new Date(m.updated_at).getTime() <= new Date(m.starts_at).getTime() - ms)
      .map((m) => meetingReminderEntry({ id: m.id, leadId: m.lead_id, sequence: m.sequence }, before));
    if (entries.length === 0) continue;
    const known = new Set(
      (await db.selectFrom('outbox').select('dedupe_key').where('dedupe_key', 'in', entries.map((e) => e.dedupeKey)).execute()).map((r) => r.dedupe_key),
    );
    written += await enqueue(db, entries.filter((e) => !known.has(e.dedupeKey)), now, options.retry);
  }
  return written;
}

export interface ReminderScanner {
  /** Scans now, then every `everyMs`, never two at once (core/periodic.ts). */
  start(): void;
  /** Waits for a scan under way. */
  stop(): Promise<void>;
  scan(): Promise<number>;
}

export interface ReminderScannerOptions {
  db: Kysely<Database>;
  plan: NotificationPlan;
  hours: number;
  now: () => Date;
  everyMs?: number;
  retry?: RetryPolicy;
  /** Called when a scan wrote reminders, to send them at once. */
  onEnqueued: () => void;
  onError: (err: unknown) => void;
}

export function createReminderScanner(options: ReminderScannerOptions): ReminderScanner {
  const scan = async () => {
    const now = options.now();
    const retry = options.retry ? { retry: options.retry } : {};
    const written =
      (await enqueueReminders(options.db, options.plan, { hours: options.hours, now, ...retry })) +
      (await enqueueMeetingReminders(options.db, options.plan, { now, ...retry }));
    if (written > 0) options.onEnqueued();
    return written;
  };
  const task = periodicTask(scan, options.everyMs ?? 60_000, options.onError);
  return { start: task.start, stop: task.stop, scan };
}
