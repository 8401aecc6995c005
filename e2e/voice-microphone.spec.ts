// A visitor who refuses the microphone: the demo says how to allow it, and no call is created on
// Vapi's side. A browser of its own: Chromium answers every permission prompt with "deny".
import { expect, test, type Request } from '@playwright/test';
import { voiceCallTexts } from '../src/content/i18n/voice-call.ts';
import { CHROMIUM_LAUNCH } from '../tools/browser.ts';
import { awake, languages } from './pages.ts';
import { MOCK_VAPI_URL, VOICE_URL } from './servers.ts';

test.use({
  baseURL: VOICE_URL,
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    // A microphone exists (fake), but the visitor says no to the page using it.
    args: [...(CHROMIUM_LAUNCH.args ?? []), '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  },
});

for (const { locale, path, t } of languages) {
  test(`a refused microphone gets its own message and creates no call, in ${locale}`, async ({ page }) => {
    const toVapi: string[] = [];
    page.on('request', (r: Request) => {
      if (r.url().startsWith(MOCK_VAPI_URL)) toVapi.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    // Nothing may leave the machine, whatever the SDK would try.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('internetdisconnected'));
    await page.goto(path);
    await awake(page, 'voice-demo');
    const section = page.locator('#voice-demo');
    const button = section.getByRole('button', { name: t.alexVoice.buttonText });
    await expect(button).toBeEnabled();
    await button.click();

    await expect(section.getByRole('alert')).toHaveText(voiceCallTexts[locale].errors.micBlocked);
    await expect(button).toBeDisabled();
    expect(toVapi).toEqual([]);
  });
}
