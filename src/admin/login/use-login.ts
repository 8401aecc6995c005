import { useState, type FormEvent } from 'react';
import { INBOX_API } from '../../shared/inbox.ts';
import { messageOf } from '../api.ts';
import { useInbox } from '../inbox-context.ts';

/** The form's fields' ids: a missing one gets the focus. */
export const LOGIN_EMAIL_ID = 'login-email';
export const LOGIN_PASSWORD_ID = 'login-password';

/** What the log-in form holds, and its submission. */
export function useLogin(onLoggedIn: () => Promise<void>) {
  const { t, api } = useInbox();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setError(t.login.required);
      document.getElementById(email.trim() ? LOGIN_PASSWORD_ID : LOGIN_EMAIL_ID)?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await api.post(INBOX_API.login, { email, password });
      await onLoggedIn();
    } catch (err) {
      // What was typed stays, so a typo is one correction away.
      setError(messageOf(err, t));
      setBusy(false);
    }
  }

  return { email, setEmail, password, setPassword, busy, error, submit };
}
