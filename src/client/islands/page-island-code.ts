// Where the islands of the pages beside the home page are (the privacy notice, the not-found page).
import type { IslandCode } from './wake.ts';

export const PAGE_ISLAND_CODE: IslandCode = {
  'page-top-bar': () => import('./page-top-bar-island.tsx').then((m) => m.default),
  'not-found': () => import('./not-found-island.tsx').then((m) => m.default),
};
