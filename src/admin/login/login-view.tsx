// The log-in form, shown while GET me answers 401. The server's refusal (a wrong email or password
// alike, too many attempts) is shown in its own words, which it sends in the inbox's language.
import { TextField } from '../../ui/field.tsx';
import { ALERT_LOOK } from '../../ui/alert.tsx';
import { cn } from '../../ui/cn.ts';
import { BusyButton } from '../components/busy-button.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { useInbox } from '../inbox-context.ts';
import { LOGIN_EMAIL_ID, LOGIN_PASSWORD_ID, useLogin } from './use-login.ts';

export function LoginView({ onLoggedIn, sessionEnded }: { onLoggedIn: () => Promise<void>; sessionEnded: boolean }) {
  const { t } = useInbox();
  const { email, setEmail, password, setPassword, busy, error, submit } = useLogin(onLoggedIn);

  return (
    <div className="mx-auto mt-4 max-w-md sm:mt-12">
      <div className="rounded-3xl border border-line bg-panel/80 p-6 shadow-2xl shadow-indigo-950/40 sm:p-8">
        <PageHeading>{t.login.title}</PageHeading>
        <p className="mt-2 text-pretty text-slate-400">{t.login.intro}</p>
        {sessionEnded && !error && (
          <p role="status" className="mt-5 rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100">
            {t.login.sessionEnded}
          </p>
        )}
        <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-describedby={error ? 'login-error' : undefined}>
          <TextField
            id={LOGIN_EMAIL_ID}
            label={t.login.email}
            error={undefined}
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          <TextField
            id={LOGIN_PASSWORD_ID}
            label={t.login.password}
            error={undefined}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          <div aria-live="assertive">
            {error && (
              <p id="login-error" className={cn(ALERT_LOOK, 'rounded-xl px-4 py-3 text-sm')}>
                {error}
              </p>
            )}
          </div>
          <BusyButton type="submit" size="lg" busy={busy} className="w-full">
            {busy ? t.login.submitting : t.login.submit}
          </BusyButton>
        </form>
      </div>
    </div>
  );
}
