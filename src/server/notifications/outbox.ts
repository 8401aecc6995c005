// The outbox: each notification is a row written in the lead's own transaction and sent later by the
// deliverer (deliverer.ts). It exists so that a submission never waits on, or fails because of, a mail
// server or a webhook receiver, and so that what was not yet sent survives a restart. Claiming follows
// graphile/worker's getJobs (FOR UPDATE SKIP LOCKED: several instances never take the same entry) and
// failing its failJob (the next attempt's time is recorded on the row). One unique `dedupe_key`,
// inserted with ON CONFLICT DO NOTHING, gives "one reminder", "one confirmation per address per day"
// and "never twice" alike. Each entry holds what it says as it was when it was written (its facts: the
// lead, the meeting, the moment), so every attempt sends the same and a retry after a change still tells
// of what happened then (docs/decisions/048-frozen-notices.md). Which entries a change gets is planned in
// entries.ts; what they hold, in facts.ts.
import { type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { iso, newRowId, type Database, type DeliveryAttemptsTable, type Dialect, type OutboxTable } from '../store/database.ts';
import { addLeadEvent } from '../leads/lead-timeline.ts';
import type { NewEntry } from './entries.ts';
import { currentFacts, storedFacts, type Facts } from './facts.ts';

import type { DeliverySummary, OutboxKind } from '../../shared/inbox.ts';

export interface RetryPolicy {
  /** The wait before the first retry; it doubles with each further failure… */
  firstDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** Failures after this long (since the entry was written or re-sent) mark it failed. */
  giveUpAfterMs: number;
  /** How long a claim holds an entry: longer than any send takes, so only a crashed claim runs out. */
  leaseMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  firstDelayMs: 5_000,
  maxDelayMs: 3_600_000,
  giveUpAfterMs: 24 * 3_600_000,
  leaseMs: 60_000,
};

/** The wait after the given count of failed attempts (1 for the first): 5 s, 10 s, 20 s … 1 h. */
export function retryDelayMs(failures: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, failures - 1), policy.maxDelayMs);
}

type Times = 'next_attempt_at' | 'retry_until' | 'locked_until' | 'created_at' | 'delivered_at';

/** An outbox entry as the store hands it out, its times as ISO-8601 strings. */
export type OutboxEntry = Omit<Selectable<OutboxTable>, Times> & {
  next_attempt_at: string;
  retry_until: string;
  locked_until: string | null;
  created_at: string;
  delivered_at: string | null;
};

export type DeliveryAttempt = Omit<Selectable<DeliveryAttemptsTable>, 'attempted_at' | 'ok'> & {
  attempted_at: string;
  ok: boolean;
};

/** An entry with its attempts, newest last: what the inbox shows under a lead. */
export type Delivery = OutboxEntry & { history: DeliveryAttempt[] };

/** A lead's notification, as the inbox shows it. */
export const deliverySummaryOf = (d: Delivery): DeliverySummary => ({
  id: d.id,
  channel: d.channel,
  kind: d.kind,
  status: d.status,
  attempts: d.attempts,
  last_error: d.last_error,
  created_at: d.created_at,
  delivered_at: d.delivered_at,
  next_attempt_at: d.status === 'pending' ? d.next_attempt_at : null,
});

/** What one send came to: an answer's status code or SMTP reply code where there was one. */
export interface SendOutcome {
  ok: boolean;
  statusCode?: number | undefined;
  error?: string | undefined;
  /** How long the receiver asked to be left alone (a 429's or a 503's Retry-After). */
  retryAfterMs?: number | undefined;
  /** The receiver is gone for good (a webhook's 410, a deleted hook, a chat that is no more): no further attempt, and its channel is failing. */
  gone?: boolean | undefined;
  /** The answer will not change by trying again (a 4xx other than 408 and 429): no further attempt. */
  final?: boolean | undefined;
  /**
   * Not tried at all: the channel holds it back for `retryAfterMs` (a cap reached). Its claim is given
   * back uncounted and no attempt is recorded, so it is neither a failure nor nearer its give-up.
   */
  deferred?: boolean | undefined;
  /**
   * Not sent, and never to be: what it was for no longer holds (a call back to a lead who booked a time
   * meanwhile). The entry ends with `error` as its words, and no attempt is recorded, so the channel's
   * health and its hourly count do not see it.
   */
  withdrawn?: boolean | undefined;
}

export type AttemptResult = SendOutcome & { durationMs: number };

/** One attempt as a channel's health rule reads it (channels/channel.ts), newest first. */
export interface RecentAttempt {
  ok: boolean;
  statusCode: number | null;
  /** The receiver answered that it is gone for good. */
  gone: boolean;
  error: string | null;
}

/** The outbox rows of new entries, due now, given up on after the policy's time. */
export function outboxRows(entries: readonly NewEntry[], now: Date, policy: RetryPolicy = DEFAULT_RETRY): Insertable<OutboxTable>[] {
  const at = now.toISOString();
  return entries.map((e) => ({
    id: newRowId(),
    lead_id: e.leadId,
    channel: e.channel,
    kind: e.kind,
    dedupe_key: e.dedupeKey,
    next_attempt_at: e.notBefore && e.notBefore > now ? e.notBefore.toISOString() : at,
    retry_until: new Date(Math.max(now.getTime(), e.notBefore?.getTime() ?? 0) + policy.giveUpAfterMs).toISOString(),
    locked_until: null,
    last_error: null,
    created_at: at,
    delivered_at: null,
    meeting_id: e.meetingId ?? null,
    facts: e.facts ? storedFacts(e.facts) : null,
  }));
}

/** A visitor's notices of a meeting that a newer one makes moot while unsent: the newer one says it all. */
const SUPERSEDING: readonly OutboxKind[] = ['meeting.booked', 'meeting.rescheduled', 'meeting.cancelled'];
const SUPERSEDED: readonly OutboxKind[] = [...SUPERSEDING, 'meeting.reminder'];

/**
 * Writes the entries, each unless one with its dedupe key exists (ON CONFLICT DO NOTHING; the lead
 * store writes a new lead's the same way, leads/lead-statements.ts), each with its facts as `db` (the change's own
 * transaction) holds them now; how many were written. A visitor's unsent notice of the same meeting
 * that a new one supersedes is dropped, never sent with the new one's content: the visitor gets the
 * latest word once. The operator's channels are never collapsed: integrations need every event.
 */
export async function enqueue(
  db: Kysely<Database> | Transaction<Database>,
  entries: readonly NewEntry[],
  now: Date,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<number> {
  if (entries.length === 0) return 0;
  const frozen: NewEntry[] = [];
  // One at a time: on SQLite a transaction is one connection.
  for (const e of entries) {
    const facts = e.facts ?? (e.leadId === null ? undefined : await currentFacts(db, e.leadId, e.meetingId, now));
    frozen.push(facts ? { ...e, facts } : e);
  }
  const moot = frozen.filter((e) => e.channel === 'visitor' && e.meetingId && SUPERSEDING.includes(e.kind));
  for (const e of moot) {
    await db
      .deleteFrom('outbox')
      .where('meeting_id', '=', e.meetingId!)
      .where('channel', '=', 'visitor')
      .where('kind', 'in', SUPERSEDED)
      .where('status', '=', 'pending')
      .execute();
  }
  const rows = await db
    .insertInto('outbox')
    .values(outboxRows(frozen, now, policy))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

function toEntry(row: Selectable<OutboxTable>): OutboxEntry {
  const maybe = (v: string | Date | null) => (v === null ? null : iso(v));
  return {
    ...row,
    next_attempt_at: iso(row.next_attempt_at),
    retry_until: iso(row.retry_until),
    locked_until: maybe(row.locked_until),
    created_at: iso(row.created_at),
    delivered_at: maybe(row.delivered_at),
  };
}

function toAttempt(row: Selectable<DeliveryAttemptsTable>): DeliveryAttempt {
  return { ...row, attempted_at: iso(row.attempted_at), ok: row.ok === 1 };
}

/** Where an attempt left its entry; `gone` when the entry was erased meanwhile (with its lead, or made moot by a newer notice). */
export type Recorded = 'delivered' | 'retrying' | 'failed' | 'stale' | 'gone' | 'withdrawn';

export interface Outbox {
  /** Takes up to `limit` entries whose time has come, holding each for the lease. */
  claim(limit: number): Promise<OutboxEntry[]>;
  /**
   * Logs an attempt on a claimed entry and marks it delivered, due again after the back-off, or failed
   * once its retry window is over. `stale` when the claim had run out and another instance took the
   * entry: the attempt is logged, the entry left to that instance. `gone` when the entry no longer
   * exists (its lead was erased while it was being sent): nothing is written, so nothing of the erased
   * lead comes back.
   */
  record(entry: OutboxEntry, result: AttemptResult): Promise<Recorded>;
  /**
   * The facts of an entry written before entries held them, read now and kept on it, so its later
   * attempts send the same; undefined when its lead is gone.
   */
  freeze(entry: OutboxEntry): Promise<Facts | undefined>;
  /** Puts a failed entry back in line at once, with a fresh retry window; undefined if none is failed. */
  resend(id: string): Promise<OutboxEntry | undefined>;
  /** Each channel's last three attempts, newest first, for its health (channels/channel.ts). */
  recentAttempts(channels: readonly string[]): Promise<Record<string, RecentAttempt[]>>;
  /** A lead's notifications with their attempts, oldest first. */
  deliveriesOf(leadId: string): Promise<Delivery[]>;
}

export interface OutboxOptions {
  now?: () => Date;
  retry?: RetryPolicy;
}

export function createOutbox(db: Kysely<Database>, dialect: Dialect, options: OutboxOptions = {}): Outbox {
  const now = options.now ?? (() => new Date());
  const policy = options.retry ?? DEFAULT_RETRY;

  return {
    async claim(limit) {
      const at = now();
      const rows = await db
        .updateTable('outbox')
        .set((eb) => ({
          locked_until: new Date(at.getTime() + policy.leaseMs).toISOString(),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', (eb) => {
          const due = eb
            .selectFrom('outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', at.toISOString())
            .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', at.toISOString())]))
            .orderBy('next_attempt_at')
            .limit(limit);
          // SQLite has one writer at a time, so the statement alone is the claim there.
          return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
        })
        .returningAll()
        .execute();
      return rows.map(toEntry);
    },

    async record(entry, result) {
      const at = now();
      if (result.deferred) {
        await db
          .updateTable('outbox')
          .set({ attempts: entry.attempts - 1, locked_until: null, next_attempt_at: new Date(at.getTime() + (result.retryAfterMs ?? 0)).toISOString(), last_error: result.error ?? null })
          .where('id', '=', entry.id)
          .where('status', '=', 'pending')
          .where('attempts', '=', entry.attempts)
          .execute();
        return 'retrying';
      }
      if (result.withdrawn) {
        const ended = await db
          .updateTable('outbox')
          .set({ status: 'failed', locked_until: null, last_error: result.error ?? null })
          .where('id', '=', entry.id)
          .where('status', '=', 'pending')
          .where('attempts', '=', entry.attempts)
          .executeTakeFirst();
        return ended.numUpdatedRows > 0n ? 'withdrawn' : 'stale';
      }
      const failedForGood = !result.ok && (result.gone === true || result.final === true || at.getTime() >= new Date(entry.retry_until).getTime());
      // The back-off, or the wait the receiver asked for where longer, never past the longest back-off.
      const wait = Math.min(Math.max(retryDelayMs(entry.attempts, policy), result.retryAfterMs ?? 0), policy.maxDelayMs);
      return db.transaction().execute(async (trx) => {
        const outcome: Recorded = result.ok ? 'delivered' : failedForGood ? 'failed' : 'retrying';
        // The claim is ours while no one has claimed the entry since (each claim counts an attempt). The
        // entry is changed before its attempt is logged: on PostgreSQL an erasure under way holds the
        // row, and this waits for it to finish and then finds the entry gone.
        const updated = await trx
          .updateTable('outbox')
          .set({
            status: outcome === 'retrying' ? 'pending' : outcome,
            locked_until: null,
            last_error: result.ok ? null : (result.error ?? null),
            ...(result.ok
              ? { delivered_at: at.toISOString() }
              : { next_attempt_at: new Date(at.getTime() + wait).toISOString() }),
          })
          .where('id', '=', entry.id)
          .where('status', '=', 'pending')
          .where('attempts', '=', entry.attempts)
          .executeTakeFirst();
        const ours = updated.numUpdatedRows > 0n;
        if (!ours && !(await trx.selectFrom('outbox').select('id').where('id', '=', entry.id).executeTakeFirst())) return 'gone';
        await trx
          .insertInto('delivery_attempts')
          .values({
            id: newRowId(),
            outbox_id: entry.id,
            channel: entry.channel,
            attempted_at: at.toISOString(),
            ok: result.ok ? 1 : 0,
            status_code: result.statusCode ?? null,
            error: result.error ?? null,
            duration_ms: Math.round(result.durationMs),
            gone: result.gone ? 1 : 0,
          })
          .execute();
        if (!ours) return 'stale';
        if (outcome !== 'retrying' && entry.lead_id === null) {
          // A notice that outlived its erased lead: once sent (or given up on) nothing of it is kept.
          await trx.deleteFrom('delivery_attempts').where('outbox_id', '=', entry.id).execute();
          await trx.deleteFrom('outbox').where('id', '=', entry.id).execute();
        } else if (outcome !== 'retrying' && entry.lead_id !== null) {
          await addLeadEvent(trx, {
            lead_id: entry.lead_id,
            type: outcome === 'delivered' ? 'notification.delivered' : 'notification.failed',
            detail: `${entry.kind} ${entry.channel}`,
            channel: entry.channel,
            kind: entry.kind,
            created_at: at.toISOString(),
          });
        }
        return outcome;
      });
    },

    async freeze(entry) {
      if (entry.lead_id === null) return undefined;
      const facts = await currentFacts(db, entry.lead_id, entry.meeting_id, now());
      if (facts) await db.updateTable('outbox').set({ facts: storedFacts(facts) }).where('id', '=', entry.id).where('facts', 'is', null).execute();
      return facts;
    },

    async resend(id) {
      const at = now();
      const row = await db
        .updateTable('outbox')
        .set({
          status: 'pending',
          next_attempt_at: at.toISOString(),
          retry_until: new Date(at.getTime() + policy.giveUpAfterMs).toISOString(),
          locked_until: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .returningAll()
        .executeTakeFirst();
      return row ? toEntry(row) : undefined;
    },

    async recentAttempts(channels) {
      const lists = await Promise.all(
        channels.map(async (channel) => {
          const last = await db
            .selectFrom('delivery_attempts')
            .select(['ok', 'status_code', 'gone', 'error'])
            .where('channel', '=', channel)
            .orderBy('attempted_at', 'desc')
            .limit(3)
            .execute();
          return [channel, last.map((a) => ({ ok: a.ok === 1, statusCode: a.status_code, gone: a.gone === 1, error: a.error }))] as const;
        }),
      );
      return Object.fromEntries(lists);
    },

    async deliveriesOf(leadId) {
      const mine = db.selectFrom('outbox').selectAll().where('lead_id', '=', leadId);
      const entries = await mine.orderBy('created_at').orderBy('channel').execute();
      if (entries.length === 0) return [];
      const attempts = await db
        .selectFrom('delivery_attempts')
        .selectAll()
        .where('outbox_id', 'in', entries.map((e) => e.id))
        .orderBy('attempted_at')
        .execute();
      return entries.map((e) => ({
        ...toEntry(e),
        history: attempts.filter((a) => a.outbox_id === e.id).map(toAttempt),
      }));
    },
  };
}

/** Keeps a test or a log line from holding a visitor's address: SMTP errors often quote it. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]');
}
