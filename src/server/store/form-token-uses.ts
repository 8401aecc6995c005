// Which request used each of the booking form's tokens (booking/form-token.ts) first, in the store every instance shares: a
// token is good for one lead. The first request to claim a token keeps it; that request sent again (its
// idempotency key) still holds it, so a retry is never taken for a reuse; any other request with the
// token is a reuse. The claim is one insert that does nothing on a conflict, then one read, so two
// requests at once on two instances cannot both win.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FORM_TOKEN_MAX_AGE_HOURS } from '../../shared/spam.ts';
import type { Database } from './database.ts';

/** Whether this request may use the token: it is the first to, or the same request again. */
export async function claimFormToken(db: Kysely<Database>, tokenId: string, idempotencyKey: string | undefined, now = new Date()): Promise<boolean> {
  // A request without a key is a request of its own: it never matches an earlier claim.
  const claimant = idempotencyKey ?? `once:${randomUUID()}`;
  await db
    .insertInto('form_token_uses')
    .values({ token_id: tokenId, claimed_by: claimant, used_at: now.toISOString() })
    .onConflict((oc) => oc.column('token_id').doNothing())
    .execute();
  const row = await db.selectFrom('form_token_uses').select('claimed_by').where('token_id', '=', tokenId).executeTakeFirst();
  return row?.claimed_by === claimant;
}

/** Forgets the claims of tokens that have expired anyway (the retention sweep runs it daily). */
export async function sweepFormTokenUses(db: Kysely<Database>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - FORM_TOKEN_MAX_AGE_HOURS * 3_600_000 - 60_000).toISOString();
  const result = await db.deleteFrom('form_token_uses').where('used_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
