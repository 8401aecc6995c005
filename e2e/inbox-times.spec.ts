// The inbox on a device far from Sofia: a browser in New York set to American English shows every time
// on Sofia's 24-hour clock in the inbox's language, and the date filter takes Sofia's days typed as that
// language writes a date, not as the browser's own date box would.
import { expect, test } from '@playwright/test';
import { format } from '../src/content/i18n/format.ts';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { INBOX_PATH, inboxLeadPath } from '../src/shared/inbox.ts';
import { testLead } from '../src/server/testing/leads.ts';
import { expectAxeClean, useLanguage, workerSession } from './inbox-session.ts';
import { storeLeads } from './leads.ts';

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

const tag = `sofiatime${Date.now().toString(36)}`;
// 23:18 in Sofia on 26 November (UTC+2), 16:18 in New York.
const evening = testLead({ first_name: `Late ${tag}`, created_at: '2026-11-26T21:18:00.000Z' });
// 00:30 in Sofia on the 27th, still the 26th in UTC and in New York.
const pastMidnight = testLead({ first_name: `Early ${tag}`, created_at: '2026-11-26T22:30:00.000Z' });

const SHOWN = { en: '26 Nov 2026, 23:18', bg: '26.11.2026 г., 23:18' } as const;
const TYPED = { en: ['2026-11-26', '2026-11-27'], bg: ['26.11.2026', '27.11.2026'] } as const;

test.beforeAll(() => storeLeads([evening, pastMidnight]));
test.beforeEach(async ({ context }) => context.addCookies(await workerSession()));

for (const locale of ['en', 'bg'] as const) {
  const t = inboxTexts[locale];

  test(`shows a lead's time on Sofia's 24-hour clock in New York, in ${locale}`, async ({ page }) => {
    await useLanguage(page, locale);
    await page.setViewportSize({ width: 1440, height: 900 });
    // The browser's own clock says otherwise.
    expect(await page.evaluate(() => new Date('2026-11-26T21:18:00.000Z').toLocaleString())).toBe('11/26/2026, 4:18:00 PM');
    await page.goto(inboxLeadPath(evening.id!));
    await expect(page.getByRole('heading', { level: 1, name: evening.first_name })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(SHOWN[locale]).first()).toBeVisible();
    await expect(page.getByRole('region', { name: t.lead.timeline })).toContainText(SHOWN[locale]);
    await expect(main).not.toContainText(/\b(4|9):18\b|[AP]M\b/);
  });

  test(`filters by Sofia days typed as ${locale} writes them, by keyboard`, async ({ page }) => {
    await useLanguage(page, locale);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${INBOX_PATH}?q=${tag}`);
    const late = page.getByRole('link', { name: evening.first_name });
    const early = page.getByRole('link', { name: pastMidnight.first_name });
    await expect(late).toBeVisible();
    await expect(early).toBeVisible();

    const from = page.getByLabel(t.filters.from);
    const to = page.getByLabel(t.filters.to);
    await expect(from).not.toHaveAttribute('type', 'date');
    await expect(from).toHaveAttribute('placeholder', t.filters.dateFormat);
    await expect(page.getByText(format(t.filters.rangeHint, { format: t.filters.dateFormat }))).toBeVisible();

    // The 26th in Sofia: the 23:18 lead, not the one half an hour after its midnight.
    const [day26, day27] = TYPED[locale];
    await from.focus();
    await page.keyboard.type(day26);
    await page.keyboard.press('Tab');
    await expect(to).toBeFocused();
    await page.keyboard.type(day26);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=2026-11-26&to=2026-11-26`));
    await expect(late).toBeVisible();
    await expect(early).toBeHidden();

    await to.fill(day27);
    await to.press('Enter');
    await from.fill(day27);
    await from.press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=2026-11-27&to=2026-11-27`));
    await expect(early).toBeVisible();
    await expect(late).toBeHidden();

    // An end before the start is refused; moving the start then applies both.
    await to.fill(day26);
    await to.press('Enter');
    await expect(page.getByText(t.filters.rangeError)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`from=2026-11-27&to=2026-11-27`));
    await from.fill(day26);
    await from.press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=2026-11-26&to=2026-11-26`));
    await expect(page.getByText(t.filters.rangeError)).toBeHidden();
    await expect(late).toBeVisible();

    // The browser's order is not the inbox's: refused with the format to use, and the list keeps its days.
    await from.fill('11/26/2026');
    await from.press('Enter');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    const error = page.locator('#filter-from-error');
    await expect(error).toContainText(t.filters.dateFormat);
    await expect(from).toHaveAttribute('aria-describedby', /filter-from-error/);
    await expect(page).toHaveURL(new RegExp(`from=2026-11-26`));
    await expectAxeClean(page, 'date filter');
  });
}
