// Operator accounts: the people who may open the leads inbox. There are no roles; every operator may
// do everything. Emails are kept lower-cased, so an account is found however its address is typed.
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { newRowId, type Database, type OperatorsTable } from '../store/database.ts';
import { DEFAULT_COST, hashPassword, passwordProblem, unmatchableHash, verifyPassword, type ScryptCost } from './passwords.ts';
import { endSessionsOf } from './sessions.ts';

/** An operator as the store hands one out: never with the password's hash. */
export type Operator = Omit<Selectable<OperatorsTable>, 'password_hash' | 'created_at' | 'calendar_version'> & { created_at: string };

export interface OperatorStore {
  /** The new operator, or undefined when the email already has an account. */
  create(email: string, password: string): Promise<Operator | undefined>;
  findByEmail(email: string): Promise<Operator | undefined>;
  /** Oldest first. */
  list(): Promise<Operator[]>;
  /** Removes the account and ends its sessions; false when there was none. */
  remove(email: string): Promise<boolean>;
  /** Sets a new password and ends every session of the account; false when there is no account. */
  setPassword(email: string, password: string): Promise<boolean>;
  /** Whether any account exists: without one the admin area answers 404. */
  hasOperators(): Promise<boolean>;
  /**
   * The operator whose email and password these are, else undefined. An unknown email costs the same
   * hashing as a wrong password (against a hash of a random password), so neither the answer nor its
   * timing tells which accounts exist.
   */
  authenticate(email: string, password: string): Promise<Operator | undefined>;
}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

/** The email as accounts are keyed by it (trimmed, lower-cased), or undefined when it is not one. */
export function operatorEmailOf(input: string): string | undefined {
  const parsed = emailSchema.safeParse(input);
  return parsed.success ? parsed.data : undefined;
}

/** Lower-cased for lookups; an address that is not valid simply finds nothing. */
const normalise = (email: string) => email.trim().toLowerCase();

function checkedPassword(password: string): string {
  const problem = passwordProblem(password);
  // Callers check first and word the problem for their user; reaching here is a bug.
  if (problem) throw new RangeError(`password ${problem === 'tooShort' ? 'too short' : 'too long'}`);
  return password;
}

const toOperator = (row: Pick<Selectable<OperatorsTable>, 'id' | 'email' | 'created_at'>): Operator => ({
  id: row.id,
  email: row.email,
  created_at: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
});

export interface OperatorStoreOptions {
  /** scrypt's cost for new hashes; tests lower it. */
  cost?: ScryptCost;
}

export function createOperatorStore(db: Kysely<Database>, { cost = DEFAULT_COST }: OperatorStoreOptions = {}): OperatorStore {
  const columns = ['id', 'email', 'created_at'] as const;
  const noAccount = unmatchableHash(cost);

  const findByEmail = async (email: string) => {
    const row = await db.selectFrom('operators').select(columns).where('email', '=', normalise(email)).executeTakeFirst();
    return row ? toOperator(row) : undefined;
  };

  return {
    async create(email, password) {
      const address = operatorEmailOf(email);
      if (!address) throw new RangeError('not an email address');
      const row = await db
        .insertInto('operators')
        .values({
          id: newRowId(),
          email: address,
          password_hash: await hashPassword(checkedPassword(password), cost),
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning(columns)
        .executeTakeFirst();
      return row ? toOperator(row) : undefined;
    },

    findByEmail,

    async list() {
      const rows = await db.selectFrom('operators').select(columns).orderBy('created_at').orderBy('email').execute();
      return rows.map(toOperator);
    },

    async remove(email) {
      // Their sessions go with them: the foreign key cascades (better-sqlite3 enforces foreign keys by
      // default, PostgreSQL always).
      const result = await db.deleteFrom('operators').where('email', '=', normalise(email)).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async setPassword(email, password) {
      const hash = await hashPassword(checkedPassword(password), cost);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('operators')
          .set({ password_hash: hash })
          .where('email', '=', normalise(email))
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        // Whoever knew the old password is signed out everywhere.
        await endSessionsOf(trx, row.id);
        return true;
      });
    },

    async hasOperators() {
      return (await db.selectFrom('operators').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    async authenticate(email, password) {
      const row = await db
        .selectFrom('operators')
        .select([...columns, 'password_hash'])
        .where('email', '=', normalise(email))
        .executeTakeFirst();
      const matches = await verifyPassword(password, row?.password_hash ?? noAccount);
      return row && matches ? toOperator(row) : undefined;
    },
  };
}
