// Every dictionary at once, for the server and the prerender. The page loads only the one it shows
// (src/client/load-dictionary.ts).
import type { Locale } from '../../shared/locale.ts';
import { bg } from './bg.ts';
import { en, type Dictionary } from './en.ts';

export { brandTexts, faqItems, fieldErrorText, format, localeOfPath, pathOf, tooManyRequestsText, type Dictionary } from './format.ts';

export const dictionaries: Record<Locale, Dictionary> = { en, bg };
