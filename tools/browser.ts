// How every browser run here (the end-to-end tests, the bench, the build's scripts) starts Debian's
// Chromium: no browser can be downloaded on this machine, and without the background-networking
// switches Chromium keeps trying to reach outside hosts.
import type { LaunchOptions, Page } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The visitor shows they are there, reaching for nothing: they scroll the page a little, as a finger's
 * first move on a phone does. The page then makes ready what a first press needs
 * (scripts/page-loader.ts). A pointer would do too, but the first screen is the hero's island, which a
 * pointer over it wakes.
 */
export const present = (page: Page) => page.evaluate(() => window.scrollBy(0, 1));
