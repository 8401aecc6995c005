import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isLocale } from '../shared/locale.ts';
import { App } from './app.tsx';
import './styles.css';

// The server rendered this page in the language named by <html lang>; hydrate in the same one.
const lang = document.documentElement.lang;
const root = document.getElementById('root');
if (root) {
  hydrateRoot(
    root,
    <StrictMode>
      <App locale={isLocale(lang) ? lang : 'en'} />
    </StrictMode>,
  );
}
