// The page's language and texts, shared by every island's root and the booking dialog's: one switch of
// language re-renders all of them (islands/switch-language.ts).
import { useDeferredValue, useSyncExternalStore, type ReactNode } from 'react';
import { I18nContext, type I18n } from './use-i18n.ts';

let current: I18n | undefined;
const listeners = new Set<() => void>();

/** The texts shown; throws before the page has loaded its dictionary (entry-client.tsx does, first). */
export function pageI18n(): I18n {
  if (!current) throw new Error('the page has no texts yet');
  return current;
}

export function setPageI18n(i18n: I18n) {
  current = i18n;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Gives a root's tree the page's texts, and renders it again when they change; `deferred`, in a
 * transition after the switch has been drawn, for a tree not in view (the closed booking dialog).
 */
export function PageI18n({ children, deferred = false }: { children: ReactNode; deferred?: boolean }) {
  const i18n = useSyncExternalStore(subscribe, pageI18n, pageI18n);
  const later = useDeferredValue(i18n);
  return <I18nContext.Provider value={deferred ? later : i18n}>{children}</I18nContext.Provider>;
}
