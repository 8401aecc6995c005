// The pages with their font file never arriving, as on a slow first visit (the faces are `optional`:
// docs/decisions/029-font-fallback.md): every figure and its label stays inside its card, whole, with the
// fallback face, with a wider system font, and with text at twice its size, on the home page in both
// languages and on the inbox's overview.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { COMPARISON_HIGHLIGHTS, CUSTOM_DEVELOPMENT, STATS, formatFigure } from '../src/content/figures.ts';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { dictionaries } from '../src/content/i18n/index.ts';
import { INBOX_PATH } from '../src/shared/inbox.ts';
import { useLanguage, workerSession } from './inbox-session.ts';
import { hydrated, languages, viewports } from './pages.ts';

/** The site's font files: aborted, the page is drawn in the fallback for good. */
const FONT_FILE = /\.woff2(\?.*)?$/;

/** A wide system font forced on every text, in place of the site's font and its fallback. */
const WIDE_FONT = '* { font-family: "DejaVu Sans", "Verdana", sans-serif !important; }';
/** Text at twice its size, as a browser's text size setting makes it: every rem doubles. */
const TEXT_ZOOM = 'html { font-size: 200% !important; }';

async function blockFont(page: Page) {
  await page.route(FONT_FILE, (route) => route.abort());
}

/** Adds a style sheet the way a reader's own style would come: through the CSSOM, which the pages' CSP leaves alone. */
async function addStyle(page: Page, css: string) {
  await page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);
}

/**
 * Where each element's text overflows: its text or box outside its card (the nearest bordered box up
 * from it, inside its borders), or its text wider than its own box. Empty when everything fits.
 */
async function overflowsOf(elements: Locator): Promise<string[]> {
  expect(await elements.count(), 'the figures are on the page').toBeGreaterThan(0);
  return elements.evaluateAll((els) => {
    const out: string[] = [];
    const slack = 1;
    for (const el of els) {
      const own = el.getBoundingClientRect();
      if (own.width === 0 && own.height === 0) continue;
      let card = el.parentElement;
      while (card && card !== document.body && parseFloat(getComputedStyle(card).borderLeftWidth) === 0) card = card.parentElement;
      if (!card) continue;
      const c = card.getBoundingClientRect();
      const inner = { left: c.left + card.clientLeft, top: c.top + card.clientTop, right: c.left + card.clientLeft + card.clientWidth, bottom: c.top + card.clientTop + card.clientHeight };
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const name = `"${(el.textContent ?? '').trim().slice(0, 40)}"`;
      const outside = (r: DOMRect) =>
        r.left < inner.left - slack || r.right > inner.right + slack || r.top < inner.top - slack || r.bottom > inner.bottom + slack;
      if (outside(text)) out.push(`${name}: text ${Math.round(text.left)}–${Math.round(text.right)} outside its card ${Math.round(inner.left)}–${Math.round(inner.right)}`);
      else if (outside(own)) out.push(`${name}: box outside its card`);
      if (getComputedStyle(el).display !== 'inline' && el.scrollWidth > el.clientWidth + slack)
        out.push(`${name}: clipped, ${el.scrollWidth} px of text in ${el.clientWidth} px`);
    }
    return out;
  });
}

/** The home page's figures and their labels: the results grid, the comparison's highlights, custom development's cards. */
function homeFigures(page: Page, locale: 'en' | 'bg'): Locator {
  const t = dictionaries[locale];
  const texts = [
    ...[...Object.values(STATS), ...Object.values(COMPARISON_HIGHLIGHTS), ...Object.values(CUSTOM_DEVELOPMENT)].map((f) => formatFigure(f, locale)),
    ...Object.values(t.stats.labels),
    ...Object.values(t.comparison.highlights),
  ];
  return page.locator('main dd, main dt, main article p > span').filter({ hasText: new RegExp(`^(${texts.map(escape).join('|')})$`) });
}

/** The inbox overview's cards: how many leads have each status. */
function inboxFigures(page: Page): Locator {
  return page.locator('section[aria-labelledby="statuses-title"] :is(dt, dd)');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openHome(page: Page, path: string, style?: string) {
  await page.goto(path);
  if (style) await addStyle(page, style);
  await expect(page.locator('#results dd').first()).toBeVisible();
}

async function openOverview(page: Page, locale: 'en' | 'bg', style?: string) {
  await page.context().addCookies(await workerSession());
  await useLanguage(page, locale);
  await page.goto(`${INBOX_PATH}/overview`);
  await expect(page.getByRole('heading', { level: 2, name: inboxTexts[locale].chart.statuses })).toBeVisible();
  if (style) await addStyle(page, style);
}

test('the fallback takes the font\'s room: the first screen, the results and the page are as tall, the figures as wide, without the font', async ({ browser }) => {
  /** The hero's heading, the results and the whole page, tall; the results' figures together, wide; in px. */
  const layoutOf = async (blocked: boolean) => {
    const page = await browser.newPage({ viewport: viewports[0] });
    if (blocked) await blockFont(page);
    // Loaded again with the font: its file, cached by then, is in time whatever the machine's load.
    await page.goto('/');
    if (!blocked) await page.reload();
    // Measured once the page has hydrated and loaded what it loads by itself, both times: a busy machine
    // may otherwise measure one before its interactive parts have taken their final height.
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    const drawnInOnest = await page.evaluate(() => [...document.fonts].some((f) => f.family === 'Onest Site' && f.status === 'loaded'));
    expect(drawnInOnest, blocked ? 'the font is blocked' : 'the font is there').toBe(!blocked);
    const sizes = await page.evaluate(() => {
      const height = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().height;
      const figures = [...document.querySelectorAll('#results dd')].map((dd) => {
        const range = document.createRange();
        range.selectNodeContents(dd);
        return range.getBoundingClientRect().width;
      });
      return { heading: height('h1'), results: height('#results'), page: document.documentElement.scrollHeight, figures: figures.reduce((a, b) => a + b, 0) };
    });
    await page.close();
    return sizes;
  };
  const withFont = await layoutOf(false);
  const withFallback = await layoutOf(true);
  for (const key of Object.keys(withFont) as (keyof typeof withFont)[]) {
    const change = Math.abs(withFallback[key] - withFont[key]) / withFont[key];
    expect(change, `${key}: ${withFont[key]} px with the font, ${withFallback[key]} px without`).toBeLessThan(0.03);
  }
});

test.describe('with its font file blocked', () => {
  test.beforeEach(({ page }) => blockFont(page));

  for (const { locale, path } of languages) {
    for (const vp of viewports) {
      test(`the home page in ${locale} at ${vp.width} px keeps every figure whole inside its card`, async ({ page }) => {
        await page.setViewportSize(vp);
        await openHome(page, path);
        expect(await overflowsOf(homeFigures(page, locale))).toEqual([]);
        // The results' figures stand on one line across each row of cards.
        const tops = await page.locator('#results dd').evaluateAll((dds) =>
          dds.map((dd) => ({ card: Math.round(dd.parentElement!.getBoundingClientRect().top), top: Math.round(dd.getBoundingClientRect().top) })),
        );
        for (const row of new Set(tops.map((x) => x.card))) {
          const inRow = tops.filter((x) => x.card === row).map((x) => x.top);
          expect(Math.max(...inRow) - Math.min(...inRow), `the figures of the row at ${row} px`).toBeLessThanOrEqual(1);
        }
      });

      test(`the inbox overview in ${locale} at ${vp.width} px keeps every figure whole inside its card`, async ({ page }) => {
        await page.setViewportSize(vp);
        await openOverview(page, locale);
        expect(await overflowsOf(inboxFigures(page))).toEqual([]);
      });
    }

    for (const [what, style] of [
      ['a wide system font', WIDE_FONT],
      ['text at 200 %', TEXT_ZOOM],
    ] as const) {
      for (const vp of viewports) {
        test(`the home page in ${locale} at ${vp.width} px, with ${what}, keeps every figure whole inside its card`, async ({ page }) => {
          await page.setViewportSize(vp);
          await openHome(page, path, style);
          expect(await overflowsOf(homeFigures(page, locale))).toEqual([]);
        });

        test(`the inbox overview in ${locale} at ${vp.width} px, with ${what}, keeps every figure whole inside its card`, async ({ page }) => {
          await page.setViewportSize(vp);
          await openOverview(page, locale, style);
          expect(await overflowsOf(inboxFigures(page))).toEqual([]);
        });
      }
    }
  }
});
