import { format } from '../../content/i18n/format.ts';
import { SPAM_RETENTION_DAYS } from '../../shared/promises.ts';
import { buttonVariants } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useInbox } from '../inbox-context.ts';

/** No leads: none under these filters (and the way to clear them), or none at all yet. */
export function EmptyList({ filtered, spam, onClear }: { filtered: boolean; spam: boolean; onClear: () => void }) {
  const { t } = useInbox();
  return (
    <div className="rounded-2xl border border-dashed border-slate-600 p-8 text-center sm:p-12">
      <Icon name="inbox" className="mx-auto size-10 text-slate-500" />
      <p className="mt-3 text-pretty text-slate-300">
        {filtered ? t.list.empty : spam ? format(t.spam.empty, { days: SPAM_RETENTION_DAYS }) : t.list.emptyAll}
      </p>
      {filtered && (
        <button type="button" onClick={onClear} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
          {t.filters.clear}
        </button>
      )}
    </div>
  );
}
