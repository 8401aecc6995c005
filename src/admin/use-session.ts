import { useCallback, useEffect, useMemo, useState } from 'react';
import { INBOX_API, type InboxSession } from '../shared/inbox.ts';
import { ApiError, createApi } from './api.ts';

export type SessionState = { phase: 'checking' } | { phase: 'out'; ended: boolean } | { phase: 'in'; session: InboxSession } | { phase: 'failed'; error: string };

/** Who is logged in, the API (which notices a session that ends meanwhile), and logging out. */
export function useSession() {
  const [session, setSession] = useState<SessionState>({ phase: 'checking' });
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutError, setLogoutError] = useState<string>();

  // A call refused with 401 means the session ended meanwhile: back to the log-in form, which says so.
  const signedOut = useCallback(() => setSession((s) => (s.phase === 'in' ? { phase: 'out', ended: true } : s)), []);
  const api = useMemo(() => createApi(signedOut), [signedOut]);

  /** Who is logged in: asked at start, after a log-in, and on "Try again". */
  const checkSession = useCallback(
    () =>
      api.get<InboxSession>(INBOX_API.me).then(
        (me) => setSession({ phase: 'in', session: me }),
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 401) setSession((s) => ({ phase: 'out', ended: s.phase === 'out' && s.ended }));
          else setSession({ phase: 'failed', error: err instanceof ApiError ? err.message : String(err) });
        },
      ),
    [api],
  );

  useEffect(() => {
    void checkSession();
  }, [checkSession]);

  const logout = async () => {
    setLoggingOut(true);
    setLogoutError(undefined);
    try {
      await api.post(INBOX_API.logout);
      setSession({ phase: 'out', ended: false });
    } catch (err) {
      setLogoutError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setLoggingOut(false);
    }
  };

  return { session, api, checkSession, logout, loggingOut, logoutError };
}
