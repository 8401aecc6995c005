// After the request, the visitor picks the call's time on the thank-you panel: the free slots on their
// own clock (here Kathmandu's, UTC+05:45) with Sofia's beside, chosen by keyboard alone, booked, and
// said back in both times; a time taken meanwhile says so and the list comes fresh. Both languages,
// axe on each state.
import { axeBuilder } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { apiMessages } from '../src/content/i18n/api-messages.ts';
import { format } from '../src/content/i18n/format.ts';
import type { MeetingSlotsJson } from '../src/shared/meetings.ts';
import { fillUpToStep3, openBooking, sendBooking } from './book.ts';
import { leadsByEmail, uniqueEmail } from './leads.ts';
import { languages, viewports } from './pages.ts';

test.use({ timezoneId: 'Asia/Kathmandu' });
// One after another: they book from the same list of slots, and two at once would take each other's.
test.describe.configure({ mode: 'serial' });

const axe = async (page: Page) => (await axeBuilder(page).include('dialog').analyze()).violations;

for (const { locale, path, t } of languages) {
  const m = t.booking.meeting;
  for (const vp of viewports) {
    test(`picks the call's time by keyboard after the request, in ${locale} on a ${vp.name}`, async ({ page }) => {
      // Two axe runs over a dialog of some sixty times on the full page behind it: slow on a busy machine.
      test.slow();
      await page.setViewportSize(vp);
      await page.goto(path);
      await openBooking(page, t);
      const email = uniqueEmail(`meeting-${locale}-${vp.name}`);
      await fillUpToStep3(page, t, { firstName: 'Ana', email, phone: '+359 88 555 0199', business: 'Ana Dental' });
      await sendBooking(page, t);
      const dialog = page.getByRole('dialog');
      // The panel as it was, with the one choice more.
      await expect(dialog).toContainText(t.booking.thankYou.callback);
      await expect(dialog).toContainText(m.orWait);
      // The main next step has focus; the call's own page is linked, to pick a time after closing.
      await expect(dialog.getByRole('button', { name: m.pick })).toBeFocused();
      await expect(dialog.getByRole('link', { name: m.laterLink })).toHaveAttribute('href', new RegExp(`^${locale === 'bg' ? '/bg' : ''}/meeting/[\\w-]+\\.[\\w-]+$`));
      await dialog.getByRole('button', { name: m.pick }).click();

      await expect(dialog.getByRole('heading', { name: m.title })).toBeFocused();
      // The zone by its name and offset (Chromium spells the id Asia/Katmandu).
      await expect(dialog).toContainText(m.zoneWithSofia.split('{zone}')[0]!);
      await expect(dialog).toContainText(locale === 'en' ? 'Nepal Time, GMT+5:45' : '+5:45');
      const radios = dialog.getByRole('radio');
      await expect(radios.first()).toBeAttached();
      // Kathmandu's clock is 3 h 45 min ahead of Sofia's in winter: every time ends in :15 or :45.
      const firstLabel = await dialog.locator('label').first().innerText();
      expect(firstLabel).toMatch(/^\d\d:(15|45)\s/);
      expect(firstLabel).toContain(format(m.sofia, { time: '' }).trim());
      expect(await axe(page)).toEqual([]);

      // Keyboard alone: into the times, the second one, and Enter books it.
      await page.keyboard.press('Tab');
      await expect(radios.first()).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(radios.nth(1)).toBeChecked();
      const chosen = await radios.nth(1).getAttribute('value');
      await page.keyboard.press('Enter');

      const booked = dialog.getByRole('status').filter({ hasText: m.bookedNext });
      await expect(booked).toBeFocused();
      await expect(booked).toContainText(m.booked.split('{when}')[0]!.trim());
      await expect(booked).toContainText(m.bookedSofia.split('{time}')[0]!.trim());
      await expect(dialog.getByRole('button', { name: m.pick })).toHaveCount(0);
      // What is true now: the call is booked, so no call "to schedule" it is promised, and no link to pick one.
      await expect(dialog).not.toContainText(t.booking.thankYou.callback);
      await expect(dialog.getByRole('link', { name: m.laterLink })).toHaveCount(0);
      expect(await axe(page)).toEqual([]);
      expect(leadsByEmail(email)).toMatchObject([{ status: 'scheduled' }]);

      // That time is no longer offered to anyone.
      const { slots } = (await (await page.request.get('/api/meeting-slots?tz=UTC')).json()) as MeetingSlotsJson;
      expect(slots.map((s) => s.start)).not.toContain(chosen);
    });
  }

  test(`says a time was just taken and shows the fresh list, in ${locale}`, async ({ page }) => {
    await page.goto(path);
    await openBooking(page, t);
    await fillUpToStep3(page, t, { firstName: 'Ivo', email: uniqueEmail(`taken-${locale}`), phone: '+359 88 555 0188', business: 'Ivo Cars' });
    await sendBooking(page, t);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: m.pick }).click();
    const radios = dialog.getByRole('radio');
    await expect(radios.first()).toBeAttached();
    const wanted = (await radios.nth(2).getAttribute('value'))!;

    // Another visitor books that time first.
    const other = await page.request.post('/api/discovery-calls', {
      data: { first_name: 'Mila', email: uniqueEmail(`first-${locale}`), phone: '+359 88 555 0177', business_name: 'Mila Shop', service: 'Other', product: '', custom_service: 'A chatbot', locale },
    });
    const { meetingToken } = (await other.json()) as { meetingToken: string };
    expect((await page.request.post('/api/meetings', { data: { token: meetingToken, start: wanted } })).status()).toBe(201);

    await dialog.locator('label', { has: page.locator(`input[value="${wanted}"]`) }).click();
    await dialog.getByRole('button', { name: m.book }).click();
    await expect(dialog.getByRole('alert')).toHaveText(apiMessages[locale].slotTaken);
    await expect(dialog.locator(`input[value="${wanted}"]`)).toHaveCount(0);
    await expect(radios.first()).toBeAttached();
  });
}
