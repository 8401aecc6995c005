// The pages beside the home page (page.html): which one is named by the root's data-page, its language
// by <html lang>. The privacy notice and the not-found page are their prerendered HTML and islands
// (islands/), as the home page; the visitor's meeting page, all of it interactive, hydrates whole.
import { isLocale } from '../shared/locale.ts';
import { PAGE_ISLAND_CODE } from './islands/page-island-code.ts';
import { showCurrentYear, startIslands } from './islands/wake.ts';
import { currentSubPage } from './pages/sub-pages.ts';
import { recordVisit } from './visit.ts';
import './styles.css';

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
const root = document.getElementById('root');
const page = currentSubPage();
// A visit may begin here (a link to the privacy notice): where it began is kept the same way. The funnel
// starts at the home page, so no view is reported.
recordVisit(locale, { view: false });
if (page === 'meeting') {
  if (root) void import('./pages/hydrate-page.tsx').then((m) => m.hydratePage(root, page, locale));
} else {
  startIslands(locale, PAGE_ISLAND_CODE);
}
showCurrentYear();
