// Waking a page's islands (island-names.ts): each hydrated once, when the page's loader says the visitor has
// reached for it (scripts/page-loader.ts), or, for the islands that wake in view, as it nears the
// screen. React and an island's code load only then, or ahead when the browser is idle (preloaded by
// the loader). Shared by the home page's entry and the other pages'.
import type { ComponentType } from 'react';
import { loadDictionary } from '../../content/i18n/loaders.ts';
import type { Locale } from '../../shared/locale.ts';
import { replayPendingPress } from '../pending-press.ts';
import { whenIdle } from '../when-idle.ts';
import { AHEAD_FETCHED, AWAKE_ATTRIBUTE, ISLAND_ATTRIBUTE, ISLANDS_REDRAWN_EVENT, isIslandName, WAKE_ISLAND, type IslandName } from '../island-names.ts';

/** Where each of a page's islands' code is: a chunk of its own, with React in a chunk they share. */
export type IslandCode = Partial<Record<IslandName, () => Promise<ComponentType>>>;

/** Resolves once the browser is idle. */
const idle = () => new Promise<void>((resolve) => whenIdle(resolve, { timeout: 4000, fallback: 2000 }));

/** Starts waking the page's islands, in the page's language (`locale`), from their code in `code`. */
export function startIslands(locale: Locale, code: IslandCode) {
  let texts: Promise<void> | undefined;
  /** The page's texts, loaded once, for every island's root (../page-i18n.tsx). */
  const textsLoaded = () =>
    (texts ??= Promise.all([loadDictionary(locale), import('../page-i18n.tsx')]).then(([t, { setPageI18n }]) =>
      setPageI18n({ locale, t }),
    ));

  let bookingPrepared = false;
  /** The closed booking dialog drawn ahead, once; `ahead` runs what it needs first, each in a task of its own. */
  const prepareBooking = (ahead: boolean) => {
    if (bookingPrepared) return;
    bookingPrepared = true;
    void (async () => {
      if (ahead) {
        await idle();
        await import('react-dom/client');
      }
      await idle();
      const [{ prepareBooking }] = await Promise.all([import('../booking/booking-root.tsx'), textsLoaded()]);
      prepareBooking();
    })().catch(() => {
      // Its code did not arrive (offline): made ready at the next wake instead.
      bookingPrepared = false;
    });
  };
  // The loader has fetched the islands' code ahead: the dialog a first press on "Book" opens is made
  // ready while the visitor reads, so that press runs none of it. React is evaluated first, on its own,
  // and the dialog drawn in a transition, so no step holds the page for long (booking-root.tsx).
  (window as unknown as Record<string, unknown>)[AHEAD_FETCHED] = () => prepareBooking(true);

  const waking = new WeakMap<Element, Promise<void>>();

  /**
   * Hydrates the island `element` once; a press the loader held meanwhile is made again after. Should
   * its code not arrive (offline), the island stays as drawn and the next reach tries again.
   */
  function wake(element: HTMLElement): Promise<void> {
    const name = element.getAttribute(ISLAND_ATTRIBUTE);
    const load = isIslandName(name) ? code[name] : undefined;
    if (!isIslandName(name) || !load) return Promise.resolve();
    let woken = waking.get(element);
    if (!woken) {
      woken = Promise.all([import('./hydrate.tsx'), load(), textsLoaded()])
        .then(([{ hydrateIsland }, Island]) => hydrateIsland(element, name, Island))
        .then(() => {
          element.setAttribute(AWAKE_ATTRIBUTE, '');
          replayPendingPress(element);
          // Nothing fetched ahead (a connection that saves data): the dialog made ready once the page is touched.
          prepareBooking(false);
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
}

/** The footer's year, the build's in the page: today's, once a new year has begun since. */
export function showCurrentYear() {
  for (const year of document.querySelectorAll<HTMLElement>('[data-year]')) {
    const now = String(new Date().getFullYear());
    if (year.textContent !== now) year.textContent = now;
  }
}
