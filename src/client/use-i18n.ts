import { createContext, useContext } from 'react';
import type { Dictionary } from '../content/i18n/format.ts';
import type { Locale } from '../shared/locale.ts';

export interface I18n {
  locale: Locale;
  t: Dictionary;
}

export const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside the App');
  return i18n;
}
