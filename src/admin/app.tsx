// The inbox: who is logged in decides between the log-in form and the pages; the address decides the
// page (routes.ts). Texts come from src/content/i18n/inbox.ts in the language the operator chose.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { bookingTexts } from '../content/i18n/booking.ts';
import { plural } from '../content/i18n/format.ts';
import { inboxTexts } from '../content/i18n/inbox.ts';
import { business } from '../content/site.ts';
import { INBOX_API, type InboxSession } from '../shared/inbox.ts';
import { buttonVariants } from '../client/ui/button.tsx';
import { ApiError, createApi } from './api.ts';
import { InboxContext, type Inbox } from './inbox-context.ts';
import { useInboxLanguage } from './language.ts';
import { LeadView } from './lead-view.tsx';
import { ListView } from './list-view.tsx';
import { LoginView } from './login-view.tsx';
import { Link, navigate, useLocation } from './navigation.tsx';
import { OverviewView } from './overview-view.tsx';
import { PageHeading } from './page-heading.tsx';
import { FailingChannels, focusMain, Shell } from './shell.tsx';
import { INBOX_PATH, routeOf, type InboxRoute } from './routes.ts';

type SessionState = { phase: 'checking' } | { phase: 'out'; ended: boolean } | { phase: 'in'; session: InboxSession } | { phase: 'failed'; error: string };

function viewTitle(route: InboxRoute, inbox: Inbox, session: SessionState): string {
  const { t } = inbox;
  if (session.phase !== 'in') return t.login.title;
  switch (route.view) {
    case 'list':
      return t.list.title;
    case 'overview':
      return t.chart.title;
    case 'lead':
      return t.lead.details;
    case 'missing':
      return t.notFound.title;
  }
}

export function InboxApp() {
  const [locale, setLocale] = useInboxLanguage();
  const t = inboxTexts[locale];
  const [session, setSession] = useState<SessionState>({ phase: 'checking' });
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutError, setLogoutError] = useState<string>();
  const [listSearch, setListSearch] = useState(() => (routeOf(window.location.pathname).view === 'list' ? window.location.search : ''));
  const { pathname, search } = useLocation();
  const route = routeOf(pathname);

  // A call refused with 401 means the session ended meanwhile: back to the log-in form, which says so.
  const signedOut = useCallback(() => setSession((s) => (s.phase === 'in' ? { phase: 'out', ended: true } : s)), []);
  const api = useMemo(() => createApi(signedOut), [signedOut]);
  const inbox = useMemo<Inbox>(() => ({ locale, t, booking: bookingTexts[locale], api }), [locale, t, api]);

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

  // What an erasure leaves to say once the lead's page is gone: read out by a status region that stays
  // on every page, shown on the list the erasure returns to, and gone once the address changes again.
  const [notice, setNotice] = useState<{ text: string; at: string }>();
  const href = pathname + search;
  const [seenHref, setSeenHref] = useState(href);
  if (seenHref !== href) {
    setSeenHref(href);
    if (notice && notice.at !== href) setNotice(undefined);
  }
  const erased = useCallback(
    (count: number) => {
      const list = INBOX_PATH + listSearch;
      setNotice({ text: plural(t.person.done, count, locale), at: list });
      navigate(list);
    },
    [t, locale, listSearch],
  );

  const title = viewTitle(route, inbox, session);
  useEffect(() => {
    document.title = `${title} · ${t.title} · ${business.name}`;
  }, [title, t.title]);

  // A new page (not a new filter) starts at its heading for keyboard and screen-reader users; the first
  // page of a visit starts at the top, as any page does.
  const page = session.phase === 'in' ? pathname : 'login';
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    focusMain();
  }, [page]);

  let content;
  if (session.phase === 'checking') {
    content = <p className="py-16 text-center text-slate-400">{t.list.loading}</p>;
  } else if (session.phase === 'failed') {
    content = (
      <div role="alert" className="mx-auto mt-12 max-w-md rounded-2xl border border-rose-400/40 bg-rose-500/10 p-6 text-rose-100">
        <p>{session.error}</p>
        <button type="button" onClick={() => void checkSession()} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
          {t.errors.retry}
        </button>
      </div>
    );
  } else if (session.phase === 'out') {
    content = <LoginView sessionEnded={session.ended} onLoggedIn={checkSession} />;
  } else {
    content = (
      <>
        {logoutError && (
          <p role="alert" className="mb-6 rounded-2xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100">
            {logoutError}
          </p>
        )}
        <FailingChannels channels={session.session.failing_channels} />
        <p role="status" className="mb-6 rounded-2xl border border-emerald-400/30 bg-emerald-400/10 px-4 py-3 text-sm text-emerald-100 empty:hidden">
          {notice?.text ?? ''}
        </p>
        {route.view === 'list' && <ListView search={search} onSearch={setListSearch} />}
        {route.view === 'overview' && <OverviewView search={search} />}
        {route.view === 'lead' && <LeadView key={route.id} id={route.id} listSearch={listSearch} onErased={erased} />}
        {route.view === 'missing' && (
          <>
            <PageHeading>{t.notFound.title}</PageHeading>
            <p className="mt-3 text-slate-300">{t.notFound.body}</p>
            <Link href={INBOX_PATH} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'mt-6' })}>
              {t.notFound.home}
            </Link>
          </>
        )}
      </>
    );
  }

  return (
    <InboxContext.Provider value={inbox}>
      <Shell
        route={route}
        session={session.phase === 'in' ? session.session : null}
        onLanguage={setLocale}
        onLogout={() => void logout()}
        loggingOut={loggingOut}
        listSearch={listSearch}
      >
        {content}
      </Shell>
    </InboxContext.Provider>
  );
}


