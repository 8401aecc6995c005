// The visitor's meeting page, whose whole part is interactive: hydrated whole as soon as its dictionary
// is here, its root the page's one island (island-names.ts), so the loader holds a press on it until then.
import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadDictionary } from '../../content/i18n/loaders.ts';
import type { Locale } from '../../shared/locale.ts';
import { AWAKE_ATTRIBUTE } from '../island-names.ts';
import { replayPendingPress } from '../pending-press.ts';
import { SubPageApp } from './sub-page.tsx';
import type { SubPage } from './sub-pages.ts';

/** Rendered last in the root: once the page has hydrated, it is awake, and a held press is made again. */
function Awake({ root }: { root: HTMLElement }): null {
  useEffect(() => {
    root.setAttribute(AWAKE_ATTRIBUTE, '');
    replayPendingPress(root);
  }, [root]);
  return null;
}

export async function hydratePage(root: HTMLElement, page: SubPage, locale: Locale) {
  const t = await loadDictionary(locale);
  // Hydrated as a transition: in slices, so the page answers input meanwhile.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <SubPageApp page={page} initial={{ locale, t }} />
        <Awake root={root} />
      </StrictMode>,
    );
  });
}
