// Operators' sessions as rows, after epic-stack's session.server.ts: any instance on the same database
// can serve any operator, and ending a session is deleting its row. The cookie carries a random token;
// the table keeps only the token's SHA-256, so reading the table (a backup, a leak) opens no session.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OperatorsTable } from '../store/database.ts';

/** Who a session belongs to, as a request learns it. */
export type SignedInOperator = Pick<Selectable<OperatorsTable>, 'id' | 'email'>;

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and this long after its log-in however busy it is, so a stolen cookie does not live for ever. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How often a busy session's expiry is pushed on: not on every request, which would write a row per
 * page view, but once a minute at most.
 */
const SLIDE_EVERY_MS = 60 * 1000;

/** 32 random bytes in base64url: the only form a token has outside this module. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface Session {
  operator: SignedInOperator;
  expiresAt: Date;
  /** True when this lookup pushed the expiry on: the cookie's lifetime should follow. */
  renewed: boolean;
}

export interface SessionStore {
  /** A new session for the operator; the token goes into the cookie and nowhere else. */
  create(operatorId: string): Promise<{ token: string; expiresAt: Date }>;
  /** The live session the token opens, its idle expiry pushed on; undefined if none (or expired). */
  find(token: string): Promise<Session | undefined>;
  /** Log-out: the session is gone for every instance at once. */
  end(token: string): Promise<void>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** Ends every session of one operator (removal, password reset); inside the caller's transaction. */
export async function endSessionsOf(db: Kysely<Database>, operatorId: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute();
}

export function createSessionStore(db: Kysely<Database>, { now = () => new Date() } = {}): SessionStore {
  return {
    async create(operatorId) {
      const at = now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + SESSION_IDLE_MS);
      // Expired rows are swept here, the one moment sessions are written anyway; the ISO strings
      // compare correctly as text on SQLite and as timestamps on PostgreSQL.
      await db.deleteFrom('operator_sessions').where('expires_at', '<', at.toISOString()).execute();
      await db
        .insertInto('operator_sessions')
        .values({
          token_hash: hashToken(token),
          operator_id: operatorId,
          created_at: at.toISOString(),
          last_seen_at: at.toISOString(),
          expires_at: expiresAt.toISOString(),
        })
        .execute();
      return { token, expiresAt };
    },

    async find(token) {
      if (!TOKEN.test(token)) return undefined;
      // One query per request: the session and its operator together.
      const row = await db
        .selectFrom('operator_sessions')
        .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
        .select(['token_hash', 'operators.id', 'operators.email', 'operator_sessions.created_at', 'last_seen_at', 'expires_at'])
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row) return undefined;
      const operator = { id: row.id, email: row.email };
      const at = now();
      const expiresAt = toDate(row.expires_at);
      if (expiresAt <= at) return undefined;
      if (at.getTime() - toDate(row.last_seen_at).getTime() < SLIDE_EVERY_MS) {
        return { operator, expiresAt, renewed: false };
      }
      const lastPossible = toDate(row.created_at).getTime() + SESSION_MAX_MS;
      const renewedUntil = new Date(Math.min(at.getTime() + SESSION_IDLE_MS, lastPossible));
      await db
        .updateTable('operator_sessions')
        .set({ last_seen_at: at.toISOString(), expires_at: renewedUntil.toISOString() })
        .where('token_hash', '=', row.token_hash)
        .execute();
      return { operator, expiresAt: renewedUntil, renewed: true };
    },

    async end(token) {
      if (!TOKEN.test(token)) return;
      await db.deleteFrom('operator_sessions').where('token_hash', '=', hashToken(token)).execute();
    },
  };
}
