// A phone number that can never be called back is refused, in the visitor's language: letters at once
// by the form, with the line by Next naming what to check rather than what to fill in; digits no
// country numbers its phones with by the server, the dialog going back to the phone's step with the
// server's words under the field. Nothing is stored for either.
import { expect, test } from '@playwright/test';
import { openBooking, sendBooking } from './book.ts';
import { leadsByEmail, uniqueEmail } from './leads.ts';
import { languages } from './pages.ts';

for (const { locale, path, t } of languages) {
  test(`a phone with letters, or one no country has, is refused with what to do, in ${locale}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const dialog = await openBooking(page, t);
    const email = uniqueEmail(`phone-${locale}`);
    await page.getByLabel(t.booking.firstName, { exact: true }).fill('Ana');
    await page.getByLabel(t.booking.email).fill(email);
    const phone = page.getByLabel(t.booking.phone);
    await phone.fill('0888-ABC-1234');
    await phone.blur();
    await expect(dialog).toContainText(t.booking.errors.invalidPhone);
    await expect(dialog.getByText(t.booking.toCorrect.replace('{fields}', t.booking.fieldNames.phone))).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.booking.next, exact: true })).toBeDisabled();

    // Six digits: the form's rule holds, the server's does not.
    await phone.fill('123456');
    await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
    await page.getByLabel(t.booking.businessName).fill('Ana Dental');
    await page.getByLabel(t.booking.service).selectOption({ label: t.booking.services['Support Automation'] });
    await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: t.booking.send }).click();
    await expect(phone).toBeVisible();
    await expect(dialog).toContainText(t.booking.errors.impossiblePhone);
    expect(leadsByEmail(email)).toEqual([]);

    // Corrected, it goes through.
    await phone.fill('+44 20 7946 0958');
    await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
    await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
    await sendBooking(page, t);
    expect(leadsByEmail(email)).toMatchObject([{ phone: '+44 20 7946 0958', phone_e164: '+442079460958' }]);
  });
}
