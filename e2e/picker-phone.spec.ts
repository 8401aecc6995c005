// The time picker on a phone (390 × 844), in both languages: once a time is chosen, it and "Book this
// time" are both on the screen; the dialog scrolls to its last control and no further (no blank tail
// under it, also after "Show more days"); a wheel over the dialog never scrolls the page behind; and
// moving a booked call says which time is held now.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pageTexts } from '../src/content/i18n/pages.ts';
import { fillUpToStep3, openBooking, sendBooking } from './book.ts';
import { uniqueEmail } from './leads.ts';
import { languages } from './pages.ts';
import { fixedMeetings, MEETING, MEETING_PATH } from './visual-fixtures.ts';

const PHONE = { width: 390, height: 844 };

/** How far the dialog scrolls past the bottom of its last visible control, in CSS pixels. */
function blankTail(dialog: Locator) {
  return dialog.evaluate((d) => {
    const top = d.getBoundingClientRect().top - d.scrollTop;
    let lowest = 0;
    for (const el of d.querySelectorAll('button, label, p, h2, h3, legend, input:not([type=radio])')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) lowest = Math.max(lowest, box.bottom - top);
    }
    return d.scrollHeight - lowest;
  });
}

async function inView(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  return box.y >= 0 && box.y + box.height <= (page.viewportSize()?.height ?? 0);
}

for (const { locale, path, t } of languages) {
  const m = t.booking.meeting;

  test(`on a phone the chosen time and its button stay in view, the dialog ends at its last control and the page stays put, in ${locale}`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await page.evaluate(() => window.scrollTo(0, 600));
    const pageScroll = await page.evaluate(() => window.scrollY);
    await openBooking(page, t);
    await fillUpToStep3(page, t, { firstName: 'Ana', email: uniqueEmail(`phone-picker-${locale}`), phone: '+359 88 555 0177', business: 'Ana Dental' });
    await sendBooking(page, t);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: m.pick }).click();
    const times = dialog.locator('label').filter({ has: page.getByRole('radio') });
    await expect(times.first()).toBeVisible();

    // A time further down the list, as a thumb picks it after a scroll.
    const later = times.nth(Math.min(10, (await times.count()) - 1));
    await later.scrollIntoViewIfNeeded();
    await later.click();
    await expect(later.getByRole('radio')).toBeChecked();
    expect(await inView(page, later), 'the chosen time is on the screen').toBe(true);
    expect(await inView(page, dialog.getByRole('button', { name: m.book })), '"Book this time" is on the screen').toBe(true);

    expect(await blankTail(dialog), 'no blank tail under the last control').toBeLessThanOrEqual(40);
    const more = dialog.getByRole('button', { name: m.moreDays });
    if (await more.count()) {
      await more.click();
      expect(await blankTail(dialog), 'no blank tail after "Show more days"').toBeLessThanOrEqual(40);
    }

    // Scrolled to its end and wheeled on: the page behind has not moved.
    await dialog.evaluate((d) => d.scrollTo(0, d.scrollHeight));
    const box = (await dialog.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 600);
    await page.mouse.move(5, 5);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.scrollY), 'the page behind stays where it was').toBe(pageScroll);
  });

  test.describe(() => {
    test.use({ timezoneId: 'Europe/Sofia' });
    test(`moving a booked call says which time it has now, in ${locale}`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await fixedMeetings(page);
    const p = pageTexts[locale].meeting;
    await page.goto(`${locale === 'bg' ? '/bg' : ''}${MEETING_PATH}`);
    await page.getByRole('button', { name: p.reschedule }).click();
    await expect(page.getByRole('radio').first()).toBeAttached();
    const when = locale === 'en' ? 'Tuesday 15 December at 11:00' : '15 декември';
    await expect(page.getByText(m.current.split('{when}')[0]!.trim())).toContainText(when);
    expect(MEETING.start).toBe('2026-12-15T09:00:00.000Z');
    });
  });
}
