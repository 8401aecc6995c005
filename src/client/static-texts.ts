// The static sections' texts in the language being drawn (content/i18n/en-static.ts). Only the prerender
// draws those sections (static-sections.tsx) and gives them their texts here (entry-server.tsx), so no
// page script carries either.
import { createContext, useContext } from 'react';
import type { StaticTexts } from '../content/i18n/format.ts';
import type { Locale } from '../shared/locale.ts';
import { useI18n } from './use-i18n.ts';

export const StaticTextsContext = createContext<StaticTexts | null>(null);

/** Like useI18n, with the static sections' texts as `t`. */
export function useStaticTexts(): { t: StaticTexts; locale: Locale } {
  const texts = useContext(StaticTextsContext);
  const { locale } = useI18n();
  if (!texts) throw new Error('useStaticTexts outside the prerender');
  return { t: texts, locale };
}
