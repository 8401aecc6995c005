// The booking dialog's choice of a call from Alex, the AI assistant: offered on the last step only
// where the server says Alex calls back, labelled with when he calls (now, or the calling hours' next
// opening on Sofia's clock), unchecked, operable from the keyboard and clean for axe; once sent, the
// thank-you panel says when Alex calls and from which number. The server's side is its unit tests'
// (server/booking/callback-offer.test.ts); here its answers carry the offer (callback-offer.ts).
import { expect, test } from '@playwright/test';
import { format } from '../src/content/i18n/format.ts';
import { axeBuilder } from './axe.ts';
import { fillUpToStep3, openBooking } from './book.ts';
import { offerCallback, OPEN_NOW, OPENS_TOMORROW } from './callback-offer.ts';
import { uniqueEmail } from './leads.ts';
import { languages } from './pages.ts';
import { NOW } from './visual-fixtures.ts';

for (const { locale, path, t } of languages) {
  const visitor = (name: string) => ({ firstName: 'Ana', email: uniqueEmail(`callback-${name}-${locale}`), phone: '+359 88 555 0199', business: 'Ana Dental' });
  // The checkbox by its whole label.
  const choice = (label: string) => ({ name: label, exact: true });

  test(`asks Alex to call now, from the keyboard, in ${locale}`, async ({ page }) => {
    const sent = await offerCallback(page, OPEN_NOW);
    await page.goto(path);
    const dialog = await openBooking(page, t);
    await fillUpToStep3(page, t, visitor('now'));
    const box = dialog.getByRole('checkbox', choice(t.booking.callNow.label));
    await expect(box).toBeVisible();
    await expect(box).not.toBeChecked();
    // What the call is, said with the choice, and the privacy notice beside it.
    await expect(box).toHaveAccessibleDescription(new RegExp(t.booking.callNow.note.split('{privacyNotice}')[0]!.trim()));
    const note = dialog.locator('#booking-call-now-note');
    await expect(note.getByRole('link', { name: t.booking.privacyNotice })).toHaveAttribute('href', locale === 'bg' ? '/bg/privacy/' : '/privacy/');
    expect((await axeBuilder(page).include('dialog').analyze()).violations).toEqual([]);

    // From the product's radio to the choice with Tab, ticked with Space.
    await dialog.getByRole('radio', { checked: true }).focus();
    await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    expect((await axeBuilder(page).include('dialog').analyze()).violations).toEqual([]);

    await dialog.getByRole('button', { name: t.booking.send }).click();
    await expect(dialog.getByRole('heading', { name: t.booking.thankYou.title })).toBeVisible();
    expect(sent.at(-1)).toMatchObject({ call_now: true });
    await expect(dialog).toContainText(t.booking.thankYou.alexNow);
    await expect(dialog).toContainText(format(t.booking.thankYou.alexFrom, { number: '+359 88 123 4567' }));
    await expect(dialog).not.toContainText(t.booking.thankYou.callback);
    expect((await axeBuilder(page).include('dialog').analyze()).violations).toEqual([]);
  });

  test(`offers Alex's call at the next opening outside the calling hours, in ${locale}`, async ({ page }) => {
    await page.clock.setFixedTime(NOW);
    const sent = await offerCallback(page, OPENS_TOMORROW);
    await page.goto(path);
    const dialog = await openBooking(page, t);
    await fillUpToStep3(page, t, visitor('later'));
    const when = { day: t.booking.callNow.tomorrow, time: '09:00' };
    const box = dialog.getByRole('checkbox', choice(format(t.booking.callNow.later, when)));
    await expect(box).not.toBeChecked();
    expect((await axeBuilder(page).include('dialog').analyze()).violations).toEqual([]);
    // Its label ticks it too.
    await dialog.getByText(format(t.booking.callNow.later, when), { exact: true }).click();
    await expect(box).toBeChecked();
    await dialog.getByRole('button', { name: t.booking.send }).click();
    await expect(dialog.getByRole('heading', { name: t.booking.thankYou.title })).toBeVisible();
    expect(sent.at(-1)).toMatchObject({ call_now: true });
    await expect(dialog).toContainText(format(t.booking.thankYou.alexLater, when));
    await expect(dialog).toContainText('+359 88 123 4567');
  });

  test(`offers no call where the server does not, and sends none unticked, in ${locale}`, async ({ page }) => {
    await page.goto(path);
    const dialog = await openBooking(page, t);
    await fillUpToStep3(page, t, visitor('none'));
    await expect(dialog.getByRole('button', { name: t.booking.send })).toBeEnabled();
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);

    await page.reload();
    const sent = await offerCallback(page, OPEN_NOW);
    const again = await openBooking(page, t);
    await expect(again.getByRole('checkbox', choice(t.booking.callNow.label))).toBeVisible();
    await again.getByRole('button', { name: t.booking.send }).click();
    await expect(again.getByRole('heading', { name: t.booking.thankYou.title })).toBeVisible();
    expect(sent.at(-1)).not.toHaveProperty('call_now');
    await expect(again).toContainText(t.booking.thankYou.callback);
  });
}
