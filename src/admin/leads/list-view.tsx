// The list of leads, newest first, under its filters: a table on a wide screen, cards on a phone (both
// rendered, one shown: each is the right structure for its width). Pages come by cursor ("Load more").
import { useCallback, useEffect } from 'react';
import { format } from '../../content/i18n/format.ts';
import type { LeadFilters } from '../../shared/inbox.ts';
import { Alert } from '../../ui/alert.tsx';
import { cn } from '../../ui/cn.ts';
import { useInbox } from '../inbox-context.ts';
import { navigate } from '../navigation.tsx';
import { INBOX_PATH } from '../routes.ts';
import { useNow } from '../use-now.ts';
import { EmptyList } from './empty-list.tsx';
import { FiltersPanel } from './filters/filters-panel.tsx';
import { activeFilterCount, filtersFromSearch, searchOf } from './filters/filters.ts';
import { LeadCards } from './lead-cards.tsx';
import { LeadTable } from './lead-table.tsx';
import { ListHeader } from './list-header.tsx';
import { LoadMore } from './load-more.tsx';
import { useLeadPages } from './use-lead-pages.ts';

export function ListView({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useInbox();
  const now = useNow();
  const filters = filtersFromSearch(search);
  const query = searchOf(filters);
  const { first, extra, leads, next, loadMore } = useLeadPages(filters);

  // The list remembers where it was, so "Leads" in the top bar and "Back" on a lead return to it.
  useEffect(() => onSearch(query), [query, onSearch]);

  // The Spam view stays the Spam view whatever else changes: its way out is the top bar.
  const spam = filters.spam === 'true';
  const change = useCallback((next: LeadFilters) => navigate(INBOX_PATH + searchOf(spam ? { ...next, spam: 'true' } : next)), [spam]);
  const filtered = activeFilterCount(filters) > 0 || Boolean(filters.q);
  const firstLoad = first.loading && !first.data;
  const stale = first.loading || !first.current;
  const failed = first.error;
  const busy = first.loading || Boolean(extra?.loading);
  const shown = format(next ? t.list.shown : t.list.allShown, { count: leads.length });

  return (
    <>
      <ListHeader spam={spam} query={query} />

      <div className="mt-5">
        <FiltersPanel filters={filters} onChange={change} />
      </div>

      <section aria-labelledby="results-title" aria-busy={busy} className="mt-6">
        <h2 id="results-title" className="sr-only">
          {spam ? t.spam.title : t.list.title}
        </h2>
        <p role="status" className="sr-only">
          {first.loading ? t.list.loading : failed ? '' : shown}
        </p>
        {failed && (
          <Alert className="mb-4" retry={{ label: t.errors.retry, onRetry: first.reload }}>
            {failed.message}
          </Alert>
        )}
        {firstLoad ? (
          <div className="rounded-2xl border border-line bg-panel/60 p-8 text-center text-slate-400">{t.list.loading}</div>
        ) : leads.length === 0 && !failed ? (
          <EmptyList filtered={filtered} spam={spam} onClear={() => change({})} />
        ) : leads.length > 0 ? (
          // Scrolled sideways, never cut, should a table still be wider than its frame: no column is hidden.
          <div className={cn('overflow-x-auto rounded-2xl border border-line bg-panel/80 transition-opacity', stale && 'opacity-60')}>
            <LeadTable leads={leads} now={now} spam={spam} />
            <LeadCards leads={leads} now={now} spam={spam} />
          </div>
        ) : null}

        {extra?.error && (
          <p role="alert" className="mt-4 text-center text-sm text-rose-300">
            {extra.error}
          </p>
        )}
        {leads.length > 0 && !stale && <LoadMore shown={shown} more={Boolean(next)} loading={Boolean(extra?.loading)} onLoadMore={loadMore} />}
      </section>
    </>
  );
}
