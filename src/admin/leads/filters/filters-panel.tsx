// The list's filters. The URL holds them (filters.ts): a select or a checkbox changes it at once, the
// search after a pause in typing, the dates once they make a range. On a phone everything but the
// search folds away behind one button.
import { useState } from 'react';
import { LEAD_SOURCES, LEAD_STATUSES, SERVICES } from '../../../shared/booking.ts';
import type { LeadFilters } from '../../../shared/inbox.ts';
import { LOCALES } from '../../../shared/locale.ts';
import { cn } from '../../../ui/cn.ts';
import { viaNames } from '../../../content/i18n/inbox.ts';
import { useInbox } from '../../inbox-context.ts';
import { DateRangeFilter } from './date-range-filter.tsx';
import { activeFilterCount, withFilter, type FilterKey } from './filters.ts';
import { FiltersToggle } from './filters-toggle.tsx';
import { FlagFilters } from './flag-filters.tsx';
import { SearchField } from './search-field.tsx';
import { SelectFilter } from './select-filter.tsx';
import { TagFilters } from './tag-filters.tsx';

/** The filters that fold away on a phone. */
const MORE_ID = 'filters-more';

interface FiltersPanelProps {
  filters: LeadFilters;
  onChange: (filters: LeadFilters) => void;
}

export function FiltersPanel({ filters, onChange }: FiltersPanelProps) {
  const { t, booking } = useInbox();
  const [open, setOpen] = useState(false);
  const set = (key: FilterKey, value: string) => onChange(withFilter(filters, key, value));
  const count = activeFilterCount(filters);

  return (
    <section aria-label={t.filters.title} className="rounded-2xl border border-line bg-panel/80 p-4 sm:p-5">
      <div className="flex items-end gap-3">
        <SearchField filters={filters} onChange={onChange} />
        <FiltersToggle open={open} count={count} controls={MORE_ID} onToggle={() => setOpen(!open)} />
      </div>

      <div id={MORE_ID} className={cn('mt-4 gap-4 sm:grid-cols-3 lg:grid lg:grid-cols-6', open ? 'grid' : 'hidden')}>
        <SelectFilter id="filter-status" label={t.filters.status} value={filters.status} options={LEAD_STATUSES} names={t.statuses} onChange={(value) => set('status', value)} />
        <SelectFilter id="filter-service" label={t.filters.service} value={filters.service} options={SERVICES} names={booking.services} onChange={(value) => set('service', value)} />
        <SelectFilter id="filter-locale" label={t.filters.language} value={filters.locale} options={LOCALES} names={t.locales} onChange={(value) => set('locale', value)} />
        <SelectFilter id="filter-via" label={t.via.filter} value={filters.via} options={LEAD_SOURCES} names={viaNames(t)} onChange={(value) => set('via', value)} />
        <DateRangeFilter filters={filters} onChange={onChange} />
        <TagFilters filters={filters} onSet={set} />
        <FlagFilters filters={filters} count={count} onSet={set} onClear={() => onChange({})} />
      </div>
    </section>
  );
}
