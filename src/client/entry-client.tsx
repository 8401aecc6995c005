import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isLocale } from '../shared/locale.ts';
import { App } from './app.tsx';
import { loadDictionary } from '../content/i18n/loaders.ts';
import { ReplayPendingPress } from './pending-press.tsx';
import { recordVisit } from './visit.ts';
import './styles.css';

// The server rendered this page in the language named by <html lang>; hydrate in the same one, once its
// dictionary (preloaded by the page) is here.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
const root = document.getElementById('root');
// Where the visit began, kept in the tab; and the funnel's first step (visit.ts).
recordVisit(locale, { view: true });
if (root) {
  void loadDictionary(locale).then((t) =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App initial={{ locale, t }} />
          <ReplayPendingPress />
        </StrictMode>,
      );
    }),
  );
}
