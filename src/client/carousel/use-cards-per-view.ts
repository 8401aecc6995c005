import { useSyncExternalStore } from 'react';
import { BREAKPOINTS, cardsPerView } from './paging.ts';

type Query = { minWidth: number; list: MediaQueryList };
let cached: Query[] | undefined;

// Pixel queries, like the carousel's `min-[768px]:` classes, so script and stylesheet switch layouts
// at the same width (rem queries would move with the visitor's default font size). Made on first use:
// the prerender has no window, and React reads the snapshot on every render.
const queries = (): Query[] =>
  (cached ??= BREAKPOINTS.map(({ minWidth }) => ({
    minWidth,
    list: window.matchMedia(`(min-width: ${minWidth}px)`),
  })));

function subscribe(onChange: () => void): () => void {
  for (const { list } of queries()) list.addEventListener('change', onChange);
  return () => {
    for (const { list } of queries()) list.removeEventListener('change', onChange);
  };
}

function snapshot(): number {
  return cardsPerView(queries().find(({ list }) => list.matches)?.minWidth ?? 0);
}

/**
 * Cards side by side at the current width, or null while it is unknown: in the prerender and during
 * hydration, so both render the same markup, and the stylesheet lays the cards out until then.
 */
export function useCardsPerView(): number | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
