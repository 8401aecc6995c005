// An island as the prerender writes it: its own render, with the ids its root will hydrate with, in an
// element that names it and takes no box (`display: contents`). Only the prerender imports this module.
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nContext, type I18n } from '../use-i18n.ts';
import { idPrefixOf, ISLANDS, type IslandName } from '../island-names.ts';

export function Island({ name, i18n, children }: { name: IslandName; i18n: I18n; children: ReactNode }) {
  const html = renderToString(
    <StrictMode>
      <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
    </StrictMode>,
    { identifierPrefix: idPrefixOf(name) },
  );
  return <div className="contents" data-island={name} data-wake={ISLANDS[name]} dangerouslySetInnerHTML={{ __html: html }} />;
}
