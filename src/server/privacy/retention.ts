// Retention: once a day (at start, then every 24 hours) the server erases the leads it has kept long
// enough, the same way an operator erases a person (erasure.ts), with an audit entry per batch. Each
// rule picks its leads and names the reason its audit entries give: leads closed (won or lost) longer
// ago than LEAD_RETENTION_DAYS, by `status_since`, the time the status still in force was set; and
// requests taken for spam (and not restored) longer ago than SPAM_RETENTION_DAYS.
import { periodicTask } from '../core/periodic.ts';
import { sweepFormTokenUses } from '../store/form-token-uses.ts';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { LeadStatus } from '../../shared/booking.ts';
import type { ErasureReason } from '../../shared/inbox.ts';
import { SPAM_RETENTION_DAYS } from '../../shared/promises.ts';
import type { Log } from '../core/log.ts';
import type { Database, Dialect } from '../store/database.ts';
import { eraseLeads, forgetOldPages } from './erasure.ts';

const DAY = 24 * 3_600_000;

/** The statuses that close a lead; the retention period runs from the change to one of them. */
export const CLOSED_STATUSES = ['won', 'lost'] as const satisfies readonly LeadStatus[];

export interface RetentionRule {
  reason: ErasureReason;
  /** How long its leads are kept. */
  days: number;
  /** Its leads that were kept long enough by `cutoff` (an ISO-8601 time). */
  due: (eb: ExpressionBuilder<Database, 'discovery_calls'>, cutoff: string) => Expression<SqlBool>;
}

/** What the sweep erases, for LEAD_RETENTION_DAYS. */
export function retentionRules(leadRetentionDays: number): RetentionRule[] {
  return [
    {
      reason: 'retention',
      days: leadRetentionDays,
      // (status, status_since) is indexed: the sweep reads only the leads it erases.
      due: (eb, cutoff) => eb.and([eb('status', 'in', CLOSED_STATUSES), eb('status_since', '<', cutoff)]),
    },
    {
      reason: 'spam',
      days: SPAM_RETENTION_DAYS,
      // A request is flagged as it comes in: (spam_reason, created_at) is indexed.
      due: (eb, cutoff) => eb.and([eb('spam_reason', 'is not', null), eb('created_at', '<', cutoff)]),
    },
  ];
}

/**
 * Leads erased per transaction: short enough that the site's own queries wait little between them. On
 * SQLite they wait for each batch (one connection), and a lead's search entry takes about a millisecond
 * to remove: 100 leads is about a tenth of a second.
 */
export const SWEEP_BATCH: Record<Dialect, number> = { sqlite: 100, postgres: 500 };

/**
 * Erases what each rule finds due at `now`, a batch per transaction; returns how many leads went per
 * reason. On PostgreSQL several instances may sweep at once: each batch first takes a lock of the
 * schema's own (released with the transaction), and an instance that cannot have it leaves the sweep
 * to the one that has; the deletes would be harmless twice anyway (erasure.ts).
 */
export async function sweep(
  db: Kysely<Database>,
  dialect: Dialect,
  rules: readonly RetentionRule[],
  now: Date,
  batch: number = SWEEP_BATCH[dialect],
): Promise<Partial<Record<ErasureReason, number>>> {
  const erased: Partial<Record<ErasureReason, number>> = {};
  for (const rule of rules) {
    const cutoff = new Date(now.getTime() - rule.days * DAY).toISOString();
    for (;;) {
      const step = await db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          const { rows } = await sql<{ ours: boolean }>`select pg_try_advisory_xact_lock(hashtext(current_schema() || ':lead-retention')) as ours`.execute(trx);
          if (!rows[0]?.ours) return undefined;
        }
        const due = await trx
          .selectFrom('discovery_calls')
          .select('id')
          .where((eb) => rule.due(eb, cutoff))
          .limit(batch)
          .execute();
        const ids = due.map((r) => r.id);
        return { found: ids.length, erased: await eraseLeads(trx, ids, { reason: rule.reason, operatorId: null, at: now }) };
      });
      if (!step) return erased;
      if (step.erased) erased[rule.reason] = (erased[rule.reason] ?? 0) + step.erased;
      if (step.found < batch) break;
    }
  }
  if (Object.keys(erased).length) await forgetOldPages(db, dialect);
  return erased;
}

export interface RetentionSweeper {
  /** Sweeps now, then every `everyMs`. */
  start(): void;
  /** Waits for a sweep under way. */
  stop(): Promise<void>;
  sweep(): Promise<Partial<Record<ErasureReason, number>>>;
}

export interface RetentionSweeperOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  rules: readonly RetentionRule[];
  /** Days a conversation without a lead is kept (CONVERSATION_RETENTION_DAYS). */
  conversationDays?: number;
  log: Log;
  now?: () => Date;
  everyMs?: number;
}

/**
 * Erases the conversations with the assistants that made no lead, older than `days`, and the tool calls'
 * answers older than two days (kept only so that a call sent again is answered the same); a
 * conversation that made a lead goes with its lead. How many conversations went.
 */
export async function sweepConversations(db: Kysely<Database>, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY).toISOString();
  const gone = await db.deleteFrom('conversations').where('lead_id', 'is', null).where('created_at', '<', cutoff).executeTakeFirst();
  await db.deleteFrom('assistant_tool_calls').where('created_at', '<', new Date(now.getTime() - 2 * DAY).toISOString()).execute();
  return Number(gone.numDeletedRows);
}

/** The daily sweep, a periodic task (core/periodic.ts) like the reminder scan: main.ts starts and stops it. */
export function createRetentionSweeper(options: RetentionSweeperOptions): RetentionSweeper {
  const now = options.now ?? (() => new Date());
  const run = async () => {
    const at = now();
    const erased = await sweep(options.db, options.dialect, options.rules, at);
    for (const [reason, leads] of Object.entries(erased)) options.log.info({ reason, leads }, 'leads erased after their retention period');
    // The form tokens' uses outlive no token: once it has expired, a reuse is an expired token anyway.
    await sweepFormTokenUses(options.db, at);
    if (options.conversationDays) {
      const conversations = await sweepConversations(options.db, options.conversationDays, at);
      if (conversations) options.log.info({ conversations }, 'conversations without a lead erased after their retention period');
    }
    return erased;
  };
  const task = periodicTask(run, options.everyMs ?? DAY, (err: unknown) => options.log.error({ err }, 'retention sweep failed'));
  return {
    start: task.start,
    stop: task.stop,
    sweep: run,
  };
}
