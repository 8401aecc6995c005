// The home page's script: small, and no React. It records the visit and wakes each island (islands/)
// when the visitor reaches for it; React and an island's code load only then, or ahead when the
// browser is idle (preloaded by the loader, scripts/page-loader.ts).
import { isLocale } from '../shared/locale.ts';
import { ISLAND_CODE } from './islands/island-code.ts';
import { showCurrentYear, startIslands } from './islands/wake.ts';
import { recordVisit } from './visit.ts';
import './styles.css';

// The server rendered this page in the language named by <html lang>; its islands wake in the same one.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
// Where the visit began, kept in the tab; and the funnel's first step (visit.ts).
recordVisit(locale, { view: true });
startIslands(locale, ISLAND_CODE);
showCurrentYear();
