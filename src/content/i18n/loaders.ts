// Each language's texts are a chunk of their own: a page downloads only its own (preloaded by the
// prerendered HTML), and the other only when the visitor switches to it.
import type { Dictionary, StaticTexts } from './format.ts';
import type { Locale } from '../../shared/locale.ts';

const loaders: Record<Locale, () => Promise<Dictionary>> = {
  en: () => import('./en.ts').then((m) => m.en),
  bg: () => import('./bg.ts').then((m) => m.bg),
};

export function loadDictionary(locale: Locale): Promise<Dictionary> {
  return loaders[locale]();
}

const staticLoaders: Record<Locale, () => Promise<StaticTexts>> = {
  en: () => import('./en-static.ts').then((m) => m.enStatic),
  bg: () => import('./bg-static.ts').then((m) => m.bgStatic),
};

/**
 * The static sections' texts (en-static.ts): the page has them drawn already, so it loads them only
 * when it needs their words in another language (a switch writes the FAQ's search data).
 */
export function loadStaticTexts(locale: Locale): Promise<StaticTexts> {
  return staticLoaders[locale]();
}
