import { format } from '../../../content/i18n/format.ts';
import { buttonVariants } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useInbox } from '../../inbox-context.ts';

/** On a phone, the button that unfolds the filters (`controls`) other than the search, with how many are on. */
export function FiltersToggle({ open, count, controls, onToggle }: { open: boolean; count: number; controls: string; onToggle: () => void }) {
  const { t } = useInbox();
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
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
  );
}
