// What a person sees first: on every page, the content starts right under the top bar. Nothing that
// is not content (the icon sprite, a script's mount point) takes room in the page's flow: an icon
// sprite drawn as an empty 300×150 box once pushed every page's first heading 150 px down.
import { expect, test, type Page } from '@playwright/test';
import { AGENDA_PATH, INBOX_PATH, OVERVIEW_PATH } from '../src/admin/routes.ts';
import { fillUpToStep3, openBooking } from './book.ts';
import { useLanguage, workerSession } from './inbox-session.ts';
import { uniqueEmail } from './leads.ts';
import { languages } from './pages.ts';

const WIDTHS = [390, 1440] as const;
/** From the top bar's bottom edge to the first line of text in <main>: the largest seen is 97 px (the hero at 1440 px). */
const MAX_GAP = 120;

/** The top bar's bottom, the first line of text in <main>, and whatever beside them takes room in <body> before <main>. */
async function firstScreen(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const header = document.querySelector('header');
    if (!main || !header) return { missing: `${main ? '' : 'main '}${header ? '' : 'header'}` };
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    let first: number | undefined;
    for (let node = walker.nextNode(); node && first === undefined; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.height > 0) first = box.top;
    }
    // Every element in the body that is neither the top bar, nor <main>, nor holds them, and comes
    // before <main>: none may take room.
    const inTheWay: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (element === header || header.contains(element) || element.contains(header) || element.contains(main) || main.contains(element)) continue;
      if (!(element.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width * box.height > 0 && style.position !== 'fixed' && style.position !== 'absolute') {
        inTheWay.push(`<${element.tagName.toLowerCase()}> ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return { headerBottom: header.getBoundingClientRect().bottom, first, inTheWay };
  });
}

for (const width of WIDTHS) {
  for (const path of ['/', '/bg/', '/privacy/', '/bg/privacy/']) {
    test(`${path} at ${width} px: the content starts right under the top bar`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(path);
      const screen = await firstScreen(page);
      expect(screen.missing).toBeUndefined();
      expect(screen.inTheWay, 'nothing but the top bar before <main> takes room').toEqual([]);
      expect(screen.first! - screen.headerBottom!, 'from the top bar to the first line of text').toBeLessThanOrEqual(MAX_GAP);
      expect(screen.first! - screen.headerBottom!).toBeGreaterThanOrEqual(0);
    });
  }

  test(`the inbox at ${width} px: its content starts right under its top bar`, async ({ page, context }) => {
    await context.addCookies(await workerSession());
    await useLanguage(page, 'en');
    await page.setViewportSize({ width, height: 844 });
    for (const path of [INBOX_PATH, AGENDA_PATH, OVERVIEW_PATH]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const screen = await firstScreen(page);
      expect(screen.missing, path).toBeUndefined();
      expect(screen.inTheWay, `${path}: nothing but the top bar before <main> takes room`).toEqual([]);
      expect(screen.first! - screen.headerBottom!, `${path}: from the top bar to the first line of text`).toBeLessThanOrEqual(MAX_GAP);
    }
  });
}

for (const { locale, path, t } of languages) {
  test(`step 3's choices keep their round buttons whole when a label wraps, and the close button comes first, in ${locale} at 390 px`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await openBooking(page, t);
    await fillUpToStep3(page, t, { firstName: 'Ana', email: uniqueEmail(`radios-${locale}`), phone: '+359 88 555 0166', business: 'Ana Dental' });
    const radios = page.getByRole('dialog').getByRole('radio');
    const sizes = await radios.evaluateAll((all) => all.map((r) => [Math.round(r.getBoundingClientRect().width), Math.round(r.getBoundingClientRect().height)]));
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) expect(size, 'a radio button 16 × 16 px').toEqual([16, 16]);
    // The close button comes first in the dialog's tab order.
    const first = await page.getByRole('dialog').evaluate((d) => d.querySelector('button, a[href], input:not([tabindex="-1"]), select, textarea')?.getAttribute('aria-label'));
    expect(first).toBe(t.booking.closeDialog);
  });
}

for (const { locale, path, t } of languages) {
  test(`the hero's glimpse of Lana is labelled an example, never "Online", in ${locale} at 1440 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByText(t.chatBox.assistantName, { exact: true })).toBeVisible();
    await expect(hero.getByText(t.chatBox.example, { exact: true })).toBeVisible();
    await expect(hero.getByText(t.chatBox.online, { exact: true })).toHaveCount(0);
  });
}
