// The list of leads, newest first, under its filters: a table on a wide screen, cards on a phone (both
// rendered, one shown: each is the right structure for its width). Pages come by cursor ("Load more").
import { useCallback, useEffect, useState } from 'react';
import { format } from '../content/i18n/format.ts';
import { SPAM_RETENTION_DAYS } from '../shared/promises.ts';
import { INBOX_API, type LeadFilters, type LeadPage, type LeadSummary } from '../shared/inbox.ts';
import { buttonVariants } from '../client/ui/button.tsx';
import { cn } from '../client/ui/cn.ts';
import { Icon } from '../client/ui/icons.tsx';
import { ApiError } from './api.ts';
import { BusyButton } from './busy-button.tsx';
import { FiltersPanel } from './filters-panel.tsx';
import { activeFilterCount, filtersFromSearch, searchOf } from './filters.ts';
import { useInbox } from './inbox-context.ts';
import { CallbackClock, Received, StatusBadge, UnseenMark } from './lead-marks.tsx';
import { Link, navigate } from './navigation.tsx';
import { PageHeading } from './page-heading.tsx';
import { INBOX_PATH, inboxLeadPath } from './routes.ts';
import { useNow } from './use-now.ts';
import { useResource } from './use-resource.ts';

/** Pages after the first, for the first page they continue (a reloaded first page starts over). */
interface MorePages {
  after: LeadPage | undefined;
  leads: LeadSummary[];
  next: string | null;
  loading: boolean;
  error?: string;
}

function LeadName({ lead, className }: { lead: LeadSummary; className?: string }) {
  const unseen = lead.seen_at === null;
  return (
    <Link
      href={inboxLeadPath(lead.id)}
      className={cn(
        'inline-flex items-center gap-2 rounded-md after:absolute after:inset-0 after:content-[""] hover:text-cyan-200',
        unseen ? 'font-bold text-white' : 'font-medium text-slate-200',
        className,
      )}
    >
      {unseen && <UnseenMark />}
      <span className="min-w-0 break-words">{lead.first_name}</span>
    </Link>
  );
}

/** In the Spam view, why a request was taken for spam; elsewhere its call-back clock. */
function LastColumn({ lead, now }: { lead: LeadSummary; now: number }) {
  const { t } = useInbox();
  if (lead.spam_reason) return <span className="text-amber-200">{t.spam.reasons[lead.spam_reason]}</span>;
  return <CallbackClock lead={lead} now={now} />;
}

function LeadTable({ leads, now, spam }: { leads: LeadSummary[]; now: number; spam: boolean }) {
  const { t, booking } = useInbox();
  const c = t.list.columns;
  return (
    <table className="hidden w-full text-left text-sm lg:table">
      <caption className="sr-only">{spam ? t.spam.title : t.list.title}</caption>
      <thead className="border-b border-line text-xs tracking-wide text-slate-400 uppercase">
        <tr>
          {[c.name, c.business, c.service, c.status, c.received, spam ? t.spam.reason : c.clock].map((label) => (
            <th key={label} scope="col" className="px-4 py-3 font-semibold first:pl-5 last:pr-5">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {leads.map((lead) => (
          <tr key={lead.id} className={cn('relative hover:bg-slate-800/50', lead.seen_at === null && 'bg-cyan-400/[0.04]')}>
            <td className="py-3.5 pr-4 pl-5">
              <LeadName lead={lead} />
            </td>
            <td className={cn('px-4 py-3.5', lead.seen_at === null ? 'font-semibold text-slate-100' : 'text-slate-300')}>
              {lead.business_name}
            </td>
            <td className="px-4 py-3.5 text-slate-300">{booking.services[lead.service]}</td>
            <td className="px-4 py-3.5">
              <StatusBadge status={lead.status} />
            </td>
            <td className="px-4 py-3.5 text-slate-300">
              <Received at={lead.created_at} now={now} />
            </td>
            <td className="py-3.5 pr-5 pl-4">
              <LastColumn lead={lead} now={now} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LeadCards({ leads, now, spam }: { leads: LeadSummary[]; now: number; spam: boolean }) {
  const { t, booking } = useInbox();
  return (
    <ul aria-label={spam ? t.spam.title : t.list.title} className="divide-y divide-line lg:hidden">
      {leads.map((lead) => (
        <li key={lead.id} className={cn('relative px-4 py-4 hover:bg-slate-800/50', lead.seen_at === null && 'bg-cyan-400/[0.04]')}>
          <div className="flex items-start justify-between gap-3">
            <LeadName lead={lead} className="text-base" />
            <StatusBadge status={lead.status} className="mt-0.5" />
          </div>
          <p className={cn('mt-1 text-sm break-words', lead.seen_at === null ? 'font-semibold text-slate-100' : 'text-slate-300')}>
            {lead.business_name}
            <span className="text-slate-500"> · </span>
            <span className="font-normal text-slate-400">{booking.services[lead.service]}</span>
          </p>
          <p className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-slate-400">
            <Received at={lead.created_at} now={now} />
            <LastColumn lead={lead} now={now} />
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ListView({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t, api } = useInbox();
  const now = useNow();
  const filters = filtersFromSearch(search);
  const query = searchOf(filters);
  const first = useResource<LeadPage>(INBOX_API.leads + query);
  const [more, setMore] = useState<MorePages>();

  // The list remembers where it was, so "Leads" in the top bar and "Back" on a lead return to it.
  useEffect(() => onSearch(query), [query, onSearch]);

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

  // The Spam view stays the Spam view whatever else changes: its way out is the top bar.
  const spam = filters.spam === 'true';
  const change = useCallback((next: LeadFilters) => navigate(INBOX_PATH + searchOf(spam ? { ...next, spam: 'true' } : next)), [spam]);
  const filtered = activeFilterCount(filters) > 0 || Boolean(filters.q);
  const firstLoad = first.loading && !first.data;
  const stale = first.loading || !first.current;
  const failed = first.error;
  const busy = first.loading || Boolean(extra?.loading);

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading>{spam ? t.spam.title : t.list.title}</PageHeading>
        <a
          href={INBOX_API.export + query}
          download
          aria-describedby="export-hint"
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          <Icon name="arrow-down" className="size-4" />
          {t.list.exportCsv}
        </a>
        <span id="export-hint" className="sr-only">
          {t.list.exportHint}
        </span>
      </div>

      {spam && <p className="mt-2 max-w-3xl text-sm text-pretty text-slate-400">{format(t.spam.intro, { days: SPAM_RETENTION_DAYS })}</p>}

      <div className="mt-5">
        <FiltersPanel filters={filters} onChange={change} />
      </div>

      <section aria-labelledby="results-title" aria-busy={busy} className="mt-6">
        <h2 id="results-title" className="sr-only">
          {spam ? t.spam.title : t.list.title}
        </h2>
        <p role="status" className="sr-only">
          {first.loading ? t.list.loading : failed ? '' : format(next ? t.list.shown : t.list.allShown, { count: leads.length })}
        </p>
        {failed && (
          <div role="alert" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100">
            <p>{failed.message}</p>
            <button type="button" onClick={first.reload} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              {t.errors.retry}
            </button>
          </div>
        )}
        {firstLoad ? (
          <div className="rounded-2xl border border-line bg-panel/60 p-8 text-center text-slate-400">{t.list.loading}</div>
        ) : leads.length === 0 && !failed ? (
          <div className="rounded-2xl border border-dashed border-slate-600 p-8 text-center sm:p-12">
            <Icon name="inbox" className="mx-auto size-10 text-slate-500" />
            <p className="mt-3 text-pretty text-slate-300">
              {filtered ? t.list.empty : spam ? format(t.spam.empty, { days: SPAM_RETENTION_DAYS }) : t.list.emptyAll}
            </p>
            {filtered && (
              <button type="button" onClick={() => change({})} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
                {t.filters.clear}
              </button>
            )}
          </div>
        ) : leads.length > 0 ? (
          <div className={cn('overflow-hidden rounded-2xl border border-line bg-panel/80 transition-opacity', stale && 'opacity-60')}>
            <LeadTable leads={leads} now={now} spam={spam} />
            <LeadCards leads={leads} now={now} spam={spam} />
          </div>
        ) : null}

        {extra?.error && (
          <p role="alert" className="mt-4 text-center text-sm text-rose-300">
            {extra.error}
          </p>
        )}
        {leads.length > 0 && !stale && (
          <div className="mt-5 flex flex-col items-center gap-3">
            <p className="text-sm text-slate-400" aria-hidden="true">
              {format(next ? t.list.shown : t.list.allShown, { count: leads.length })}
            </p>
            {next && (
              <BusyButton variant="secondary" busy={Boolean(extra?.loading)} onClick={loadMore}>
                {extra?.loading ? t.list.loadingMore : t.list.loadMore}
              </BusyButton>
            )}
          </div>
        )}
      </section>
    </>
  );
}
