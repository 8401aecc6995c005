// The inbox: who is logged in decides between the log-in form and the pages; the address decides the
// page (routes.ts). Texts come from src/content/i18n/inbox.ts in the language the operator chose.
import { useEffect, useMemo, useRef, useState } from 'react';
import { bookingTexts } from '../content/i18n/booking.ts';
import { inboxTexts } from '../content/i18n/inbox.ts';
import { business } from '../content/site.ts';
import type { InboxSession } from '../shared/inbox.ts';
import { channelNamesIn, InboxContext, type Inbox } from './inbox-context.ts';
import { useInboxLanguage } from './language.ts';
import { LoginView } from './login/login-view.tsx';
import { SessionFailed } from './login/session-failed.tsx';
import { useLocation } from './navigation.tsx';
import { InboxPages } from './pages.tsx';
import { INBOX_PAGES, routeOf, type InboxRoute } from './routes.ts';
import { focusMain } from './shell/focus-main.ts';
import { Shell } from './shell/shell.tsx';
import { useErasureNotice } from './use-erasure-notice.ts';
import { useSession, type SessionState } from './use-session.ts';

function viewTitle(route: InboxRoute, inbox: Inbox, session: SessionState): string {
  const { t } = inbox;
  return session.phase === 'in' ? INBOX_PAGES[route.view].title(t) : t.login.title;
}

/** Before logging in the inbox knows no channel. */
const NO_CHANNELS: InboxSession['channels'] = [];

export function InboxApp() {
  const [locale, setLocale] = useInboxLanguage();
  const t = inboxTexts[locale];
  const { session, api, checkSession, logout, loggingOut, logoutError } = useSession();
  const [listSearch, setListSearch] = useState(() => (routeOf(window.location.pathname).view === 'list' ? window.location.search : ''));
  const { pathname, search } = useLocation();
  const route = routeOf(pathname);
  const described = session.phase === 'in' ? session.session.channels : NO_CHANNELS;
  const inbox = useMemo<Inbox>(
    () => ({ locale, t, booking: bookingTexts[locale], api, channel: channelNamesIn(described, locale), channels: described }),
    [locale, t, api, described],
  );
  const { notice, erased } = useErasureNotice(pathname + search, listSearch, t, locale);

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
  if (session.phase === 'checking') content = <p className="py-16 text-center text-slate-400">{t.list.loading}</p>;
  else if (session.phase === 'failed') content = <SessionFailed error={session.error} onRetry={() => void checkSession()} />;
  else if (session.phase === 'out') content = <LoginView sessionEnded={session.ended} onLoggedIn={checkSession} />;
  else {
    content = (
      <InboxPages
        route={route}
        search={search}
        session={session.session}
        notice={notice?.text}
        logoutError={logoutError}
        listSearch={listSearch}
        onListSearch={setListSearch}
        onErased={erased}
      />
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
