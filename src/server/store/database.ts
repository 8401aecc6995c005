// One Kysely instance over either embedded SQLite (the default) or PostgreSQL (DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type ColumnType, type Generated } from 'kysely';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import type { LeadSource, LeadStatus } from '../../shared/booking.ts';
import type { AssistantChannel } from '../../shared/conversations.ts';
import type { CallOutcome, CallStatus } from '../../shared/callbacks.ts';
import type { FunnelStep } from '../../shared/funnel.ts';
import type { MeetingStatus } from '../../shared/meetings.ts';
import type { SpamReason } from '../../shared/spam.ts';
import type { Channel, ErasureReason, LeadEventType, OutboxKind, OutboxStatus } from '../../shared/inbox.ts';
import { preparingPool } from './prepared-statements.ts';
import { checkpointInBackground, type CheckpointOptions } from './sqlite-checkpoints.ts';
import { QueuedSqliteDialect, QueueLock, withStatementCache } from './sqlite-dialect.ts';

/**
 * A new row's id: a UUID of version 7, whose first 48 bits are the time it was made, the rest random.
 * Ids made one after the other sort one after the other, so each table's primary key index, and the
 * search table's index of leads, grows at its end: a lead's write touches a few pages at the end of
 * each rather than a page anywhere in it. After 150,000 leads, a lead's SQLite write cost 85.7 µs with
 * random ids (version 4) and 62.5 with these (docs/decisions/027-ordered-ids-and-wal-pauses.md).
 * Nothing relies on an id's order or its time.
 */
export const newRowId = (): string => uuidv7();

/**
 * Whether a write failed on a unique index: PostgreSQL's `23505`, SQLite's `SQLITE_CONSTRAINT_UNIQUE`
 * (or `_PRIMARYKEY`). The write's transaction is undone; the caller may look again and retry.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** ISO-8601 strings going in; PostgreSQL hands back Date objects, SQLite the string. */
type Timestamp = ColumnType<string | Date, string, string>;

export interface DiscoveryCallsTable {
  id: string;
  first_name: string;
  email: string;
  /** As the visitor typed it. */
  phone: string;
  /**
   * The same number in E.164 (leads/phone.ts), written with the lead; null for one that cannot be read
   * as a number, and for the leads stored before it was kept (migration 012).
   */
  phone_e164: string | null;
  business_name: string;
  service: string;
  product: string;
  custom_service: string;
  // The table's check constraint holds it to these (store/migrations/).
  status: Generated<LeadStatus>;
  locale: string;
  idempotency_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When an operator first opened the lead in the inbox; null while no one has. */
  seen_at: Timestamp | null;
  /** What the inbox's search looks in, folded once when the lead is written (leads/lead-search.ts). */
  search_text: string;
  /** Which privacy notice the form linked to: the version of its text (site/privacy-notice.ts)… */
  privacy_notice_version: string | null;
  /** …and its language; both null for a lead stored before the notice existed. */
  privacy_notice_locale: string | null;
  /** When the visitor asked Alex to phone them back, and the version of the words they agreed to; null when they did not. */
  callback_consent_at: Timestamp | null;
  callback_consent_version: string | null;
  /**
   * When the lead took the status it has: its arrival, then each status change. The daily sweep erases
   * the leads closed (won, lost) longer ago than LEAD_RETENTION_DAYS by it (privacy/retention.ts). Null
   * only for a row written around the store (a test's).
   */
  status_since: Timestamp | null;
  /** When an operator closed the visitor's link to their call (they cancelled it): it books nothing again. */
  meeting_link_closed_at: Timestamp | null;
  // Where the lead came from, as the page saw the visitor's first arrival (shared/attribution.ts); null
  // when the visit carried none, and for a lead stored before they were kept.
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  fbclid: string | null;
  referrer_host: string | null;
  landing_path: string | null;
  /** Why the request was taken for spam (shared/spam.ts); null for a lead, and once an operator restores it. */
  spam_reason: SpamReason | null;
  /** Where the lead was made: the booking form, a call with Alex or a chat with Lana (shared/booking.ts). */
  source: Generated<LeadSource>;
}

/** One notification to send: a lead's (or a reminder's, or a confirmation's) message on one channel. */
export interface OutboxTable {
  /** The delivery's stable id: the webhook's `webhook-id`, so a receiver can drop a repeat. */
  id: string;
  /** Null for a notice that outlives its erased lead (its call's cancellation), deleted once sent. */
  lead_id: string | null;
  channel: Channel;
  kind: OutboxKind;
  /** Unique: `<kind>:<lead id>:<channel>`, or `<kind>:<sha256 of the email>:<day>` for a confirmation. */
  dedupe_key: string;
  status: Generated<OutboxStatus>;
  /** Attempts started, counted when an entry is claimed. */
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  /** Failures after this mark the entry failed: a day after it was written, or after a re-send. */
  retry_until: Timestamp;
  /** Until when an instance holds the entry; a crashed instance's claim runs out and is taken again. */
  locked_until: Timestamp | null;
  last_error: string | null;
  /** The meeting a `meeting.*` entry is about; null for the others. */
  meeting_id: string | null;
  /**
   * What the entry says, as it was when it was written (JSON of notifications/facts.ts's storedFacts):
   * every attempt sends it. Null only for entries written before it existed, until their next attempt.
   */
  facts: string | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
}

/** Every attempt to send an outbox entry, for the inbox's delivery health. */
export interface DeliveryAttemptsTable {
  id: string;
  outbox_id: string;
  channel: Channel;
  attempted_at: Timestamp;
  /** 1 delivered, 0 failed: an integer on both databases, as SQLite has no boolean. */
  ok: number;
  /** The HTTP status or the SMTP reply code, when there was an answer. */
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  /** 1 when the receiver answered that it is gone for good; null before migration 023. */
  gone: number | null;
}

/** A lead's timeline after its arrival (the lead's own created_at: lead-timeline.ts' arrivalOf): notifications delivered or failed, spam flags, and the operator's changes. */
export interface LeadEventsTable {
  id: string;
  lead_id: string;
  type: LeadEventType;
  /** What happened, in a few words: the channel and kind of a notification, a new status, a note. */
  detail: string;
  /** A notification's channel and kind (migration 021); null for every other entry. */
  channel: Channel | null;
  kind: OutboxKind | null;
  /** Who did it, for the operator's own changes; null for what the site did by itself. */
  operator_id: string | null;
  operator_email: string | null;
  created_at: Timestamp;
}

export interface OperatorsTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  /** scrypt, parameters and salt included (operators/passwords.ts). */
  password_hash: string;
  created_at: Timestamp;
  /** The version of the operator's calendar feed address: one more at each renewal, which stops the old one. */
  calendar_version: Generated<number>;
}

export interface OperatorSessionsTable {
  /** SHA-256 of the cookie's token, in hex: a copy of the table opens no session. */
  token_hash: string;
  operator_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

/**
 * What remains of an erasure (privacy/erasure.ts): why, when, by whom and how many leads, and nothing
 * about the person whose leads they were.
 */
export interface ErasuresTable {
  id: string;
  reason: ErasureReason;
  lead_count: number;
  /** The operator who asked for it; null for the daily sweep. */
  operator_id: string | null;
  erased_at: Timestamp;
}

/**
 * The booking funnel, counted per day (in INBOX_TIME_ZONE), language, utm_source ('' for none) and step
 * (server/funnel/): counts only, nothing about a visitor.
 */
export interface FunnelDaysTable {
  day: string;
  locale: string;
  source: string;
  step: FunnelStep;
  count: number;
}

/** Secrets the site makes for itself, once (store/site-secret.ts). */
export interface SiteSecretsTable {
  name: string;
  value: string;
}

/** The booking form's tokens that have been used, and by which request (store/form-token-uses.ts). */
export interface FormTokenUsesTable {
  token_id: string;
  /** The idempotency key of the request that used the token first (or a key of its own when it sent none). */
  claimed_by: string;
  used_at: Timestamp;
}

/** A meeting a visitor booked (server/meetings/). */
export interface MeetingsTable {
  id: string;
  lead_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** Which of the MEETING_SEATS calls at that time it holds: unique per start among the booked. */
  seat: number;
  status: MeetingStatus;
  /** The visitor's IANA zone, for the times the invitation and the reminders write. */
  time_zone: string;
  /** The invitation's SEQUENCE: 0, and one more at each change. */
  sequence: number;
  /** A SHA-256 of the client network the visitor's page booked it from; null for an assistant's booking. */
  booked_from: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A conversation with Alex (voice) or Lana (chat), from Vapi's reports (server/assistants/). */
export interface ConversationsTable {
  id: string;
  /** Vapi's id of the call or chat; unique. */
  call_id: string;
  channel: AssistantChannel;
  locale: string;
  /** The lead the conversation made; null for one that made none (erased after CONVERSATION_RETENTION_DAYS). */
  lead_id: string | null;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  duration_seconds: number | null;
  ended_reason: string | null;
  summary: string | null;
  /** JSON of TranscriptLine[] (shared/conversations.ts). */
  transcript: string | null;
  /** JSON, as the assistant's analysis gave it. */
  structured_data: string | null;
  /** A link to the recording at Vapi; nothing is downloaded. */
  recording_url: string | null;
  /** In USD, as Vapi reports it. */
  cost: number | null;
  search_text: Generated<string>;
  /** When the end-of-call report arrived; null while only a tool call named the conversation. */
  reported_at: Timestamp | null;
  /** Which of the lead's tries a call Alex placed is (1, 2…); null for a conversation a visitor started. */
  callback_attempt: number | null;
  /** When Vapi was asked to place it, for a call waiting for the calling hours. */
  scheduled_for: Timestamp | null;
  /** Vapi's last word on a call Alex placed (shared/callbacks.ts). */
  call_status: CallStatus | null;
  /** What came of a call Alex placed (shared/callbacks.ts). */
  outcome: CallOutcome | null;
  created_at: Timestamp;
}

/** The numbers whose person asked Alex not to be called by an AI again (migration 025). */
export interface AiCallRefusalsTable {
  /** SHA-256 of the number in E.164, hex (leads/callbacks.ts phoneHash). */
  phone_hash: string;
  /** The lead whose call it was said on; null once that lead is erased (the refusal stays honoured). */
  lead_id: string | null;
  created_at: Timestamp;
}

/** The leads Alex is to call no more: an operator stopped it (migration 025). */
export interface CallbackStopsTable {
  lead_id: string;
  /** Why, in a few words ("stopped by an operator"). */
  reason: string;
  created_at: Timestamp;
}

/** Each tool call's answer, so the same call sent again gets it again and changes nothing. */
export interface AssistantToolCallsTable {
  tool_call_id: string;
  call_id: string;
  name: string;
  lead_id: string | null;
  /** JSON `{result}` or `{error}`; null while the call is being answered. */
  answer: string | null;
  created_at: Timestamp;
}

export interface Database {
  discovery_calls: DiscoveryCallsTable;
  outbox: OutboxTable;
  delivery_attempts: DeliveryAttemptsTable;
  lead_events: LeadEventsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  erasures: ErasuresTable;
  funnel_days: FunnelDaysTable;
  site_secrets: SiteSecretsTable;
  form_token_uses: FormTokenUsesTable;
  meetings: MeetingsTable;
  conversations: ConversationsTable;
  ai_call_refusals: AiCallRefusalsTable;
  callback_stops: CallbackStopsTable;
  assistant_tool_calls: AssistantToolCallsTable;
}

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** postgres:// URL; without it, a SQLite file in dataDir. */
  url?: string | undefined;
  dataDir?: string;
  /** PostgreSQL schema to work in (tests isolate themselves with it). */
  schema?: string;
  /** How long to wait for a PostgreSQL connection before the store counts as unreachable. */
  connectTimeoutMs?: number;
  /**
   * SQLite: WAL checkpoints in a worker thread rather than on the connection that commits
   * (sqlite-checkpoints.ts), for the server; a command that runs and exits has no use for them. Their
   * settings may be given instead of `true` (tests).
   */
  backgroundCheckpoints?: boolean | CheckpointOptions;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Closes it (its pool, or SQLite's file and checkpoint worker): for whoever opened it. */
  close(): Promise<void>;
}

const opened = (db: Kysely<Database>, dialect: Dialect): OpenDatabase => ({ db, dialect, close: () => db.destroy() });

export const SQLITE_FILE = 'leads.sqlite';

export function openDatabase(options: DatabaseOptions): OpenDatabase {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A client losing its connection must not crash the process; the query under way, or the next one,
    // reports it, and the pool drops the client. The pool handles an idle client's error event; one
    // taken from the pool (between a transaction's statements, say) has no listener but this one, and an
    // 'error' event with no listener ends the process (found by `npm run test:faults`, pg-cut).
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return opened(new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) }), 'postgres');
  }
  const dir = options.dataDir ?? './data';
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, SQLITE_FILE);
  const sqlite = new SQLite(file);
  // WAL lets readers (an operator's export, a backup) work while the site writes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  // What is deleted is overwritten, not left in free pages: an erased lead is gone from the file itself.
  sqlite.pragma('secure_delete = on');
  // Temporary files in memory: a statement that writes several leads keeps its undo journal in one,
  // which went to disk past 64 KB (a quarter of a booking's write time in batches; decision 026).
  sqlite.pragma('temp_store = memory');
  // Queries served in the order they come (sqlite-dialect.ts); the checkpoint worker takes its turn in
  // the same queue when it needs a moment without writes.
  const queue = new QueueLock();
  const { backgroundCheckpoints } = options;
  const checkpoints = backgroundCheckpoints
    ? checkpointInBackground(sqlite, file, (whilePaused) => void queue.hold(whilePaused), backgroundCheckpoints === true ? {} : backgroundCheckpoints)
    : undefined;
  // Each statement prepared once.
  const dialect = new QueuedSqliteDialect(
    { database: withStatementCache(sqlite) },
    { lock: queue, ...(checkpoints ? { beforeDestroy: () => checkpoints.stop() } : {}) },
  );
  return opened(new Kysely<Database>({ dialect }), 'sqlite');
}

/** Either database's timestamp as an ISO-8601 string. */
export const iso = (value: string | Date): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();
