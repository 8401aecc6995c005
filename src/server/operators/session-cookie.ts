// The session cookie, written by hand (there is no cookie plugin): one cookie, one shape.
// Behind https it is `__Host-session`, which browsers accept only with Secure, Path=/ and no Domain,
// so neither a subdomain nor a plain-http page can set or shadow it.
import { cookieValuesOf } from '../../shared/cookies.ts';
import { SESSION_IDLE_MS } from './sessions.ts';

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-session' : 'session';
}

/** The token the request's cookie carries, if any. */
export function sessionTokenOf(cookieHeader: string | undefined, secure: boolean): string | undefined {
  return cookieValuesOf(cookieHeader, sessionCookieName(secure))[0] || undefined;
}

function serialise(secure: boolean, value: string, maxAgeSeconds: number): string {
  // SameSite=Strict: a link or form on another site never arrives with the session.
  const attributes = [`Max-Age=${maxAgeSeconds}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return [`${sessionCookieName(secure)}=${value}`, ...attributes].join('; ');
}

/** Set-Cookie for a session: it lives as long as the session may stay idle, renewed as it slides. */
export function sessionCookie(token: string, secure: boolean): string {
  return serialise(secure, token, SESSION_IDLE_MS / 1000);
}

/** Set-Cookie that removes the session cookie (log-out, or a cookie whose session is gone). */
export function clearedSessionCookie(secure: boolean): string {
  return serialise(secure, '', 0);
}
