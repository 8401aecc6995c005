import type { ReactNode } from 'react';

/** A table that scrolls sideways on a narrow screen, and can be scrolled from the keyboard. */
export function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative -mx-5 overflow-x-auto px-5 focus-visible:outline-2 focus-visible:outline-cyan-400 sm:mx-0 sm:px-0">
      {children}
    </div>
  );
}
