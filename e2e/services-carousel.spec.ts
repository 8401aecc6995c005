import { axeBuilder } from './axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { en } from '../src/content/i18n/en.ts';
import { format } from '../src/content/i18n/format.ts';
import { cardProducts } from '../src/shared/service-lines.ts';
import { hydrated, languages } from './pages.ts';

type T = typeof en;

/** Cards side by side at each width (docs/product.md, "The public site"), one width per layout. */
const layouts = [
  { width: 1300, cards: 4 },
  { width: 1100, cards: 3 },
  { width: 800, cards: 2 },
  { width: 400, cards: 1 },
] as const;

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

async function visit(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await hydrated(page);
  // The carousel is an island that wakes as it nears the screen.
  await page.locator('#services').scrollIntoViewIfNeeded();
  // Set once the page knows its width: from then on the script pages the cards.
  await expect(page.locator('#services [data-cards-per-view]')).toBeAttached();
}

/** Lets the section's transitions finish, so what is measured is where things come to rest. */
async function settle(page: Page) {
  // Only this section's: the logo strip elsewhere on the page animates for ever.
  await page.waitForFunction(() => document.getElementById('services')?.getAnimations({ subtree: true }).length === 0);
}

/**
 * The slides inside the carousel's clipped view, and the slides a keyboard or screen reader can
 * reach (not inert); the test expects both to be the same cards.
 */
async function slidesInView(page: Page) {
  return page.locator('#services [aria-roledescription="slide"]').evaluateAll((slides) => {
    const view = slides[0]?.parentElement?.parentElement?.getBoundingClientRect();
    if (!view) return { seen: [], reachable: [] };
    const indices = (keep: (slide: HTMLElement) => boolean) =>
      slides.flatMap((slide, i) => (keep(slide as HTMLElement) ? [i] : []));
    return {
      seen: indices((slide) => {
        const box = slide.getBoundingClientRect();
        return box.left >= view.left - 1 && box.right <= view.right + 1;
      }),
      reachable: indices((slide) => !slide.inert),
    };
  });
}

async function expectInView(page: Page, cards: number[]) {
  await expect.poll(() => slidesInView(page)).toEqual({ seen: cards, reachable: cards });
}

const carousel = (page: Page, t: T) => page.getByRole('region', { name: t.services.carouselLabel, exact: true });
const nextButton = (page: Page, t: T) => carousel(page, t).getByRole('button', { name: t.services.next });
const previousButton = (page: Page, t: T) => carousel(page, t).getByRole('button', { name: t.services.previous });
/** A card's button, found by position: cards out of view are inert, which role queries skip. */
const card = (page: Page, index: number) =>
  page.locator('#services [aria-roledescription="slide"]').nth(index).locator('button');

async function detailsOf(page: Page, cardButton: Locator) {
  return page.locator(`#${await cardButton.getAttribute('aria-controls')}`);
}

/** Names of the buttons in Chromium's own accessibility tree, which is what a screen reader gets. */
async function readableButtons(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes.flatMap((n) => (!n.ignored && n.role?.value === 'button' ? [String(n.name?.value ?? '')] : []));
}

/** Swipes across the middle of the cards with the mouse (pointer events, as a finger sends). */
async function swipe(page: Page, dx: number, dy = 0) {
  // The window the slides move behind: the slides' own box moves with the page shown.
  const view = page.locator('#services-slides').locator('..');
  await view.scrollIntoViewIfNeeded();
  const box = await view.boundingBox();
  if (!box) throw new Error('no slides on screen');
  const x = box.x + box.width / 2 - dx / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 6 });
  await page.mouse.up();
}

for (const { locale, path, t } of languages) {
  test.describe(`services carousel in ${locale}`, () => {
    for (const { width, cards } of layouts) {
      test(`shows ${cards} card(s) at ${width} px, with arrows only when some do not fit`, async ({ page }) => {
        await visit(page, path, width);
        await expect(carousel(page, t)).toHaveAttribute('data-cards-per-view', String(cards));
        await expectInView(page, range(0, cards));
        if (cards === 4) {
          await expect(nextButton(page, t)).toHaveCount(0);
          await expect(previousButton(page, t)).toHaveCount(0);
        } else {
          await expect(nextButton(page, t)).toBeVisible();
          await expect(previousButton(page, t)).toBeVisible();
        }
      });
    }

    test('follows the carousel pattern: named region, labelled slides, arrows that control them', async ({ page }) => {
      await visit(page, path, 400);
      const region = carousel(page, t);
      await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
      const slides = region.locator('[role="group"][aria-roledescription="slide"]');
      await expect(slides).toHaveCount(4);
      for (let i = 0; i < 4; i++) {
        await expect(slides.nth(i)).toHaveAttribute('aria-label', format(t.services.slideOf, { number: i + 1, total: 4 }));
      }
      for (const arrow of [nextButton(page, t), previousButton(page, t)]) {
        const controlled = page.locator(`#${await arrow.getAttribute('aria-controls')}`);
        await expect(controlled.locator('[aria-roledescription="slide"]')).toHaveCount(4);
      }
      for (let i = 0; i < 4; i++) await expect(card(page, i)).toHaveAccessibleName(t.services.cards[i]?.title ?? '');
      // Slides out of view can be neither focused nor read.
      await expect(slides.nth(1)).toHaveJSProperty('inert', true);
      await card(page, 1).focus();
      await expect(card(page, 1)).not.toBeFocused();
      const readable = await readableButtons(page);
      expect(readable).toContain(t.services.cards[0]?.title);
      expect(readable).not.toContain(t.services.cards[1]?.title);
    });

    test('next and previous wrap around at every width that pages', async ({ page }) => {
      const live = page.locator('#services [aria-live="polite"]');

      await visit(page, path, 400);
      await previousButton(page, t).click();
      await expectInView(page, [3]);
      await expect(live).toHaveText(
        format(t.services.showing, { range: 4, total: 4, titles: t.services.cards[3]?.title ?? '' }),
      );
      await nextButton(page, t).click();
      await expectInView(page, [0]);
      for (const expected of [1, 2, 3, 0]) {
        await nextButton(page, t).click();
        await expectInView(page, [expected]);
      }

      await page.setViewportSize({ width: 800, height: 900 });
      await expectInView(page, [0, 1]);
      await nextButton(page, t).click();
      await expectInView(page, [2, 3]);
      await expect(live).toContainText(format(t.services.range, { from: 3, to: 4 }));
      await nextButton(page, t).click();
      await expectInView(page, [0, 1]);
      await previousButton(page, t).click();
      await expectInView(page, [2, 3]);

      await page.setViewportSize({ width: 1100, height: 900 });
      await expect(carousel(page, t)).toHaveAttribute('data-cards-per-view', '3');
      // The card paged to stays in view when the width changes.
      await expectInView(page, [1, 2, 3]);
      await nextButton(page, t).click();
      await expectInView(page, [0, 1, 2]);
      await previousButton(page, t).click();
      await expectInView(page, [1, 2, 3]);
    });

    test('a card opens its details, another closes it, and clicking the open one closes it', async ({ page }) => {
      await visit(page, path, 1300);
      const first = card(page, 0);
      const second = card(page, 1);
      const firstDetails = await detailsOf(page, first);
      const secondDetails = await detailsOf(page, second);
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(firstDetails).toBeHidden();

      await first.click();
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expect(firstDetails).toBeVisible();
      await expect(firstDetails.getByRole('heading', { name: t.services.cards[0]?.title })).toBeVisible();
      const benefits = firstDetails.locator('ol > li');
      const count = t.services.cards[0]?.benefits.length ?? 0;
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(4);
      await expect(benefits).toHaveCount(count);
      for (let i = 0; i < count; i++) {
        await expect(benefits.nth(i)).toBeVisible();
        await expect(benefits.nth(i)).toContainText(`0${i + 1}`);
      }
      for (const product of cardProducts('support-automation')) {
        await expect(firstDetails.getByRole('listitem').filter({ hasText: t.products[product] })).toBeVisible();
      }

      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(secondDetails).toBeVisible();
      await expect(firstDetails).toBeHidden();
      await expect(page.locator('#services [aria-expanded="true"]')).toHaveCount(1);

      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'false');
      await expect(secondDetails).toBeHidden();
      await expect(page.locator('#services [aria-expanded="true"]')).toHaveCount(0);
    });

    test('a service with three benefits numbers three', async ({ page }) => {
      await visit(page, path, 1300);
      const index = t.services.cards.findIndex((c) => c.benefits.length === 3);
      test.skip(index === -1, 'every service has four benefits');
      const lead = card(page, index);
      await lead.click();
      await expect((await detailsOf(page, lead)).locator('ol > li')).toHaveCount(3);
    });

    test('paging on one column collapses the open service; on two columns it stays open', async ({ page }) => {
      await visit(page, path, 400);
      await card(page, 0).click();
      const details = await detailsOf(page, card(page, 0));
      await expect(details).toBeVisible();
      await nextButton(page, t).click();
      await expect(card(page, 0)).toHaveAttribute('aria-expanded', 'false');
      await expect(details).toBeHidden();

      await card(page, 1).click();
      await expect(card(page, 1)).toHaveAttribute('aria-expanded', 'true');
      await swipe(page, -150);
      await expectInView(page, [2]);
      await expect(card(page, 1)).toHaveAttribute('aria-expanded', 'false');

      await page.setViewportSize({ width: 800, height: 900 });
      await card(page, 2).click();
      await nextButton(page, t).click();
      await expectInView(page, [0, 1]);
      await expect(card(page, 2)).toHaveAttribute('aria-expanded', 'true');
      await expect(await detailsOf(page, card(page, 2))).toBeVisible();
    });

    test('a horizontal swipe pages at 400 px; a short or mostly vertical drag does not', async ({ page }) => {
      await visit(page, path, 400);
      await swipe(page, -150);
      await expectInView(page, [1]);
      // The swipe ended over a card; it must not have opened it.
      await expect(page.locator('#services [aria-expanded="true"]')).toHaveCount(0);
      await swipe(page, 150);
      await expectInView(page, [0]);
      await swipe(page, 150);
      await expectInView(page, [3]);
      await swipe(page, -30);
      await swipe(page, -60, 120);
      await settle(page);
      await expectInView(page, [3]);
    });

    test('left and right arrow keys page the carousel and keep focus on a card in view', async ({ page }) => {
      await visit(page, path, 800);
      await nextButton(page, t).focus();
      await page.keyboard.press('ArrowRight');
      await expectInView(page, [2, 3]);
      await expect(nextButton(page, t)).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expectInView(page, [0, 1]);

      await card(page, 0).focus();
      await page.keyboard.press('ArrowRight');
      await expectInView(page, [2, 3]);
      await expect(card(page, 2)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expectInView(page, [0, 1]);
      await expect(card(page, 0)).toBeFocused();
    });

    test('the page never scrolls sideways, from 360 to 1920 px, closed or open', async ({ page }) => {
      await visit(page, path, 360);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      for (const width of [360, 390, 767, 768, 1024, 1280, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await settle(page);
        expect(await overflow(), `at ${width} px`).toBeLessThanOrEqual(0);
      }
      for (const width of [1920, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await card(page, 0).click();
        await settle(page);
        expect(await overflow(), `at ${width} px with a service open`).toBeLessThanOrEqual(0);
        await card(page, 0).click();
      }
    });

    for (const width of [400, 1300]) {
      test(`axe finds no violation in the section at ${width} px, closed and with a service open`, async ({ page }) => {
        // Two axe passes over six cards: on two busy cores they take most of the default 30 s.
        test.setTimeout(90_000);
        await visit(page, path, width);
        const scan = async () => (await axeBuilder(page).include('#services').analyze()).violations;
        expect(await scan()).toEqual([]);
        await card(page, 0).click();
        await expect(await detailsOf(page, card(page, 0))).toBeVisible();
        await settle(page);
        expect(await scan()).toEqual([]);
      });
    }

    test('hydrates without console warnings or errors at every layout', async ({ page }) => {
      const messages: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
      });
      page.on('pageerror', (e) => messages.push(e.message));
      for (const { width } of layouts) {
        await visit(page, path, width);
        await page.waitForLoadState('networkidle');
      }
      expect(messages).toEqual([]);
    });
  });
}

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a finger swipes the cards sideways and still scrolls the page up and down', async ({ page }) => {
    await visit(page, '/', 400);
    const view = page.locator('#services-slides').locator('..');
    await view.scrollIntoViewIfNeeded();
    const box = await view.boundingBox();
    if (!box) throw new Error('no slides on screen');
    const cdp = await page.context().newCDPSession(page);
    const drag = async (dx: number, dy: number) => {
      const x = box.x + box.width / 2 - dx / 2;
      const y = box.y + box.height / 2 - dy / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let i = 1; i <= 8; i++) {
        const point = { x: x + (dx * i) / 8, y: y + (dy * i) / 8 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const scrollY = () => page.evaluate(() => window.scrollY);

    await drag(-160, 0);
    await expectInView(page, [1]);
    await expect(page.locator('#services [aria-expanded="true"]')).toHaveCount(0);

    const before = await scrollY();
    await drag(0, -200);
    await expect.poll(scrollY).toBeGreaterThan(before + 100);
    await settle(page);
    await expectInView(page, [1]);
  });
});

test.describe('before the script runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const { width, cards } of layouts) {
    test(`the prerendered page already lays out ${cards} card(s) at ${width} px, the rest a scroll away, with no arrow that needs the script`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const { seen } = await slidesInView(page);
      expect(seen).toEqual(range(0, cards));
      await expect(page.getByRole('button', { name: en.services.next })).toBeHidden();
      // The cards out of view scroll in, snapping whole.
      const total = en.services.cards.length;
      await page.locator('#services-slides').locator('..').evaluate((view) => view.scrollTo({ left: view.scrollWidth, behavior: 'instant' }));
      await expect.poll(async () => (await slidesInView(page)).seen).toEqual(range(total - cards, cards));
    });
  }
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('pages and opens without animation', async ({ page }) => {
    await visit(page, '/', 400);
    // Colours may still fade; nothing may move or change size.
    const moving = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('#services *')].filter((el) => {
          const style = getComputedStyle(el);
          const moves = /\b(all|transform|translate|rotate|scale|grid-template-rows|opacity)\b/.test(style.transitionProperty);
          return moves && style.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
        }).length,
      );
    await card(page, 0).click();
    expect(await moving()).toBe(0);
    await nextButton(page, en).click();
    expect(await slidesInView(page)).toEqual({ seen: [1], reachable: [1] });
  });
});
