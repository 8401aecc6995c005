// Hydrating one island: its own React root over the markup the prerender wrote (island-markup.tsx),
// with the page's texts, the same ids, and word back once it has committed.
import { StrictMode, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { idPrefixOf, type IslandName } from '../island-names.ts';
import { PageI18n } from '../page-i18n.tsx';

function Committed({ done }: { done: () => void }): null {
  useEffect(done, [done]);
  return null;
}

/** Hydrates `element` as the island `name`; resolves once React has committed it (its handlers attached). */
export function hydrateIsland(element: HTMLElement, name: IslandName, Island: ComponentType): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <StrictMode>
        <PageI18n>
          <Island />
          <Committed done={resolve} />
        </PageI18n>
      </StrictMode>,
      { identifierPrefix: idPrefixOf(name) },
    );
  });
}
