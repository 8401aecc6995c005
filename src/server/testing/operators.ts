// What tests of the operator side share: the one way to make an operator account (addOperator, at a
// fraction of the real cost), and what the admin API answers whatever the route. To log in through
// the API: logIn, or loggedInApp for an app with the operator logged in (testing/app.ts).
import type { Kysely } from 'kysely';
import { createOperatorStore, type Operator, type OperatorStore } from '../operators/operator-store.ts';
import type { ScryptCost } from '../operators/passwords.ts';
import type { Database } from '../store/database.ts';

/** scrypt at a fraction of the real cost: tests hash many passwords, and the cost is not under test. */
export const TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/** The operator the tests log in as, unless a test is about another. */
export const OPERATOR = { email: 'maria@nexa-ai.example', password: 'correct horse battery' } as const;

/** The accounts of a test database, hashing at TEST_COST: for a test that changes or removes one. */
export const testOperatorStore = (db: Kysely<Database>): OperatorStore => createOperatorStore(db, { cost: TEST_COST });

/** Adds an operator account (OPERATOR unless told otherwise); throws if the email has one already. */
export async function addOperator(db: Kysely<Database>, email: string = OPERATOR.email, password: string = OPERATOR.password): Promise<Operator> {
  const operator = await testOperatorStore(db).create(email, password);
  if (!operator) throw new Error(`${email} has an operator account already`);
  return operator;
}

/** Removes every operator account and session, for a test that starts from none. */
export async function clearOperators(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('operator_sessions').execute();
  await db.deleteFrom('operators').execute();
}

/** What the admin API answers in English whatever the route, as the tests expect it word for word. */
export const ADMIN_API_ERRORS = {
  loginRequired: { error: 'Please log in.' },
  crossSite: { error: 'This request must come from the site itself.' },
  notFound: { error: 'Not found.' },
} as const;
