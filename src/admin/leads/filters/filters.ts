// The list's filters as the inbox's URL carries them (/admin?status=pending&q=…): the address bar is
// where they live, so back and forward step through them and a link shows a colleague the same list.
// The contract's schema (src/shared/inbox.ts) reads each value, so the page asks for nothing the API
// would refuse.
import { leadFilters, type LeadFilters } from '../../../shared/inbox.ts';

/** The query's keys, in the order the URL writes them. */
export const FILTER_KEYS = ['q', 'status', 'service', 'locale', 'via', 'from', 'to', 'source', 'campaign', 'overdue', 'unseen', 'spam'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The filters a query string names. A value the schema refuses is dropped on its own, so an old or
 * hand-edited link still opens the list with the rest of its filters; a range that ends before it
 * starts loses its end.
 */
export function filtersFromSearch(search: string): LeadFilters {
  const params = new URLSearchParams(search);
  const filters: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value === null) continue;
    const parsed = leadFilters.shape[key].safeParse(value);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  if (filters.from && filters.to && filters.from > filters.to) delete filters.to;
  return filters as LeadFilters;
}

/** The query string of the filters (with its `?`, or empty): one order, no empty values. */
export function searchOf(filters: LeadFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * How many filters narrow the list, the search aside (it has its own box, always in view), and the Spam
 * view too (it is a list of its own, with its own place in the top bar).
 */
export function activeFilterCount(filters: LeadFilters): number {
  return FILTER_KEYS.filter((key) => key !== 'q' && key !== 'spam' && filters[key]).length;
}

/** The query of the Spam view: the requests taken for spam, newest first. */
export const SPAM_SEARCH = searchOf({ spam: 'true' });

/** The filters with one changed; an empty value removes it. */
export function withFilter(filters: LeadFilters, key: FilterKey, value: string): LeadFilters {
  const next: Partial<Record<FilterKey, string>> = { ...filters };
  if (value) next[key] = value;
  else delete next[key];
  return next as LeadFilters;
}
