// Spam as the agency meets it: a script fills in the booking form's hidden field; the visitor side
// looks as usual, the request waits in the inbox's Spam view, unannounced, and an operator restores it
// as a lead. The honeypot is out of reach of people: not in the tab order, not in the accessibility tree.
import { expect, test, type Page } from '@playwright/test';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { INBOX_PATH, inboxLeadPath } from '../src/shared/inbox.ts';
import { HONEYPOT_FIELD } from '../src/shared/spam.ts';
import { fillUpToStep3, openBooking, sendBooking } from './book.ts';
import { expectAxeClean, useLanguage, workerSession } from './inbox-session.ts';
import { leadsByEmail, uniqueEmail } from './leads.ts';
import { languages } from './pages.ts';

type T = (typeof languages)[number]['t'];

/** Fills the three steps; `script` also fills the hidden field, as a form-filling script does. */
async function book(page: Page, t: T, email: string, { script }: { script: boolean }) {
  await openBooking(page, t);
  await fillUpToStep3(page, t, { firstName: 'Spamuel', email, phone: '+359 88 555 0166', business: 'Cheap SEO Ltd' });
  if (script) await page.locator(`input[name="${HONEYPOT_FIELD}"]`).fill('https://cheap-seo.example', { force: true });
  await sendBooking(page, t);
}

test('the honeypot is in no one\'s way: not reachable by Tab, not in the accessibility tree', async ({ page }) => {
  const { t } = languages[0];
  await page.goto('/');
  await openBooking(page, t);
  const focused: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    focused.push(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? ''));
  }
  expect(focused).not.toContain(HONEYPOT_FIELD);
  await expect(page.getByRole('textbox', { name: /website/i })).toHaveCount(0);
  await expect(page.locator(`input[name="${HONEYPOT_FIELD}"]`)).not.toBeInViewport();
});

for (const { locale, path, t } of languages) {
  test(`a script's request in ${locale} looks sent, waits under Spam unannounced, and an operator restores it`, async ({ page, context }) => {
    // A whole journey: a booking, an operator's log-in, three inbox pages and two axe runs.
    test.slow();
    const email = uniqueEmail(`spam-${locale}`);
    await page.goto(path);
    await book(page, t, email, { script: true });
    await expect.poll(() => leadsByEmail(email).length).toBe(1);
    const [stored] = leadsByEmail(email);
    expect(stored).toMatchObject({ spam_reason: 'honeypot', status: 'pending' });

    await context.addCookies(await workerSession());
    await useLanguage(page, locale);
    const it = inboxTexts[locale];

    // Not among the leads; in the Spam view, with why.
    await page.goto(`${INBOX_PATH}?q=${encodeURIComponent(email)}`);
    await expect(page.getByText(it.list.empty)).toBeVisible();
    await page.getByRole('navigation', { name: it.nav.label }).getByRole('link', { name: it.nav.spam, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: it.spam.title })).toBeVisible();
    await expect(page.getByRole('link', { name: it.nav.spam, exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel(it.filters.search).fill(email);
    await expect(page.getByText(it.spam.reasons.honeypot).first()).toBeVisible();
    await expectAxeClean(page, `${locale} Spam view`);

    // Its page says why, and restores it.
    await page.goto(inboxLeadPath(stored!.id));
    const banner = page.getByRole('region', { name: it.spam.banner.replace('{reason}', it.spam.reasons.honeypot) });
    await expect(banner).toBeVisible();
    await expectAxeClean(page, `${locale} spam lead`);
    await banner.getByRole('button', { name: it.spam.restore }).click();
    await expect(page.getByRole('status').filter({ hasText: it.spam.restored })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByText(it.events.restored)).toBeVisible();
    expect(leadsByEmail(email)[0]).toMatchObject({ spam_reason: null });

    // Now a lead like any other.
    await page.goto(`${INBOX_PATH}?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole('link', { name: /Spamuel/ })).toHaveCount(1);
  });
}

test('a person\'s request is a lead, not spam', async ({ page }) => {
  const email = uniqueEmail('not-spam');
  await page.goto('/');
  await book(page, languages[0].t, email, { script: false });
  await expect.poll(() => leadsByEmail(email).length).toBe(1);
  expect(leadsByEmail(email)[0]).toMatchObject({ spam_reason: null });
});
