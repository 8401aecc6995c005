// The home page in a browser that runs no script: it works as far as HTML allows. The language switch
// is a link, the FAQ opens, the services scroll (services-carousel.spec.ts), and "Book a Call" leads to
// the phone and email (docs/decisions/039-islands.md). Not axe: it needs script in the page.
import { expect, test } from '@playwright/test';
import { BOOK_CALL_ID } from '../src/client/sections/bottom-cta.tsx';
import { business } from '../src/content/site.ts';
import { languages, viewports } from './pages.ts';

test.use({ javaScriptEnabled: false });

for (const { locale, path, t } of languages) {
  const other = languages.find((l) => l.locale !== locale)!;

  for (const vp of viewports) {
    test(`without script, "Book a Call" leads to the phone and email, in ${locale} on a ${vp.name}`, async ({ page }) => {
      await page.setViewportSize(vp);
      await page.goto(path);
      // No button that opens the dialog: it cannot open here.
      await expect(page.getByRole('button', { name: t.nav.bookCall })).toBeHidden();
      await expect(page.locator('#hero-section').getByRole('button', { name: t.hero.cta })).toBeHidden();
      await expect(page.locator(`#${BOOK_CALL_ID}`).getByRole('button', { name: t.bottomCTA.button })).toBeHidden();

      await page.getByRole('banner').getByRole('link', { name: t.nav.bookCall }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}#${BOOK_CALL_ID}$`));
      const section = page.locator(`#${BOOK_CALL_ID}`);
      // Found by CSS: Playwright's text search skips what is inside <noscript>.
      const notice = section.locator('noscript > p').first();
      await expect(notice).toHaveText(t.bottomCTA.noScript);
      await expect(notice).toBeInViewport();
      await expect(section.getByRole('link', { name: business.phone })).toHaveAttribute('href', `tel:${business.phone.replace(/[^\d+]/g, '')}`);
      await expect(section.getByRole('link', { name: business.email })).toHaveAttribute('href', `mailto:${business.email}`);

      // The hero's call to action goes the same way.
      await page.goto(path);
      await page.locator('#hero-section').getByRole('link', { name: t.hero.cta }).click();
      await expect(notice).toBeInViewport();
    });
  }

  test(`without script the FAQ opens and the language switch is a link, in ${locale}`, async ({ page }) => {
    await page.setViewportSize(viewports[0]);
    await page.goto(path);
    const question = page.locator('#faq details').first();
    await expect(question).not.toHaveAttribute('open');
    await question.locator('summary').click();
    await expect(question).toHaveAttribute('open');
    await expect(question.locator('p')).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: other.locale, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${other.path.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(other.t.hero.highlight);
  });
}
