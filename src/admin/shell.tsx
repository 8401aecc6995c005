// The frame of every inbox page: a skip link, the top bar (the business, the pages, the language, who is
// logged in and log-out) and the main landmark, which the page's heading is inside.
import type { ReactNode } from 'react';
import { format } from '../content/i18n/format.ts';
import { business } from '../content/site.ts';
import type { InboxSession } from '../shared/inbox.ts';
import { LOCALES, type Locale } from '../shared/locale.ts';
import { buttonVariants } from '../client/ui/button.tsx';
import { cn } from '../client/ui/cn.ts';
import { Icon } from '../client/ui/icons.tsx';
import { useInbox } from './inbox-context.ts';
import { filtersFromSearch, SPAM_SEARCH } from './filters.ts';
import { Link, useLocation } from './navigation.tsx';
import { INBOX_PATH, OVERVIEW_PATH, type InboxRoute } from './routes.ts';

export const MAIN_ID = 'main';

/** Moves focus to the main region, as the skip link and a change of page do. */
export function focusMain() {
  const heading = document.querySelector<HTMLElement>(`#${MAIN_ID} h1`);
  (heading ?? document.getElementById(MAIN_ID))?.focus({ preventScroll: true });
}

function SkipLink() {
  const { t } = useInbox();
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        focusMain();
      }}
      className="sr-only rounded-full bg-slate-100 px-4 py-2 text-sm font-semibold text-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      {t.skipToContent}
    </a>
  );
}

export function LanguageSwitch({ onChange }: { onChange: (locale: Locale) => void }) {
  const { t, locale } = useInbox();
  return (
    <div role="group" aria-label={t.language} className="flex shrink-0 rounded-full border border-line p-0.5 text-xs font-semibold">
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => onChange(l)}
          className={cn(
            'min-h-9 min-w-10 rounded-full px-2.5 uppercase',
            l === locale ? 'bg-slate-100 text-ink' : 'text-slate-300 hover:text-white',
          )}
        >
          {l}
        </button>
      ))}
    </div>
  );
}

function Brand() {
  const { t } = useInbox();
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
      <span className="min-w-0 leading-tight">
        <span className="block truncate text-sm font-bold tracking-tight">{business.name}</span>
        <span className="block truncate text-xs text-slate-400">{t.title}</span>
      </span>
    </span>
  );
}

interface ShellProps {
  route: InboxRoute;
  session: InboxSession | null;
  onLanguage: (locale: Locale) => void;
  onLogout?: () => void;
  loggingOut?: boolean;
  /** The current list's query, so "Leads" goes back to the list as it was left. */
  listSearch?: string;
  children: ReactNode;
}

export function Shell({ route, session, onLanguage, onLogout, loggingOut, listSearch = '', children }: ShellProps) {
  const { t } = useInbox();
  const { search } = useLocation();
  const spam = route.view === 'list' && filtersFromSearch(search).spam === 'true';
  const leadsSearch = filtersFromSearch(listSearch).spam ? '' : listSearch;
  const pages = [
    { href: INBOX_PATH + leadsSearch, label: t.nav.leads, icon: 'inbox', current: (route.view === 'list' && !spam) || route.view === 'lead' },
    { href: OVERVIEW_PATH, label: t.nav.overview, icon: 'scale', current: route.view === 'overview' },
    { href: INBOX_PATH + SPAM_SEARCH, label: t.nav.spam, icon: 'shield', current: spam },
  ] as const;
  return (
    <>
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-line bg-ink/85 backdrop-blur-md">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6 sm:py-3">
          <Brand />
          {session && (
            <nav aria-label={t.nav.label} className="order-last -mx-1 w-full sm:order-none sm:mx-0 sm:ml-4 sm:w-auto">
              <ul className="grid grid-cols-3 gap-1 sm:flex">
                {pages.map((page) => (
                  <li key={page.href}>
                    <Link
                      href={page.href}
                      aria-current={page.current ? 'page' : undefined}
                      className={cn(
                        'flex min-h-10 items-center justify-center gap-2 rounded-full px-4 text-sm font-medium',
                        page.current ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800/60 hover:text-white',
                      )}
                    >
                      <Icon name={page.icon} className="size-4.5 shrink-0" />
                      {page.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            {session && (
              <p className="hidden max-w-56 truncate text-sm text-slate-400 lg:block" title={session.email}>
                {format(t.signedInAs, { email: session.email })}
              </p>
            )}
            <LanguageSwitch onChange={onLanguage} />
            {session && onLogout && (
              <button
                type="button"
                onClick={onLogout}
                disabled={loggingOut}
                aria-busy={loggingOut || undefined}
                className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'px-3.5 sm:px-4' })}
              >
                {loggingOut ? t.loggingOut : t.logout}
              </button>
            )}
          </div>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-7xl px-4 pt-6 pb-16 outline-none sm:px-6 sm:pt-8">
        {children}
      </main>
    </>
  );
}

/** The warning while a notification channel keeps failing (its last three deliveries). */
export function FailingChannels({ channels }: { channels: InboxSession['failing_channels'] }) {
  const { t, locale } = useInbox();
  if (channels.length === 0) return null;
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(channels.map((c) => t.channels[c]));
  return (
    <section
      aria-labelledby="failing-title"
      className="mb-6 flex gap-3 rounded-2xl border border-rose-400/40 bg-rose-500/10 p-4 text-sm sm:p-5"
    >
      <Icon name="shield" className="mt-0.5 size-5 shrink-0 text-rose-300" />
      <div>
        <h2 id="failing-title" className="font-semibold text-rose-100">
          {t.failing.title}
        </h2>
        <p className="mt-1 text-pretty text-rose-100/90">{format(t.failing.body, { channels: names })}</p>
      </div>
    </section>
  );
}
