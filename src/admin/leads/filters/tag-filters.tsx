import type { LeadFilters } from '../../../shared/inbox.ts';
import { useInbox } from '../../inbox-context.ts';
import type { FilterKey } from './filters.ts';
import { TagField } from './tag-field.tsx';

const HINT_ID = 'filter-tag-hint';

/** The visit's source and campaign tags, under one hint. */
export function TagFilters({ filters, onSet }: { filters: LeadFilters; onSet: (key: FilterKey, value: string) => void }) {
  const { t } = useInbox();
  return (
    <fieldset className="sm:col-span-3 lg:col-span-2">
      <legend className="sr-only">{t.lead.attributionTitle}</legend>
      <div className="grid grid-cols-2 gap-3">
        <TagField id="filter-source" label={t.filters.source} value={filters.source} hintId={HINT_ID} onCommit={(value) => onSet('source', value)} />
        <TagField id="filter-campaign" label={t.filters.campaign} value={filters.campaign} hintId={HINT_ID} onCommit={(value) => onSet('campaign', value)} />
      </div>
      <p id={HINT_ID} className="mt-1 text-xs text-slate-400">
        {t.filters.tagHint}
      </p>
    </fieldset>
  );
}
