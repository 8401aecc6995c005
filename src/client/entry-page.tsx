import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isLocale } from '../shared/locale.ts';
import { loadDictionary } from '../content/i18n/loaders.ts';
import { AWAKE_ATTRIBUTE } from './islands/islands.ts';
import { replayPendingPress } from './pending-press.ts';
import { isSubPage, SubPageApp } from './pages/sub-page.tsx';
import { recordVisit } from './visit.ts';
import './styles.css';

// The pages beside the home page (page.html): which one is named by the root's data-page, its language
// by <html lang>; hydrated whole once its dictionary (preloaded by the page) is here. The root is the
// page's one island (islands/islands.ts): the loader holds a press on it until it has hydrated.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
const root = document.getElementById('root');
const page = root?.dataset.page;
// A visit may begin here (a link to the privacy notice): where it began is kept the same way. The funnel
// starts at the home page, so no view is reported.
recordVisit(locale, { view: false });

/** Rendered last in the root: once the page has hydrated, it is awake, and a held press is made again. */
function Awake({ root }: { root: HTMLElement }): null {
  useEffect(() => {
    root.setAttribute(AWAKE_ATTRIBUTE, '');
    replayPendingPress(root);
  }, [root]);
  return null;
}

if (root && isSubPage(page)) {
  // Hydrated as a transition, as the home page is: in slices, so the page answers input meanwhile.
  void loadDictionary(locale).then((t) =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <SubPageApp page={page} initial={{ locale, t }} />
          <Awake root={root} />
        </StrictMode>,
      );
    }),
  );
}
