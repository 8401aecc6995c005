import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dictionaries } from '../content/i18n/index.ts';
import { siteConfig } from '../content/profile.ts';
import type { Locale } from '../shared/locale.ts';
import { App } from './app.tsx';
import { headHtml, headOf } from './head.ts';

/** The page's markup and the <head> tags for one language; used by the prerender step. */
export function render(locale: Locale): { html: string; head: string } {
  const t = dictionaries[locale];
  const html = renderToString(
    <StrictMode>
      <App initial={{ locale, t }} />
    </StrictMode>,
  );
  return { html, head: headHtml(headOf({ locale, t, site: siteConfig })) };
}
