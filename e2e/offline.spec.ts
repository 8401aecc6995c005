// Offline after the first paint: the booking dialog's code cannot be fetched. The visitor gets a dialog
// in the page's language that says so and offers to try again, never a blank page; once the
// connection is back, trying again opens the booking form. The voice demo says its own.
import { axeBuilder } from './axe.ts';
import { expect, test } from '@playwright/test';
import { languages } from './pages.ts';
import { VOICE_URL } from './servers.ts';

for (const { locale, path, t } of languages) {
  test(`says the booking form could not be loaded, and loads it on a retry, in ${locale}`, async ({ page }) => {
    const errors: Error[] = [];
    page.on('pageerror', (err) => errors.push(err));
    let offline = true;
    await page.route('**/assets/booking-dialog-*.js', (route) =>
      offline ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto(path);
    const bookCall = page.getByRole('banner').getByRole('button', { name: t.nav.bookCall });
    await bookCall.click();

    const unavailable = page.getByRole('dialog', { name: t.hero.cta });
    await expect(unavailable).toContainText(t.bookingUnavailable.message);
    // The page is still there behind it.
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    expect((await axeBuilder(page).include('dialog').analyze()).violations).toEqual([]);

    // Closing gives the page back; opening again, still offline, says the same.
    await unavailable.getByRole('button', { name: t.bookingUnavailable.close }).click();
    await expect(unavailable).toBeHidden();
    await expect(bookCall).toBeFocused();
    await bookCall.click();
    await expect(unavailable).toContainText(t.bookingUnavailable.message);
    await unavailable.getByRole('button', { name: t.bookingUnavailable.retry }).click();
    await expect(unavailable).toContainText(t.bookingUnavailable.message);

    offline = false;
    await unavailable.getByRole('button', { name: t.bookingUnavailable.retry }).click();
    const dialog = page.getByRole('dialog', { name: t.booking.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(t.booking.firstName, { exact: true })).toBeFocused();
    expect(errors).toEqual([]);
  });
}

// The voice demo on the server with Alex configured: its working part, or the SDK it loads on a
// press, cannot be fetched. The section says so in the page's language; the page stays whole.
test.describe('the voice demo offline', () => {
  test.use({ baseURL: VOICE_URL });

  for (const { locale, path, t } of languages) {
    test(`says the voice assistant failed to load, whichever of its scripts is missing, in ${locale}`, async ({ page }) => {
      const errors: Error[] = [];
      page.on('pageerror', (err) => errors.push(err));
      const section = page.locator('#voice-demo');

      await page.route('**/assets/live-voice-*.js', (route) => route.abort('internetdisconnected'));
      await page.goto(path);
      // The demo is an island that wakes as it nears the screen.
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('alert')).toHaveText(t.alexVoice.initFailed);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.unrouteAll();

      await page.route('**/assets/voice-runtime-*.js', (route) => route.abort('internetdisconnected'));
      await page.goto(path);
      await section.scrollIntoViewIfNeeded();
      const button = section.getByRole('button', { name: t.alexVoice.buttonText });
      await expect(button).toBeEnabled();
      await button.click();
      await expect(section.getByRole('alert')).toHaveText(t.alexVoice.initFailed);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});
