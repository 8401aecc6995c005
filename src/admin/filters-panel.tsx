// The list's filters. The URL holds them (filters.ts): a select or a checkbox changes it at once, the
// search after a pause in typing, the dates once they make a range. On a phone everything but the
// search folds away behind one button.
import { useEffect, useState } from 'react';
import { format } from '../content/i18n/format.ts';
import { ATTRIBUTION_MAX } from '../shared/attribution.ts';
import { LEAD_STATUSES, SERVICES } from '../shared/booking.ts';
import { SEARCH_MAX_LENGTH, type LeadFilters } from '../shared/inbox.ts';
import { LOCALES } from '../shared/locale.ts';
import { buttonVariants } from '../client/ui/button.tsx';
import { cn } from '../client/ui/cn.ts';
import { controlClass, SelectField, TextField } from '../client/ui/field.tsx';
import { Icon } from '../client/ui/icons.tsx';
import { activeFilterCount, withFilter, type FilterKey } from './filters.ts';
import { useInbox } from './inbox-context.ts';

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

interface FiltersPanelProps {
  filters: LeadFilters;
  onChange: (filters: LeadFilters) => void;
}

function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-600 px-3.5 text-sm text-slate-200 has-checked:border-cyan-400 has-checked:bg-cyan-400/10"
    >
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4 accent-cyan-400" />
      {label}
    </label>
  );
}

/**
 * A tag the lead's visit came with (utm_source, utm_campaign), matched exactly: applied when the box is
 * left or Enter is pressed, not at every key, since a part of a tag matches nothing.
 */
function TagField({ id, label, value, onCommit }: { id: string; label: string; value: string | undefined; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value ?? '');
  // Back, forward or a cleared filter: the box shows what the URL says.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  const commit = () => {
    if (text.trim() !== (value ?? '')) onCommit(text.trim());
  };
  return (
    <TextField
      id={id}
      label={label}
      error={undefined}
      value={text}
      maxLength={ATTRIBUTION_MAX}
      autoComplete="off"
      spellCheck={false}
      aria-describedby="filter-tag-hint"
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

export function FiltersPanel({ filters, onChange }: FiltersPanelProps) {
  const { t, booking, locale } = useInbox();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState(filters.q ?? '');
  const [range, setRange] = useState({ from: filters.from ?? '', to: filters.to ?? '' });

  // Back, forward or a cleared filter change the URL: the boxes show what it says from then on.
  const [shown, setShown] = useState({ q: filters.q, from: filters.from, to: filters.to });
  if (shown.q !== filters.q || shown.from !== filters.from || shown.to !== filters.to) {
    setShown({ q: filters.q, from: filters.from, to: filters.to });
    // Unless the box already says it (a trailing space being typed is not a change to undo).
    if (shown.q !== filters.q && query.trim() !== (filters.q ?? '')) setQuery(filters.q ?? '');
    if (shown.from !== filters.from || shown.to !== filters.to) setRange({ from: filters.from ?? '', to: filters.to ?? '' });
  }

  useEffect(() => {
    if (query.trim() === (filters.q ?? '')) return;
    const timer = window.setTimeout(() => onChange(withFilter(filters, 'q', query.trim())), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, filters, onChange]);

  const rangeError = range.from && range.to && range.from > range.to ? t.filters.rangeError : undefined;
  const changeDate = (key: 'from' | 'to', value: string) => {
    const next = { ...range, [key]: value };
    setRange(next);
    if (next.from && next.to && next.from > next.to) return;
    onChange(withFilter(withFilter(filters, 'from', next.from), 'to', next.to));
  };
  const set = (key: FilterKey, value: string) => onChange(withFilter(filters, key, value));
  const count = activeFilterCount(filters);

  return (
    <section aria-label={t.filters.title} className="rounded-2xl border border-line bg-panel/80 p-4 sm:p-5">
      <div className="flex items-end gap-3">
        <div className="relative min-w-0 flex-1">
          <label htmlFor="filter-q" className="block text-sm font-medium text-slate-200">
            {t.filters.search}
          </label>
          <Icon name="search" className="pointer-events-none absolute bottom-3 left-3.5 size-5 text-slate-400" />
          <input
            id="filter-q"
            type="search"
            value={query}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t.filters.searchPlaceholder}
            onChange={(e) => setQuery(e.target.value)}
            className={cn(controlClass, 'pl-11')}
          />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="filters-more"
          onClick={() => setOpen(!open)}
          className={buttonVariants({ variant: 'secondary', size: 'md', className: 'shrink-0 rounded-xl px-4 lg:hidden' })}
        >
          {t.filters.toggle}
          {count > 0 && (
            <span className="rounded-full bg-cyan-400 px-1.5 text-xs font-bold text-ink">
              <span aria-hidden="true">{count}</span>
              <span className="sr-only">{format(t.filters.active, { count })}</span>
            </span>
          )}
          <Icon name="chevron-down" className={cn('size-4 transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
        </button>
      </div>

      <div id="filters-more" className={cn('mt-4 gap-4 sm:grid-cols-3 lg:grid lg:grid-cols-5', open ? 'grid' : 'hidden')}>
        <SelectField id="filter-status" label={t.filters.status} error={undefined} value={filters.status ?? ''} onChange={(e) => set('status', e.target.value)}>
          <option value="">{t.filters.any}</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t.statuses[s]}
            </option>
          ))}
        </SelectField>
        <SelectField id="filter-service" label={t.filters.service} error={undefined} value={filters.service ?? ''} onChange={(e) => set('service', e.target.value)}>
          <option value="">{t.filters.any}</option>
          {SERVICES.map((s) => (
            <option key={s} value={s}>
              {booking.services[s]}
            </option>
          ))}
        </SelectField>
        <SelectField id="filter-locale" label={t.filters.language} error={undefined} value={filters.locale ?? ''} onChange={(e) => set('locale', e.target.value)}>
          <option value="">{t.filters.any}</option>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t.locales[l]}
            </option>
          ))}
        </SelectField>
        <fieldset className="sm:col-span-3 lg:col-span-2">
          <legend className="sr-only">{t.list.columns.received}</legend>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              id="filter-from"
              label={t.filters.from}
              error={undefined}
              type="date"
              lang={locale}
              value={range.from}
              max={range.to || undefined}
              onChange={(e) => changeDate('from', e.target.value)}
              aria-describedby={rangeError ? 'filter-range-error' : 'filter-range-hint'}
            />
            <TextField
              id="filter-to"
              label={t.filters.to}
              error={undefined}
              type="date"
              lang={locale}
              value={range.to}
              min={range.from || undefined}
              onChange={(e) => changeDate('to', e.target.value)}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? 'filter-range-error' : 'filter-range-hint'}
            />
          </div>
          {rangeError ? (
            <p id="filter-range-error" className="mt-1 text-sm text-rose-300">
              {rangeError}
            </p>
          ) : (
            <p id="filter-range-hint" className="mt-1 text-xs text-slate-400">
              {t.filters.rangeHint}
            </p>
          )}
        </fieldset>
        <fieldset className="sm:col-span-3 lg:col-span-2">
          <legend className="sr-only">{t.lead.attributionTitle}</legend>
          <div className="grid grid-cols-2 gap-3">
            <TagField id="filter-source" label={t.filters.source} value={filters.source} onCommit={(value) => set('source', value)} />
            <TagField id="filter-campaign" label={t.filters.campaign} value={filters.campaign} onCommit={(value) => set('campaign', value)} />
          </div>
          <p id="filter-tag-hint" className="mt-1 text-xs text-slate-400">
            {t.filters.tagHint}
          </p>
        </fieldset>
        <div className="flex flex-col gap-2 sm:col-span-3 sm:flex-row sm:flex-wrap sm:items-center lg:col-span-3">
          <Checkbox id="filter-overdue" label={t.filters.overdue} checked={filters.overdue === 'true'} onChange={(on) => set('overdue', on ? 'true' : '')} />
          <Checkbox id="filter-unseen" label={t.filters.unseen} checked={filters.unseen === 'true'} onChange={(on) => set('unseen', on ? 'true' : '')} />
          {(count > 0 || filters.q) && (
            <button
              type="button"
              onClick={() => onChange({})}
              className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'sm:ml-auto' })}
            >
              <Icon name="close" className="size-4" />
              {t.filters.clear}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
