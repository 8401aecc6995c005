import { cva } from 'class-variance-authority';
import type { IconName } from '../shared/icon-names.ts';
import { FINE_STROKE, Icon } from './icons.tsx';

// Each look written whole, with no shared base: whole strings pack smaller in the first script.
const badgeVariants = cva(undefined, {
  variants: {
    look: {
      /** A service's, faint, on its card among the others. */
      faint:
        'grid size-12 place-items-center rounded-2xl bg-gradient-to-br from-indigo-500/25 to-cyan-500/25 text-cyan-200 ring-1 ring-white/10 ring-inset',
      /** A service's, in full colour, beside the heading of its details. */
      solid:
        'grid size-12 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-indigo-500 to-cyan-500 text-white shadow-lg shadow-indigo-500/25',
      /** Smaller and flat, beside a line of a list. */
      tinted: 'grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-500/15 text-indigo-300',
    },
  },
});

/** An icon on a tile. The services' icons are drawn with the fine line. */
export function IconBadge({ name, look }: { name: IconName; look: 'faint' | 'solid' | 'tinted' }) {
  return (
    <span className={badgeVariants({ look })}>
      <Icon strokeWidth={look === 'tinted' ? undefined : FINE_STROKE} name={name} className="size-6" />
    </span>
  );
}
