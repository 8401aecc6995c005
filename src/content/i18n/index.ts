// Every dictionary at once, for the server and the prerender. The page loads only the one it shows
// (src/content/i18n/loaders.ts).
import type { Locale } from '../../shared/locale.ts';
import { bgStatic } from './bg-static.ts';
import { bg } from './bg.ts';
import { enStatic } from './en-static.ts';
import { en } from './en.ts';
import type { SiteDictionary, StaticTexts } from './format.ts';

export { brandTexts, faqItems, fieldErrorText, format, pathOf, tooManyRequestsText, type SiteDictionary } from './format.ts';

/** The static sections' texts of each language (static-sections.tsx draws them). */
export const staticTexts: Record<Locale, StaticTexts> = { en: enStatic, bg: bgStatic };

export const dictionaries: Record<Locale, SiteDictionary> = { en: { ...en, ...enStatic }, bg: { ...bg, ...bgStatic } };
