import { createContext, useContext } from 'react';
import { dictionaries, type Dictionary } from '../content/i18n/index.ts';
import type { Locale } from '../shared/locale.ts';

export interface I18n {
  locale: Locale;
  t: Dictionary;
}

export const I18nContext = createContext<I18n>({ locale: 'en', t: dictionaries.en });

export function useI18n(): I18n {
  return useContext(I18nContext);
}
