import { FINE_STROKE, Icon } from '../../ui/icons.tsx';

interface ArrowProps {
  direction: 'previous' | 'next';
  label: string;
  controls: string;
  onClick: () => void;
}

export function PageArrow({ direction, label, controls, onClick }: ArrowProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      onClick={onClick}
      className="grid size-12 place-items-center rounded-full border border-line bg-panel/80 text-slate-200 transition-colors hover:border-indigo-400/50 hover:bg-slate-800 hover:text-white"
    >
      <Icon strokeWidth={FINE_STROKE} name={direction === 'next' ? 'chevron-right' : 'chevron-left'} className="size-5" />
    </button>
  );
}

/** Where the visitor is among the pages. Only a picture: the live region and slide labels say it. */
export function PageDots({ pages, current }: { pages: number; current: number }) {
  return (
    <div aria-hidden="true" className="flex items-center gap-2">
      {Array.from({ length: pages }, (_, page) => (
        <span
          key={page}
          className={`h-1.5 rounded-full transition-all duration-300 motion-reduce:transition-none ${
            page === current ? 'w-8 bg-gradient-to-r from-indigo-400 to-cyan-400' : 'w-1.5 bg-slate-600'
          }`}
        />
      ))}
    </div>
  );
}
