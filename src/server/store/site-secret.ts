// A secret the site makes for itself, once, in its own database: the first instance to start writes
// it, every later one (and every restart) reads the same, so nothing needs configuring and several
// instances on one database agree. It signs the booking form's tokens (booking/form-token.ts) and the
// operators' device cookies (operators/device-cookie.ts), each with a secret of its own name.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

export async function siteSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('site_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
