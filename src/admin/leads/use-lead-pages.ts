import { useState } from 'react';
import { INBOX_API, type LeadFilters, type LeadPage, type LeadSummary } from '../../shared/inbox.ts';
import { ApiError } from '../api.ts';
import { useInbox } from '../inbox-context.ts';
import { useResource } from '../use-resource.ts';
import { searchOf } from './filters/filters.ts';

/** Pages after the first, for the first page they continue (a reloaded first page starts over). */
interface MorePages {
  after: LeadPage | undefined;
  leads: LeadSummary[];
  next: string | null;
  loading: boolean;
  error?: string;
}

/** The leads under `filters`: the first page, and the pages after it by cursor ("Load more"). */
export function useLeadPages(filters: LeadFilters) {
  const { api } = useInbox();
  const first = useResource<LeadPage>(INBOX_API.leads + searchOf(filters));
  const [more, setMore] = useState<MorePages>();

  const extra = first.current && !first.loading && more?.after === first.data ? more : undefined;
  const leads = [...(first.data?.leads ?? []), ...(extra?.leads ?? [])];
  const next = extra ? extra.next : (first.data?.next ?? null);

  const loadMore = () => {
    if (!next || extra?.loading || first.loading) return;
    const after = first.data;
    setMore({ ...(extra ?? { after, leads: [], next }), loading: true, error: undefined });
    api.get<LeadPage>(INBOX_API.leads + searchOf(filters, { cursor: next })).then(
      (page) => setMore((m) => (m && m.after === after ? { after, leads: [...m.leads, ...page.leads], next: page.next, loading: false } : m)),
      (err: unknown) =>
        setMore((m) => (m && m.after === after ? { ...m, loading: false, error: err instanceof ApiError ? err.message : String(err) } : m)),
    );
  };

  return { first, extra, leads, next, loadMore };
}
