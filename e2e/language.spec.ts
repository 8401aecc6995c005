// The language a first visit to / lands in, chosen by the server before the first byte
// (docs/architecture.md, "A language choice"): the visitor's own choice > the country the CDN reports >
// the browser's languages > English. The test server reads the country from CF-IPCountry
// (playwright.config.ts), as a site behind Cloudflare would.
import { expect, test, type Page } from '@playwright/test';
import { bg } from '../src/content/i18n/bg.ts';
import { en } from '../src/content/i18n/en.ts';
import { holdRequests, PAGE_ENTRY_SCRIPT } from './pages.ts';

async function expectEnglishAtRoot(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(en.hero.title);
}

async function expectBulgarianPage(page: Page, search = '') {
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/bg/${search}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(bg.hero.title);
}

test.describe('a browser that prefers Bulgarian', () => {
  test.use({ locale: 'bg-BG' });

  test('is sent from / to /bg/, query string kept', async ({ page }) => {
    const response = await page.goto('/?utm_source=newsletter');
    await expectBulgarianPage(page, '?utm_source=newsletter');
    const redirect = await response!.request().redirectedFrom()!.response();
    expect(redirect!.status()).toBe(302);
    expect(redirect!.headers()['cache-control']).toBe('private, no-store');
  });

  test('from Germany, by the country header, stays on the English page', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'DE' });
    await page.goto('/');
    await expectEnglishAtRoot(page);
  });
});

test.describe('a visitor the CDN places in Bulgaria', () => {
  test.use({ locale: 'en-US', extraHTTPHeaders: { 'cf-ipcountry': 'BG' } });

  test('is sent to /bg/ though the browser prefers English', async ({ page }) => {
    await page.goto('/');
    await expectBulgarianPage(page);
  });

  test('sees Bulgaria as their location', async ({ page }) => {
    const response = await page.request.get('/api/location');
    expect(await response.json()).toMatchObject({ country: 'Bulgaria', countryCode: 'BG', error: null });
  });
});

test.describe("the visitor's own choice", () => {
  test.use({ locale: 'bg-BG', extraHTTPHeaders: { 'cf-ipcountry': 'BG' } });

  test('a lang=en cookie keeps / English against both the country and the browser', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
    await page.goto('/');
    await expectEnglishAtRoot(page);
  });

  test('choosing EN in the language switcher is remembered on the next visit', async ({ page }) => {
    await page.goto('/');
    await expectBulgarianPage(page);
    await page.getByRole('list', { name: bg.nav.languages }).getByRole('link', { name: 'en', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.goto('/');
    await expectEnglishAtRoot(page);
  });

  for (const from of ['/bg/', '/bg/privacy/']) {
    test(`choosing EN on ${from} before the page has hydrated is kept as well`, async ({ page }) => {
      // The page's script held back until the visitor has pressed: the page is drawn, not yet hydrated.
      const release = await holdRequests(page, PAGE_ENTRY_SCRIPT);
      await page.goto(from);
      await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
      await page.getByRole('list', { name: bg.nav.languages }).getByRole('link', { name: 'en', exact: true }).click();
      // Held, not followed: followed now, the choice would not be remembered.
      expect(new URL(page.url()).pathname).toBe(from);
      release();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      await page.goto('/');
      await expectEnglishAtRoot(page);
    });
  }
});

test.describe('an English browser with no country known', () => {
  test.use({ locale: 'en-US' });

  test('stays on the English page at /', async ({ page }) => {
    await page.goto('/');
    await expectEnglishAtRoot(page);
  });
});
