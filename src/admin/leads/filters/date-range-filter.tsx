import { useState } from 'react';
import { format } from '../../../content/i18n/format.ts';
import type { LeadFilters } from '../../../shared/inbox.ts';
import { dayInputText, dayOfInput, sheetDateTimeText } from '../../../shared/inbox-time.ts';
import { TextField } from '../../../ui/field.tsx';
import { useInbox } from '../../inbox-context.ts';
import { withFilter } from './filters.ts';

type End = 'from' | 'to';
const ENDS: End[] = ['from', 'to'];

/**
 * When the leads came in, from and to: Sofia's days, typed as the inbox's language writes a date
 * (dd.mm.yyyy in Bulgarian, yyyy-mm-dd in English) in plain text boxes, since a browser's own date box
 * follows the browser's locale, not the inbox's. Applied when a box is left or Enter is pressed: each
 * box that holds a day or nothing, once the two make a range.
 */
export function DateRangeFilter({ filters, onChange }: { filters: LeadFilters; onChange: (filters: LeadFilters) => void }) {
  const { t, locale } = useInbox();
  const textOf = (day: string | undefined) => (day ? dayInputText(day, locale) : '');
  const [typed, setTyped] = useState({ from: textOf(filters.from), to: textOf(filters.to) });
  const [wrong, setWrong] = useState({ from: false, to: false });

  // Back, forward, a cleared filter or the other language: a box whose day changed shows what the URL
  // says, in the language's order; the other keeps what is being typed in it.
  const [shown, setShown] = useState({ from: filters.from, to: filters.to, locale });
  if (shown.from !== filters.from || shown.to !== filters.to || shown.locale !== locale) {
    const again = (end: End) => shown[end] !== filters[end] || shown.locale !== locale;
    setShown({ from: filters.from, to: filters.to, locale });
    setTyped((now) => ({ from: again('from') ? textOf(filters.from) : now.from, to: again('to') ? textOf(filters.to) : now.to }));
    setWrong((w) => ({ from: again('from') ? false : w.from, to: again('to') ? false : w.to }));
  }

  const dayOf = (text: string) => (text.trim() ? dayOfInput(text, locale) : '');
  const days = { from: dayOf(typed.from), to: dayOf(typed.to) };
  const rangeError = days.from && days.to && days.from > days.to ? t.filters.rangeError : undefined;

  /** Leaving a box or Enter: every box that holds a day (or nothing) applies, once they make a range. */
  const commit = (end: End) => {
    setWrong((w) => ({ ...w, [end]: days[end] === undefined }));
    if (rangeError) return;
    let next = filters;
    for (const e of ENDS) {
      const day = days[e];
      if (day !== undefined) next = withFilter(next, e, day);
    }
    if (next.from !== filters.from || next.to !== filters.to) onChange(next);
  };

  // Today in Sofia, as the example of the error.
  const [today] = useState(() => sheetDateTimeText(Date.now()).slice(0, 10));
  const example = dayInputText(today, locale);
  const dateError = format(t.filters.dateError, { format: t.filters.dateFormat, example });
  const errorOf = (end: End) => (wrong[end] ? dateError : end === 'to' ? rangeError : undefined);

  return (
    <fieldset className="sm:col-span-2">
      <legend className="sr-only">{t.list.columns.received}</legend>
      <div className="grid grid-cols-2 gap-3">
        {ENDS.map((end) => (
          <TextField
            key={end}
            id={`filter-${end}`}
            label={t.filters[end]}
            error={errorOf(end)}
            value={typed[end]}
            placeholder={t.filters.dateFormat}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={14}
            aria-describedby={[errorOf(end) && `filter-${end}-error`, 'filter-range-hint'].filter(Boolean).join(' ')}
            onChange={(e) => {
              const text = e.target.value;
              setTyped((now) => ({ ...now, [end]: text }));
              // A mistake corrected is no longer announced as one.
              if (wrong[end] && dayOf(text) !== undefined) setWrong((w) => ({ ...w, [end]: false }));
            }}
            onBlur={() => commit(end)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit(end);
            }}
          />
        ))}
      </div>
      <p id="filter-range-hint" className="mt-1 text-xs text-slate-400">
        {format(t.filters.rangeHint, { format: t.filters.dateFormat })}
      </p>
    </fieldset>
  );
}
