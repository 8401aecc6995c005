// The privacy notice and the not-found page in both languages: what they say and link to, axe at both
// widths, the booking dialog on them, the notice a click away from step 3 without losing the form, and
// the version of the notice a booking records.
import { axeBuilder } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { pageTexts } from '../src/content/i18n/pages.ts';
import { pageTitle } from '../src/content/page-title.ts';
import { privacyNotices } from '../src/content/privacy-notice.ts';
import { business } from '../src/content/site.ts';
import { DEFAULT_LEAD_RETENTION_DAYS } from '../src/shared/promises.ts';
import { pathOf } from '../src/shared/site-pages.ts';
import { fillUpToStep3, openBooking } from './book.ts';
import { leadsByEmail, uniqueEmail } from './leads.ts';
import { languages, viewports } from './pages.ts';

type Language = (typeof languages)[number];

async function expectAxeClean(page: Page, what: string) {
  const { violations } = await axeBuilder(page).analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The version the notice's page shows under it: the one a booking in its language records. */
async function shownVersion(page: Page, locale: Language['locale']): Promise<string> {
  await page.goto(pathOf(locale, 'privacy'));
  const line = await page.getByText(privacyNotices[locale].version.replace('{version}', '')).textContent();
  const version = /[0-9a-f]{12}/.exec(line ?? '')?.[0];
  if (!version) throw new Error(`no version in "${line}"`);
  return version;
}

for (const { locale, t } of languages) {
  const notice = privacyNotices[locale];
  const other = languages.find((l) => l.locale !== locale)!;

  test(`the ${locale} privacy notice says who, what, why, how long, and links back to everything`, async ({ page }) => {
    const response = await page.goto(pathOf(locale, 'privacy'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page).toHaveTitle(pageTitle(notice.title, { brand: business.name, locality: t.business.locality }, locale));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notice.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${business.website}${pathOf(locale, 'privacy')}`);
    await expect(page.locator('link[hreflang="bg"]')).toHaveAttribute('href', `${business.website}/bg/privacy/`);
    await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute('href', `${business.website}/privacy/`);
    for (const heading of [notice.controller.heading, notice.collected.heading, notice.legalBasis.heading, notice.recipients.heading, notice.retention.heading, notice.rights.heading]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    // The number the server keeps to (this server runs with the default), written in at start.
    const days = new Intl.NumberFormat(locale).format(DEFAULT_LEAD_RETENTION_DAYS);
    await expect(page.getByRole('region', { name: notice.retention.heading })).toContainText(
      notice.retention.items[0]!.replace('{leadRetentionDays}', days),
    );
    await expect(page.locator('body')).not.toContainText('{{');
    await expect(page.getByRole('link', { name: business.email }).first()).toHaveAttribute('href', `mailto:${business.email}`);
    // The footer marks where the visitor is.
    await expect(page.getByRole('contentinfo').getByRole('link', { name: t.footer.privacy })).toHaveAttribute('aria-current', 'page');

    // The language switch leads to the notice in the other language.
    await page.getByRole('banner').getByRole('link', { name: other.locale, exact: true }).click();
    await expect(page).toHaveURL(pathOf(other.locale, 'privacy'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacyNotices[other.locale].title);
  });

  test(`the ${locale} privacy notice books a call from its top bar, and keeps its text once hydrated`, async ({ page }) => {
    await page.goto(pathOf(locale, 'privacy'));
    const dialog = await openBooking(page, t);
    await dialog.getByRole('button', { name: t.booking.closeDialog }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The notice is prerendered and never rendered by the page's script: hydration and a re-render leave it.
    await expect(page.getByRole('heading', { level: 2, name: notice.rights.heading })).toBeVisible();
    await expect(page.getByRole('region', { name: notice.rights.heading })).toContainText(notice.rights.rights.erasure.text);
  });

  test(`an unknown ${locale} address answers 404 with a way home and the booking dialog`, async ({ page }) => {
    const texts = pageTexts[locale].notFound;
    const response = await page.goto(locale === 'en' ? '/nope' : '/bg/nope');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.heading);

    await page.getByRole('main').getByRole('button', { name: t.hero.cta }).click();
    const dialog = page.getByRole('dialog', { name: t.booking.title });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('link', { name: texts.home }).click();
    await expect(page).toHaveURL(pathOf(locale));
    await expect(page.getByRole('banner').getByRole('button', { name: t.nav.bookCall })).toBeVisible();
  });

  for (const vp of viewports) {
    test(`the ${locale} privacy notice and not-found page are axe-clean on a ${vp.name}`, async ({ page }) => {
      await page.setViewportSize(vp);
      await page.goto(pathOf(locale, 'privacy'));
      await expectAxeClean(page, 'privacy notice');
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
      await page.goto(locale === 'en' ? '/no/such/page' : '/bg/no/such/page');
      await expectAxeClean(page, 'not-found page');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
    });
  }

  test(`the ${locale} home page's footer links to the notice`, async ({ page }) => {
    await page.goto(pathOf(locale));
    await page.getByRole('contentinfo').getByRole('link', { name: t.footer.privacy }).click();
    await expect(page).toHaveURL(pathOf(locale, 'privacy'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notice.title);
  });

  test(`step 3 in ${locale} opens the notice in a new tab, keeps the form, and the booking records the notice`, async ({ page, context }) => {
    // Two pages, a whole booking and a second tab.
    test.setTimeout(60_000);
    const version = await shownVersion(await context.newPage(), locale);
    await page.goto(pathOf(locale));
    const dialog = await openBooking(page, t);
    const email = uniqueEmail(`notice-${locale}`);
    await fillUpToStep3(page, t, { firstName: 'Mila', email, phone: '+359 88 555 0199', business: 'Mila Florist' });

    const link = dialog.getByRole('link', { name: t.booking.privacyNotice });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(pathOf(locale, 'privacy'));
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(notice.title);
    await tab.close();

    // The dialog is still open on step 3, with everything as it was typed.
    await page.bringToFront();
    await expect(dialog.getByRole('radio', { name: t.products['Customer Support Chat Assistant'] })).toBeChecked();
    await dialog.getByRole('button', { name: t.booking.back, exact: true }).click();
    await expect(page.getByLabel(t.booking.businessName)).toHaveValue('Mila Florist');
    await dialog.getByRole('button', { name: t.booking.back, exact: true }).click();
    await expect(page.getByLabel(t.booking.email)).toHaveValue(email);
    for (let step = 0; step < 2; step++) await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();

    await dialog.getByRole('button', { name: t.booking.send }).click();
    await expect(dialog.getByRole('heading', { name: t.booking.thankYou.title })).toBeVisible();
    expect(leadsByEmail(email.toLowerCase())).toMatchObject([
      { locale, privacy_notice_version: version, privacy_notice_locale: locale },
    ]);
  });
}
