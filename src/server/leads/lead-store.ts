// The lead store: what the API and the operator's changes need from the database, nothing more. A new
// lead's statements are written out in lead-statements.ts, SQLite's group commit is group-commit.ts,
// and the timeline lead-timeline.ts.
import { PostgresAdapter, sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { ATTRIBUTION_KEYS, type AttributionKey } from '../../shared/attribution.ts';
import { FIELDS, type DiscoveryCallInput, type LeadSource, type LeadStatus } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import type { SpamReason } from '../../shared/spam.ts';
import { iso, newRowId, type Database, type DiscoveryCallsTable, type LeadEventsTable, type OutboxTable } from '../store/database.ts';
import { sqliteGroupCommit } from './group-commit.ts';
import { compiled, postgresLeadInsert } from './lead-statements.ts';
import { addLeadEvent, leadEvents, type LeadEvent, type Operator } from './lead-timeline.ts';
import { leadSearchText } from './lead-search.ts';
import { phoneE164 } from './phone.ts';

/**
 * A lead as the store hands it out: its row, with the times as ISO-8601 strings on either database.
 * What only the inbox reads (whether it was seen, what its search compares) is left to the inbox's
 * own queries (leads/lead-queries.ts), so the notifications send the booking as it was made.
 */
export type Lead = Omit<
  Selectable<DiscoveryCallsTable>,
  'created_at' | 'updated_at' | 'seen_at' | 'search_text' | 'status_since' | 'meeting_link_closed_at' | 'callback_consent_at'
> & {
  created_at: string;
  updated_at: string;
  callback_consent_at: string | null;
};

/** What the server adds to a booking from what it serves, rather than from the request. */
export interface ServedWith {
  /** The privacy notice the form linked to: the version of its text and its language (site/privacy-notice.ts). */
  privacyNotice?: { version: string; locale: Locale };
  /** Why the request was taken for spam (booking/): it is stored so flagged, and notifies no one. */
  spam?: SpamReason;
  /** Where the lead was made: the form (when unsaid), or a conversation with an assistant (assistants/). */
  source?: LeadSource;
  /** The visitor asked Alex to phone them back, agreeing to the words of this version (callbacks). */
  callbackConsent?: { version: string };
}

export interface CreateResult {
  lead: Lead;
  /** false when a lead with the same idempotency key already existed and was returned instead. */
  created: boolean;
  /**
   * Whether the lead holds this input: always for a new lead; for an existing one, false when its key
   * was sent again with other details (the API refuses that with 422, as Stripe does).
   */
  sameInput: boolean;
}

/** What a request with a used key must repeat to be a replay: everything the visitor chose or typed. */
const REPLAYED_FIELDS = [...FIELDS, 'locale'] as const;

/** Compared after validation, so spaces and letter case the parser normalises make no difference. */
function holdsInput(lead: Lead, input: DiscoveryCallInput): boolean {
  return REPLAYED_FIELDS.every((field) => lead[field] === input[field]);
}

export interface LeadStore {
  create(input: DiscoveryCallInput, idempotencyKey?: string, servedWith?: ServedWith): Promise<CreateResult>;
  get(id: string): Promise<Lead | undefined>;
  findByIdempotencyKey(key: string): Promise<Lead | undefined>;
  list(options?: { status?: LeadStatus; limit?: number }): Promise<Lead[]>;
  /** Sets the status and adds it to the lead's timeline, with the operator who set it. */
  updateStatus(id: string, status: LeadStatus, by?: Operator): Promise<Lead | undefined>;
  /** The lead's timeline, oldest first. */
  events(leadId: string): Promise<LeadEvent[]>;
  /**
   * Makes a request taken for spam a lead, on its timeline with the operator, and notifies as for a new
   * lead (LeadStoreOptions); undefined for an unknown id, `false` for a lead that is not spam.
   */
  restore(id: string, by?: Operator): Promise<Lead | false | undefined>;
  /** Resolves when the database answers; rejects otherwise. */
  ping(): Promise<void>;
}

/** The lead's attribution columns, and only those: each key's value, or null where the visit carried none. */
export const attributionColumns = (attribution: Partial<Record<AttributionKey, string | null>>): Record<AttributionKey, string | null> =>
  Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, attribution[key] ?? null])) as Record<AttributionKey, string | null>;

export interface LeadStoreOptions {
  /**
   * The outbox rows a new lead gets (notifications/outbox.ts), never a replayed one, nor spam until an
   * operator restores it: written with the lead or not at all, each unless one with its dedupe key
   * exists (a visitor's confirmation, once a day).
   */
  outboxFor?: (lead: Lead) => Insertable<OutboxTable>[];
  /** Called once a new lead is committed, e.g. to send its notifications at once. */
  afterCreate?: (lead: Lead) => void;
}

function toLead({ seen_at: _seen, search_text: _search, status_since: _since, meeting_link_closed_at: _closed, ...row }: Selectable<DiscoveryCallsTable>): Lead {
  return {
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    callback_consent_at: row.callback_consent_at === null ? null : iso(row.callback_consent_at),
  };
}

/** How long after a lead's arrival its spam flag is stamped, so that its timeline reads in that order. */
const SPAM_FLAG_AFTER_MS = 1;
const msAfter = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** A lead by its id, as stored; undefined when there is none. A read needs no store: the deliverer makes it too. */
export async function leadById(db: Kysely<Database>, id: string): Promise<Lead | undefined> {
  const row = await db.selectFrom('discovery_calls').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toLead(row) : undefined;
}

export function createLeadStore(db: Kysely<Database>, options: LeadStoreOptions = {}): LeadStore {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const sqliteLeads = postgres ? undefined : sqliteGroupCommit(db);
  const findByIdempotencyKey = async (key: string) => {
    const row = await db
      .selectFrom('discovery_calls')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row ? toLead(row) : undefined;
  };

  return {
    async create(input, idempotencyKey, servedWith = {}) {
      const now = new Date().toISOString();
      // One write: the lead, its spam flag and its notifications are all written or none
      // is. A repeated key inserts nothing (ON CONFLICT DO NOTHING), and the existing lead is read back
      // instead: with two requests of one key at once, PostgreSQL makes the second insert wait for the
      // first's commit (SQLite runs them one after the other), so exactly one is created and the other
      // reads it, whichever input each carried.
      const { attribution = {}, ...fields } = input;
      const phone_e164 = phoneE164(input.phone);
      const row = {
        id: newRowId(),
        ...fields,
        phone_e164,
        ...attributionColumns(attribution),
        search_text: leadSearchText({ ...input, phone_e164 }),
        status: 'pending' as const,
        idempotency_key: idempotencyKey ?? null,
        privacy_notice_version: servedWith.privacyNotice?.version ?? null,
        privacy_notice_locale: servedWith.privacyNotice?.locale ?? null,
        spam_reason: servedWith.spam ?? null,
        source: servedWith.source ?? 'form',
        callback_consent_at: servedWith.callbackConsent ? now : null,
        callback_consent_version: servedWith.callbackConsent?.version ?? null,
        created_at: now,
        updated_at: now,
        status_since: now,
      };
      // The timeline's first entry, the arrival, is the lead's own created_at (arrivalOf): only what
      // follows it is stored. Spam waits in the inbox's Spam view, unannounced, until an operator
      // restores it; its flag a millisecond after its arrival, so the timeline reads in that order.
      const events: Omit<Insertable<LeadEventsTable>, 'lead_id'>[] = row.spam_reason
        ? [{ id: newRowId(), type: 'spam', detail: row.spam_reason, operator_id: null, operator_email: null, created_at: msAfter(now, SPAM_FLAG_AFTER_MS) }]
        : [];
      // The lead as written: the database adds nothing to what is sent, so only its id comes back.
      const lead = toLead({ ...row, seen_at: null, meeting_link_closed_at: null });
      const outbox = lead.spam_reason ? [] : (options.outboxFor?.(lead) ?? []);
      // PostgreSQL: one statement, one round trip, atomic as a statement is (and the lead's rows written
      // only with it). SQLite: with the leads that came in beside it, in one transaction (sqliteLeads).
      const written = postgres
        ? (await db.executeQuery(compiled(postgresLeadInsert(row, events, outbox)))).rows[0]
        : await sqliteLeads!.load({ row, events, outbox });
      if (written) {
        if (!lead.spam_reason) options.afterCreate?.(lead);
        return { lead, created: true, sameInput: true };
      }
      const existing = idempotencyKey ? await findByIdempotencyKey(idempotencyKey) : undefined;
      if (!existing) throw new Error('Insert returned no row');
      return { lead: existing, created: false, sameInput: holdsInput(existing, input) };
    },

    get: (id) => leadById(db, id),

    findByIdempotencyKey,

    async list({ status, limit = 100 } = {}) {
      let query = db.selectFrom('discovery_calls').selectAll();
      if (status) query = query.where('status', '=', status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(toLead);
    },

    async updateStatus(id, status, by) {
      const now = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('discovery_calls')
          .set({ status, updated_at: now, status_since: now })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await addLeadEvent(trx, { lead_id: id, type: 'status', detail: status, created_at: now, by });
        return toLead(row);
      });
    },

    async restore(id, by) {
      const now = new Date().toISOString();
      const restored = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('discovery_calls')
          .set({ spam_reason: null, updated_at: now })
          .where('id', '=', id)
          .where('spam_reason', 'is not', null)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        const lead = toLead(row);
        // After its spam flag on the timeline, which orders by time, even when restored within the
        // millisecond it arrived.
        const at = new Date(Math.max(Date.parse(now), Date.parse(msAfter(lead.created_at, SPAM_FLAG_AFTER_MS + 1)))).toISOString();
        await addLeadEvent(trx, { lead_id: id, type: 'restored', detail: '', created_at: at, by });
        const outbox = options.outboxFor?.(lead) ?? [];
        if (outbox.length) {
          await trx.insertInto('outbox').values(outbox).onConflict((oc) => oc.column('dedupe_key').doNothing()).execute();
        }
        return lead;
      });
      if (restored) {
        options.afterCreate?.(restored);
        return restored;
      }
      const exists = await db.selectFrom('discovery_calls').select('id').where('id', '=', id).executeTakeFirst();
      return exists ? false : undefined;
    },

    events: (leadId) => leadEvents(db, leadId),

    async ping() {
      await sql`select 1`.execute(db);
    },
  };
}
