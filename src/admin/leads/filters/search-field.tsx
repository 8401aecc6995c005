import { useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH, type LeadFilters } from '../../../shared/inbox.ts';
import { cn } from '../../../ui/cn.ts';
import { controlClass } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useInbox } from '../../inbox-context.ts';
import { withFilter } from './filters.ts';

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search box, always in view: the list follows it after a pause in typing. */
export function SearchField({ filters, onChange }: { filters: LeadFilters; onChange: (filters: LeadFilters) => void }) {
  const { t } = useInbox();
  const [query, setQuery] = useState(filters.q ?? '');

  // Back, forward or a cleared filter change the URL: the box shows what it says from then on.
  const [shown, setShown] = useState(filters.q);
  if (shown !== filters.q) {
    setShown(filters.q);
    // Unless the box already says it (a trailing space being typed is not a change to undo).
    if (query.trim() !== (filters.q ?? '')) setQuery(filters.q ?? '');
  }

  useEffect(() => {
    if (query.trim() === (filters.q ?? '')) return;
    const timer = window.setTimeout(() => onChange(withFilter(filters, 'q', query.trim())), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, filters, onChange]);

  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor="filter-q" className="block text-sm font-medium text-pretty text-slate-200">
        {t.filters.search} <span className="font-normal text-slate-400">({t.filters.searchHint})</span>
      </label>
      <Icon name="search" className="pointer-events-none absolute bottom-3 left-3.5 size-5 text-slate-400" />
      <input
        id="filter-q"
        type="search"
        value={query}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => setQuery(e.target.value)}
        className={cn(controlClass, 'pl-11')}
      />
    </div>
  );
}
