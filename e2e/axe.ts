// axe-core as every browser test runs it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe over `page`, run in the page itself (the package's "legacy" mode). The default mode runs axe in
 * each frame and then joins the parts in a blank page it opens for the purpose: a new renderer for
 * every scan, about half of a scan's time on two shared cores. What that mode adds is frames of another
 * origin, and no page tested here has one.
 */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).setLegacyMode();
