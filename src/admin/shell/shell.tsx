// The frame of every inbox page: a skip link, the top bar (the business, the pages, the language, who is
// logged in and log-out) and the main landmark, which the page's heading is inside.
import type { ReactNode } from 'react';
import { format } from '../../content/i18n/format.ts';
import type { InboxSession } from '../../shared/inbox.ts';
import type { Locale } from '../../shared/locale.ts';
import { buttonVariants } from '../../ui/button.tsx';
import { useInbox } from '../inbox-context.ts';
import type { InboxRoute } from '../routes.ts';
import { Brand } from './brand.tsx';
import { MAIN_ID } from './focus-main.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { PageNav } from './page-nav.tsx';
import { SkipLink } from './skip-link.tsx';

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
  return (
    <>
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-line bg-ink/85 backdrop-blur-md">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6 sm:py-3">
          <Brand />
          {session && <PageNav route={route} listSearch={listSearch} />}
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            {session && (
              // The address in full where there is room; "Logged in as" is heard, not shown, so the
              // address is not the part cut off.
              <p className="hidden max-w-72 truncate text-sm text-slate-400 xl:block" title={format(t.signedInAs, { email: session.email })}>
                <span className="sr-only">{t.signedInAs.split('{email}')[0]}</span>
                {session.email}
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
