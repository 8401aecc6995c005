// The inbox's pages in the top bar: the leads (back to the list as it was left), the overview, the
// agenda of booked calls, and the Spam view, a list of its own.
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { useInbox } from '../inbox-context.ts';
import { filtersFromSearch, SPAM_SEARCH } from '../leads/filters/filters.ts';
import { Link, useLocation } from '../navigation.tsx';
import { AGENDA_PATH, INBOX_PATH, OVERVIEW_PATH, type InboxRoute } from '../routes.ts';

export function PageNav({ route, listSearch }: { route: InboxRoute; listSearch: string }) {
  const { t } = useInbox();
  const { search } = useLocation();
  const spam = route.view === 'list' && filtersFromSearch(search).spam === 'true';
  const leadsSearch = filtersFromSearch(listSearch).spam ? '' : listSearch;
  const pages = [
    { href: INBOX_PATH + leadsSearch, label: t.nav.leads, icon: 'inbox', current: (route.view === 'list' && !spam) || route.view === 'lead' },
    { href: OVERVIEW_PATH, label: t.nav.overview, icon: 'scale', current: route.view === 'overview' },
    { href: AGENDA_PATH, label: t.nav.agenda, icon: 'calendar-blank', current: route.view === 'agenda' },
    { href: INBOX_PATH + SPAM_SEARCH, label: t.nav.spam, icon: 'shield', current: spam },
  ] as const;
  return (
    <nav aria-label={t.nav.label} className="order-last -mx-1 w-full sm:order-none sm:mx-0 sm:ml-4 sm:w-auto">
      <ul className="grid grid-cols-4 gap-1 sm:flex">
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
  );
}
