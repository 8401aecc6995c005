// Where the home page's islands are: each a chunk of its own, fetched when the island first wakes (or
// ahead, when the browser is idle; scripts/page-loader.ts), with React in a chunk they share.
import type { IslandCode } from './wake.ts';

export const ISLAND_CODE: IslandCode = {
  'top-bar': () => import('./top-bar-island.tsx').then((m) => m.default),
  hero: () => import('./hero-island.tsx').then((m) => m.default),
  services: () => import('../sections/services-carousel.tsx').then((m) => m.ServicesCarousel),
  'chat-box': () => import('../sections/chat-box.tsx').then((m) => m.ChatBox),
  'voice-demo': () => import('./voice-demo-island.tsx').then((m) => m.default),
  'bottom-cta': () => import('./bottom-cta-island.tsx').then((m) => m.default),
};
