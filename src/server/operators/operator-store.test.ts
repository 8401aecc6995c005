import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, TEST_DIALECTS, type TestStore } from '../testing/store.ts';
import { createOperatorStore, operatorEmailOf, type OperatorStore } from './operator-store.ts';
import { createSessionStore, type SessionStore } from './sessions.ts';
import { TEST_COST } from '../testing/operators.ts';

const PASSWORD = 'correct horse battery';

describe('operatorEmailOf', () => {
  it('trims and lower-cases an address, and refuses what is not one', () => {
    expect(operatorEmailOf('  Maria@Nexa-AI.Example ')).toBe('maria@nexa-ai.example');
    expect(operatorEmailOf('maria@')).toBeUndefined();
    expect(operatorEmailOf('')).toBeUndefined();
  });
});

describe.each(TEST_DIALECTS)('the operator store on %s', (dialect) => {
  let test: TestStore;
  let operators: OperatorStore;
  let sessions: SessionStore;

  beforeAll(async () => {
    test = await createTestStore(dialect);
    operators = createOperatorStore(test.db, { cost: TEST_COST });
    sessions = createSessionStore(test.db);
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    await test.db.deleteFrom('operator_sessions').execute();
    await test.db.deleteFrom('operators').execute();
  });

  const sessionCount = async () => (await test.db.selectFrom('operator_sessions').select('token_hash').execute()).length;

  it('creates an operator under the lower-cased email, with a hash and never the password', async () => {
    expect(await operators.hasOperators()).toBe(false);
    const created = await operators.create(' Maria@Nexa-AI.example ', PASSWORD);
    expect(created).toEqual({ id: expect.any(String), email: 'maria@nexa-ai.example', created_at: expect.any(String) });
    expect(await operators.hasOperators()).toBe(true);
    const [row] = await test.db.selectFrom('operators').selectAll().execute();
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain(PASSWORD);
    expect(await operators.findByEmail('MARIA@nexa-ai.example')).toEqual(created);
  });

  it('refuses a second account for the same email, however it is written', async () => {
    await operators.create('maria@nexa-ai.example', PASSWORD);
    expect(await operators.create('Maria@Nexa-AI.Example', 'another password')).toBeUndefined();
    expect(await operators.list()).toHaveLength(1);
  });

  it('refuses an address that is not one and a password under 12 characters', async () => {
    await expect(operators.create('maria@', PASSWORD)).rejects.toThrow(RangeError);
    await expect(operators.create('maria@nexa-ai.example', 'elevenchars')).rejects.toThrow(RangeError);
    expect(await operators.hasOperators()).toBe(false);
  });

  it('lists operators oldest first, without their hashes', async () => {
    await operators.create('b@nexa-ai.example', PASSWORD);
    await operators.create('a@nexa-ai.example', PASSWORD);
    const list = await operators.list();
    expect(list.map((o) => o.email)).toEqual(['b@nexa-ai.example', 'a@nexa-ai.example']);
    expect(Object.keys(list[0]!).sort()).toEqual(['created_at', 'email', 'id']);
  });

  it('authenticates the right password only, and an unknown account the same way', async () => {
    const maria = await operators.create('maria@nexa-ai.example', PASSWORD);
    expect(await operators.authenticate('MARIA@nexa-ai.example', PASSWORD)).toEqual(maria);
    expect(await operators.authenticate('maria@nexa-ai.example', `${PASSWORD}!`)).toBeUndefined();
    expect(await operators.authenticate('nobody@nexa-ai.example', PASSWORD)).toBeUndefined();
    expect(await operators.authenticate('not an email', PASSWORD)).toBeUndefined();
  });

  it('sets a new password and ends every session the account had', async () => {
    const maria = (await operators.create('maria@nexa-ai.example', PASSWORD))!;
    const other = (await operators.create('other@nexa-ai.example', PASSWORD))!;
    const { token } = await sessions.create(maria.id);
    await sessions.create(maria.id);
    const kept = await sessions.create(other.id);
    expect(await operators.setPassword('Maria@nexa-ai.example', 'a brand new password')).toBe(true);
    expect(await sessions.find(token)).toBeUndefined();
    expect(await sessions.find(kept.token)).toBeDefined();
    expect(await sessionCount()).toBe(1);
    expect(await operators.authenticate('maria@nexa-ai.example', PASSWORD)).toBeUndefined();
    expect(await operators.authenticate('maria@nexa-ai.example', 'a brand new password')).toEqual(maria);
    expect(await operators.setPassword('nobody@nexa-ai.example', 'a brand new password')).toBe(false);
  });

  it('removes an operator with their sessions, and says when there was none', async () => {
    const maria = (await operators.create('maria@nexa-ai.example', PASSWORD))!;
    const { token } = await sessions.create(maria.id);
    expect(await operators.remove('MARIA@nexa-ai.example')).toBe(true);
    expect(await sessions.find(token)).toBeUndefined();
    expect(await sessionCount()).toBe(0);
    expect(await operators.list()).toEqual([]);
    expect(await operators.remove('maria@nexa-ai.example')).toBe(false);
  });
});
