// The inbox's pages in the top bar: the leads (back to the list as it was left), the overview, the
// agenda of booked calls, the conversations with Alex and Lana, and the Spam view, a list of its own.
// On a phone a row of five, each icon above its word; from `sm` up, pills on their own row under the
// business, and from `lg` up in the top bar's one row.
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { useInbox } from '../inbox-context.ts';
import { filtersFromSearch, SPAM_SEARCH } from '../leads/filters/filters.ts';
import { Link, useLocation } from '../navigation.tsx';
import { INBOX_PAGES, INBOX_PATH, type InboxRoute } from '../routes.ts';
import type { IconName } from '../../shared/icon-names.ts';

export function PageNav({ route, listSearch }: { route: InboxRoute; listSearch: string }) {
  const { t } = useInbox();
  const { search } = useLocation();
  const spam = route.view === 'list' && filtersFromSearch(search).spam === 'true';
  const leadsSearch = filtersFromSearch(listSearch).spam ? '' : listSearch;
  // The table's pages in its order, the leads back to the list as it was left, then the Spam view.
  const pages: { href: string; label: string; icon: IconName; current: boolean }[] = [
    ...Object.entries(INBOX_PAGES).flatMap(([view, page]) =>
      page.path && page.nav
        ? [
            view === 'list'
              ? { href: page.path + leadsSearch, label: page.nav.label(t), icon: page.nav.icon, current: (route.view === 'list' && !spam) || route.view === 'lead' }
              : { href: page.path, label: page.nav.label(t), icon: page.nav.icon, current: route.view === view },
          ]
        : [],
    ),
    { href: INBOX_PATH + SPAM_SEARCH, label: t.nav.spam, icon: 'shield', current: spam },
  ];
  return (
    <nav aria-label={t.nav.label} className="order-last -mx-1 w-full lg:order-none lg:mx-0 lg:ml-2 lg:w-auto">
      <ul className="flex justify-between gap-1 sm:justify-start">
        {pages.map((page) => (
          <li key={page.href}>
            <Link
              href={page.href}
              aria-current={page.current ? 'page' : undefined}
              className={cn(
                'flex min-h-12 flex-col items-center justify-center gap-0.5 rounded-xl px-2 text-xs font-medium whitespace-nowrap',
                'sm:min-h-10 sm:flex-row sm:gap-2 sm:rounded-full sm:px-4 sm:text-sm lg:px-3 xl:px-4',
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
