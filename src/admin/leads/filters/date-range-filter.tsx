import { useState } from 'react';
import type { LeadFilters } from '../../../shared/inbox.ts';
import { TextField } from '../../../ui/field.tsx';
import { useInbox } from '../../inbox-context.ts';
import { withFilter } from './filters.ts';

/** When the leads came in, from and to: applied once the two dates make a range. */
export function DateRangeFilter({ filters, onChange }: { filters: LeadFilters; onChange: (filters: LeadFilters) => void }) {
  const { t, locale } = useInbox();
  const [range, setRange] = useState({ from: filters.from ?? '', to: filters.to ?? '' });

  // Back, forward or a cleared filter change the URL: the boxes show what it says from then on.
  const [shown, setShown] = useState({ from: filters.from, to: filters.to });
  if (shown.from !== filters.from || shown.to !== filters.to) {
    setShown({ from: filters.from, to: filters.to });
    setRange({ from: filters.from ?? '', to: filters.to ?? '' });
  }

  const rangeError = range.from && range.to && range.from > range.to ? t.filters.rangeError : undefined;
  const changeDate = (key: 'from' | 'to', value: string) => {
    const next = { ...range, [key]: value };
    setRange(next);
    if (next.from && next.to && next.from > next.to) return;
    onChange(withFilter(withFilter(filters, 'from', next.from), 'to', next.to));
  };
  const describedBy = rangeError ? 'filter-range-error' : 'filter-range-hint';

  return (
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
          aria-describedby={describedBy}
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
          aria-describedby={describedBy}
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
  );
}
