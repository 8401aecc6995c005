import type { LeadFilters } from '../../../shared/inbox.ts';
import { buttonVariants } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useInbox } from '../../inbox-context.ts';
import { Checkbox } from './checkbox.tsx';
import type { FilterKey } from './filters.ts';

interface FlagFiltersProps {
  filters: LeadFilters;
  /** How many filters are on, the search aside (filters.ts). */
  count: number;
  onSet: (key: FilterKey, value: string) => void;
  onClear: () => void;
}

/** The overdue and unread switches, and the way to clear every filter once one is on. */
export function FlagFilters({ filters, count, onSet, onClear }: FlagFiltersProps) {
  const { t } = useInbox();
  return (
    <div className="flex flex-col gap-2 sm:col-span-3 sm:flex-row sm:flex-wrap sm:items-center lg:col-span-4">
      <Checkbox id="filter-overdue" label={t.filters.overdue} checked={filters.overdue === 'true'} onChange={(on) => onSet('overdue', on ? 'true' : '')} />
      <Checkbox id="filter-unseen" label={t.filters.unseen} checked={filters.unseen === 'true'} onChange={(on) => onSet('unseen', on ? 'true' : '')} />
      {(count > 0 || filters.q) && (
        <button type="button" onClick={onClear} className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'sm:ml-auto' })}>
          <Icon name="close" className="size-4" />
          {t.filters.clear}
        </button>
      )}
    </div>
  );
}
