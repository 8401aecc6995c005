// The site's pages and the screen sizes every journey is checked at.
import type { Page } from '@playwright/test';
import { bg } from '../src/content/i18n/bg.ts';
import { AWAKE_ATTRIBUTE, ISLAND_ATTRIBUTE, WAKE_ISLAND, type IslandName } from '../src/client/island-names.ts';
import { bookingTexts } from '../src/content/i18n/booking.ts';
import { en } from '../src/content/i18n/en.ts';

/** What the tests look for on each page: its dictionary, and the booking dialog's texts that load with it. */
export const languages = [
  { locale: 'en', path: '/', t: { ...en, booking: bookingTexts.en } },
  { locale: 'bg', path: '/bg/', t: { ...bg, booking: bookingTexts.bg } },
] as const;

export const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/**
 * Until the page answers: on a page of islands (the home page, the privacy notice, the not-found page),
 * until its entry has run, which wakes each island when it is reached for (src/client/islands/); on the
 * meeting page, until React has hydrated the page (its root then carries React's own property). The
 * page's scripts start once it has been drawn (scripts/page-loader.ts); a busy test machine makes that
 * wait longer.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(
    (wakeIsland) =>
      wakeIsland in window ||
      Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer$')),
    WAKE_ISLAND,
    { timeout: 30_000 },
  );

/** Until the island `name` has hydrated, waking it as a visitor would: scrolled to, and pointed at. */
export async function awake(page: Page, name: IslandName) {
  const island = `[${ISLAND_ATTRIBUTE}="${name}"]`;
  const first = page.locator(island).locator('> *').first();
  await first.scrollIntoViewIfNeeded();
  await first.hover({ position: { x: 1, y: 1 } });
  await page.waitForFunction(([selector, awakeAttribute]) => document.querySelector(selector!)?.hasAttribute(awakeAttribute!), [island, AWAKE_ATTRIBUTE], {
    timeout: 30_000,
  });
}

/** A page's entry script, the home page's or the other pages': held back, the page is drawn but not hydrated. */
export const PAGE_ENTRY_SCRIPT = /\/assets\/(index|page)-[^/]*\.js$/;

/** Holds back every request to a matching URL until the returned function is called. */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
