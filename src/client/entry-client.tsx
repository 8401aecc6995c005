// The home page's script: small, and no React. It records the visit, and wakes each island (islands/)
// when the page's loader says the visitor has reached for it (scripts/page-loader.ts), or, for the
// islands that wake in view, as they near the screen. React and an island's code load only then, or
// ahead when the browser is idle (preloaded by the loader).
import { loadDictionary } from '../content/i18n/loaders.ts';
import { isLocale } from '../shared/locale.ts';
import { ISLAND_CODE } from './islands/island-code.ts';
import { AWAKE_ATTRIBUTE, ISLAND_ATTRIBUTE, ISLANDS_REDRAWN_EVENT, isIslandName, WAKE_ISLAND } from './islands/islands.ts';
import { replayPendingPress } from './pending-press.ts';
import { recordVisit } from './visit.ts';
import { whenIdle } from './when-idle.ts';
import './styles.css';

// The server rendered this page in the language named by <html lang>; its islands wake in the same one.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
// Where the visit began, kept in the tab; and the funnel's first step (visit.ts).
recordVisit(locale, { view: true });

let texts: Promise<void> | undefined;
/** The page's texts, loaded once, for every island's root (islands/page-i18n.tsx). */
const textsLoaded = () =>
  (texts ??= Promise.all([loadDictionary(locale), import('./islands/page-i18n.tsx')]).then(([t, { setPageI18n }]) =>
    setPageI18n({ locale, t }),
  ));

let bookingPrepared = false;
const waking = new WeakMap<Element, Promise<void>>();

/**
 * Hydrates the island `element` once; a press the loader held meanwhile is made again after. Should its
 * code not arrive (offline), the island stays as drawn and the next reach tries again.
 */
function wake(element: HTMLElement): Promise<void> {
  const name = element.getAttribute(ISLAND_ATTRIBUTE);
  if (!isIslandName(name)) return Promise.resolve();
  let woken = waking.get(element);
  if (!woken) {
    woken = Promise.all([import('./islands/hydrate.tsx'), ISLAND_CODE[name](), textsLoaded()])
      .then(([{ hydrateIsland }, Island]) => hydrateIsland(element, name, Island))
      .then(() => {
        element.setAttribute(AWAKE_ATTRIBUTE, '');
        replayPendingPress(element);
        if (!bookingPrepared) {
          bookingPrepared = true;
          // The closed booking dialog drawn ahead, as every page does, once something on the page is touched.
          whenIdle(() => void import('./booking/booking-root.tsx').then((m) => m.prepareBooking()), { timeout: 4000, fallback: 2000 });
        }
      })
      .catch(() => void waking.delete(element));
    waking.set(element, woken);
  }
  return woken;
}

(window as unknown as Record<string, unknown>)[WAKE_ISLAND] = wake;

// The islands that wake in view: watched by their first element, since an island's own element takes
// no box. A margin, so one is awake by the time it is on screen.
const inView = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      inView.unobserve(entry.target);
      const island = entry.target.parentElement;
      if (island) void wake(island);
    }
  },
  { rootMargin: '50% 0px' },
);
const watch = () => {
  inView.disconnect();
  for (const island of document.querySelectorAll(`[${ISLAND_ATTRIBUTE}][data-wake="view"]:not([${AWAKE_ATTRIBUTE}])`)) {
    if (island.firstElementChild) inView.observe(island.firstElementChild);
  }
};
watch();
// A switch of language draws the islands still asleep anew: their first elements are new ones.
document.addEventListener(ISLANDS_REDRAWN_EVENT, watch);

// The footer's year, the build's in the page: today's, once a new year has begun since.
for (const year of document.querySelectorAll<HTMLElement>('[data-year]')) {
  const now = String(new Date().getFullYear());
  if (year.textContent !== now) year.textContent = now;
}
