import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from './session-cookie.ts';

const TOKEN = 'q3Yt0sQ1m2Xb8ZcLkP9vR4eN7wA5uD6fG0hJ1iK2lM3';

describe('the session cookie', () => {
  it('is __Host-session, Secure, behind https', () => {
    expect(sessionCookie(TOKEN, true)).toBe(`__Host-session=${TOKEN}; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict; Secure`);
  });

  it('is session, without Secure, over plain http', () => {
    expect(sessionCookie(TOKEN, false)).toBe(`session=${TOKEN}; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict`);
  });

  it('is removed with an empty value and no lifetime', () => {
    expect(clearedSessionCookie(true)).toBe('__Host-session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure');
    expect(clearedSessionCookie(false)).toBe('session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict');
  });

  it('is read under the name that fits the connection, among other cookies', () => {
    const header = `lang=bg; session=plain; __Host-session=${TOKEN}`;
    expect(sessionTokenOf(header, true)).toBe(TOKEN);
    expect(sessionTokenOf(header, false)).toBe('plain');
    expect(sessionTokenOf('lang=bg; xsession=1', false)).toBeUndefined();
    expect(sessionTokenOf('session=', false)).toBeUndefined();
    expect(sessionTokenOf(undefined, true)).toBeUndefined();
  });
});
