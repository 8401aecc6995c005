// The deliverer: a loop in the server that claims due outbox entries, sends each through its channel,
// and records the attempt. It exists so that sending happens beside the requests, never inside one: it
// polls (about every 500 ms) and is kicked when this instance writes a lead, so a notification leaves
// within about a second. Several instances may run one each over one PostgreSQL: the claim keeps them
// from taking the same entry.
import { performance } from 'node:perf_hooks';
import { silentLog, type Log } from '../core/log.ts';
import type { Channel } from '../../shared/inbox.ts';
import { withoutAddresses, type Outbox, type OutboxEntry, type Recorded, type SendOutcome } from './outbox.ts';
import { factsOf, type Facts } from './facts.ts';

/**
 * Sends one entry of a channel with what it says (the lead, the meeting a `meeting.*` entry is about,
 * as they were when it was written); a thrown error counts as a failed attempt.
 */
export type Send = (entry: OutboxEntry, facts: Facts) => Promise<SendOutcome>;

export interface DelivererOptions {
  outbox: Outbox;
  /** The configured channels' senders, by name. */
  senders: Readonly<Record<Channel, Send>>;
  log?: Log;
  pollMs?: number;
  /** Entries claimed at once; they are sent in parallel. */
  batchSize?: number;
}

export interface Deliverer {
  start(): void;
  /** Looks for due entries now instead of at the next poll. */
  kick(): void;
  /** Ends the loop once the sends under way are recorded. */
  stop(): Promise<void>;
  /** One round: claims, sends and records what is due; returns how many it sent. For tests and scripts. */
  runOnce(): Promise<number>;
}

export function createDeliverer(options: DelivererOptions): Deliverer {
  const log = options.log ?? silentLog;
  const pollMs = options.pollMs ?? 500;
  const batchSize = options.batchSize ?? 10;

  async function attempt(entry: OutboxEntry): Promise<Recorded> {
    const started = performance.now();
    let outcome: SendOutcome;
    try {
      // An entry written before entries held their facts gets them now, once.
      const facts = factsOf(entry) ?? (await options.outbox.freeze(entry));
      const send = options.senders[entry.channel];
      if (!facts) outcome = { ok: false, error: 'the lead no longer exists' };
      else if (entry.meeting_id && !facts.meeting) outcome = { ok: false, error: 'the meeting no longer exists' };
      else if (!send) outcome = { ok: false, error: `the ${entry.channel} channel is not configured` };
      else outcome = await send(entry, facts);
    } catch (err) {
      outcome = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    const durationMs = performance.now() - started;
    // SMTP errors often quote the recipient: neither the log nor the inbox needs it.
    const error = outcome.error === undefined ? undefined : withoutAddresses(outcome.error).slice(0, 500);
    const recorded = await options.outbox.record(entry, { ...outcome, error, durationMs });
    const fields = {
      outboxId: entry.id,
      leadId: entry.lead_id,
      channel: entry.channel,
      kind: entry.kind,
      attempt: entry.attempts,
      statusCode: outcome.statusCode,
      ms: Math.round(durationMs),
    };
    if (recorded === 'delivered') log.info(fields, 'notification delivered');
    else if (recorded === 'gone') log.info(fields, 'notification dropped: its lead was erased, or a newer notice took its place, meanwhile');
    else if (recorded === 'withdrawn') log.info({ ...fields, error }, 'notification withdrawn: what it was for no longer holds');
    else if (recorded === 'failed') log.error({ ...fields, error }, 'notification failed for good');
    else log.warn({ ...fields, error, recorded }, 'notification not delivered; will retry');
    return recorded;
  }

  async function runOnce(): Promise<number> {
    const entries = await options.outbox.claim(batchSize);
    await Promise.all(
      entries.map((e) => attempt(e).catch((err: unknown) => log.error({ err, outboxId: e.id }, 'notification attempt not recorded'))),
    );
    return entries.length;
  }

  let running = false;
  let kicked = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  async function run() {
    while (running) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (err) {
        log.error({ err }, 'outbox unavailable');
      }
      // A full batch may leave more behind; a kick during the round may have brought new ones.
      if (claimed === batchSize || kicked) {
        kicked = false;
        continue;
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      kicked = false;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    kick() {
      kicked = true;
      wake?.();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
    runOnce,
  };
}
