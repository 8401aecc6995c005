import { createHash } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS, useTestStore } from '../testing/store.ts';
import type { Operator } from './operator-store.ts';
import { createSessionStore, SESSION_IDLE_MS, SESSION_MAX_MS, type SessionStore } from './sessions.ts';
import { addOperator } from '../testing/operators.ts';

const MINUTE = 60 * 1000;

describe.each(TEST_DIALECTS)('operator sessions on %s', (dialect) => {
  const test = useTestStore(dialect);
  let maria: Operator;
  let clock: Date;
  let sessions: SessionStore;
  const at = (ms: number) => {
    clock = new Date(Date.UTC(2026, 10, 24, 9) + ms);
  };

  beforeAll(async () => {
    maria = await addOperator(test.db);
    sessions = createSessionStore(test.db, { now: () => clock });
  });
  beforeEach(async () => {
    at(0);
    await test.db.deleteFrom('operator_sessions').execute();
  });

  const rows = () => test.db.selectFrom('operator_sessions').selectAll().execute();

  it('gives a random 32-byte token and stores only its SHA-256', async () => {
    const { token, expiresAt } = await sessions.create(maria.id);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(expiresAt.getTime()).toBe(clock.getTime() + SESSION_IDLE_MS);
    const [row] = await rows();
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await rows())).not.toContain(token);
    expect((await sessions.create(maria.id)).token).not.toBe(token);
  });

  it('finds the session and its operator by the token, and nothing for any other token', async () => {
    const { token } = await sessions.create(maria.id);
    expect(await sessions.find(token)).toEqual({
      operator: { id: maria.id, email: 'maria@nexa-ai.example' },
      expiresAt: new Date(clock.getTime() + SESSION_IDLE_MS),
      renewed: false,
    });
    const [row] = await rows();
    expect(await sessions.find(row!.token_hash)).toBeUndefined();
    expect(await sessions.find(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(await sessions.find('')).toBeUndefined();
  });

  it('ends after 12 hours without a request', async () => {
    const used = await sessions.create(maria.id);
    const unused = await sessions.create(maria.id);
    at(SESSION_IDLE_MS - 1);
    expect(await sessions.find(used.token)).toBeDefined();
    at(SESSION_IDLE_MS);
    expect(await sessions.find(unused.token)).toBeUndefined();
    expect(await sessions.find(used.token)).toBeDefined();
  });

  it('pushes the expiry on with use, writing at most once a minute', async () => {
    const { token } = await sessions.create(maria.id);
    at(30 * 1000);
    expect((await sessions.find(token))?.renewed).toBe(false);
    expect(new Date((await rows())[0]!.expires_at).getTime()).toBe(Date.UTC(2026, 10, 24, 9) + SESSION_IDLE_MS);
    at(11 * 60 * MINUTE);
    const renewed = await sessions.find(token);
    expect(renewed).toMatchObject({ renewed: true, expiresAt: new Date(clock.getTime() + SESSION_IDLE_MS) });
    expect(new Date((await rows())[0]!.expires_at).getTime()).toBe(clock.getTime() + SESSION_IDLE_MS);
    // Past the first 12 hours, alive because it was used.
    at(11 * 60 * MINUTE + SESSION_IDLE_MS - 1);
    expect(await sessions.find(token)).toBeDefined();
  });

  it('ends 7 days after the log-in however busy it is, the last renewal reaching no further', async () => {
    const { token } = await sessions.create(maria.id);
    // Used every six hours, day and night.
    for (let t = 0; t < SESSION_MAX_MS - 60 * MINUTE; t += 6 * 60 * MINUTE) {
      at(t);
      expect(await sessions.find(token), `after ${t / MINUTE} min`).toBeDefined();
    }
    at(SESSION_MAX_MS - 60 * MINUTE);
    expect((await sessions.find(token))?.expiresAt).toEqual(new Date(Date.UTC(2026, 10, 24, 9) + SESSION_MAX_MS));
    at(SESSION_MAX_MS - 1);
    expect(await sessions.find(token)).toBeDefined();
    at(SESSION_MAX_MS);
    expect(await sessions.find(token)).toBeUndefined();
  });

  it('ends a session on log-out, leaving the operator\'s other sessions', async () => {
    const first = await sessions.create(maria.id);
    const second = await sessions.create(maria.id);
    await sessions.end(first.token);
    expect(await sessions.find(first.token)).toBeUndefined();
    expect(await sessions.find(second.token)).toBeDefined();
  });

  it('sweeps expired sessions when a new one starts', async () => {
    await sessions.create(maria.id);
    at(SESSION_IDLE_MS + 1);
    const { token } = await sessions.create(maria.id);
    expect((await rows()).map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);
  });
});
