// The page's language and texts, shared by every island's root and the booking dialog's: one switch of
// language re-renders all of them (switch-language.ts).
import { useSyncExternalStore, type ReactNode } from 'react';
import { I18nContext, type I18n } from '../use-i18n.ts';

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

/** Gives a root's tree the page's texts, and renders it again when they change. */
export function PageI18n({ children }: { children: ReactNode }) {
  const i18n = useSyncExternalStore(subscribe, pageI18n, pageI18n);
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}
