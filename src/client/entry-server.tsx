import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dictionaries, pathOf } from '../content/i18n/index.ts';
import { business } from '../content/site.ts';
import { LOCALES, type Locale } from '../shared/locale.ts';
import { App } from './app.tsx';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's markup and the <head> tags for one language; used by the prerender step. */
export function render(locale: Locale): { html: string; head: string } {
  const t = dictionaries[locale];
  const html = renderToString(
    <StrictMode>
      <App initial={{ locale, t }} />
    </StrictMode>,
  );
  const url = (l: Locale) => new URL(pathOf(l), business.website).href;
  const head = [
    `<title>${escape(t.meta.title)}</title>`,
    `<meta name="description" content="${escape(t.meta.description)}" />`,
    `<link rel="canonical" href="${url(locale)}" />`,
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${url(l)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${url('en')}" />`,
  ].join('\n    ');
  return { html, head };
}
