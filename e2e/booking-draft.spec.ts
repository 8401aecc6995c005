// Nothing typed into the booking dialog is lost before it is sent: Back closes the dialog and stays on
// the page (Forward does not bring an empty form), a stray tap on the backdrop closes it, and a reload
// happens; each time the next opening starts at the same step with the same answers. Once sent, the
// next opening is a fresh form. Both languages, on a phone.
import { expect, test } from '@playwright/test';
import { openBooking, sendBooking } from './book.ts';
import { leadsByEmail, uniqueEmail } from './leads.ts';
import { languages } from './pages.ts';

for (const { locale, path, t } of languages) {
  test(`Back, the backdrop and a reload keep what was typed until it is sent, in ${locale}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const url = page.url();
    const email = uniqueEmail(`draft-${locale}`);

    let dialog = await openBooking(page, t);
    await page.getByLabel(t.booking.firstName, { exact: true }).fill('Ana');
    await page.getByLabel(t.booking.email).fill(email);
    await page.getByLabel(t.booking.phone).fill('+359 88 555 0144');
    await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
    await page.getByLabel(t.booking.businessName).fill('Ana Dental');

    // Back: the dialog closes, the page stays.
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(page.url()).toBe(url);
    dialog = await openBooking(page, t);
    await expect(page.getByLabel(t.booking.businessName)).toHaveValue('Ana Dental');
    await dialog.getByRole('button', { name: t.booking.back }).click();
    await expect(page.getByLabel(t.booking.email)).toHaveValue(email);

    // A stray tap on the backdrop.
    await page.mouse.click(4, 4);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await openBooking(page, t);
    await expect(page.getByLabel(t.booking.firstName, { exact: true })).toHaveValue('Ana');

    // A reload.
    await page.reload();
    dialog = await openBooking(page, t);
    await expect(page.getByLabel(t.booking.phone)).toHaveValue('+359 88 555 0144');
    await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
    await page.getByLabel(t.booking.service).selectOption({ label: t.booking.services['Support Automation'] });
    await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
    await dialog.getByRole('radio').first().check();
    await sendBooking(page, t);
    expect(leadsByEmail(email)).toHaveLength(1);

    // Sent: closed and opened again, the form is empty.
    await dialog.getByRole('button', { name: t.booking.closeDialog }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(page.url()).toBe(url);
    await openBooking(page, t);
    await expect(page.getByLabel(t.booking.firstName, { exact: true })).toHaveValue('');
    await expect(page.getByLabel(t.booking.email)).toHaveValue('');
  });
}
