// The pages under their Content-Security-Policy: nothing the site does (hydration, scrolling every
// section in, the booking dialog, and on the configured server the voice SDK, a call and the chat) may
// be refused by it. Violations are read from the page's securitypolicyviolation events and from the
// console. Nothing leaves the machine: requests off loopback are aborted, and Vapi's answers for the
// call and the chat come from this file's own routes, so the shared mock's records stay untouched.
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../tools/browser.ts';
import { liveChatTexts } from '../src/content/i18n/live-chat.ts';
import { voiceCallTexts } from '../src/content/i18n/voice-call.ts';
import { languages } from './pages.ts';
import { MOCK_VAPI_URL, VOICE_URL } from './servers.ts';
import { DEAD_ROOM_URL } from './voice-setup.ts';

type T = (typeof languages)[number]['t'];

// A microphone that needs no prompt and no hardware, for the voice call below (a launch option, so it
// is set for the whole file).
test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [...(CHROMIUM_LAUNCH.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

declare global {
  interface Window {
    cspViolations?: Violation[];
  }
}

/** Starts collecting the policy's refusals before any of the page's own scripts run. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations?.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  const consoleReports: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) consoleReports.push(m.text());
  });
  await page.route(/^(https?|wss?):\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('internetdisconnected'));
  return async () => ({
    events: await page.evaluate(() => window.cspViolations ?? []),
    console: consoleReports,
  });
}

/** Every section through the viewport, top to bottom and back, so each lazy part loads. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(60);
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Opens the booking dialog from the top bar, fills the first step, moves on and closes it. */
async function openBooking(page: Page, t: T) {
  await page.getByRole('banner').getByRole('button', { name: t.nav.bookCall }).click();
  const dialog = page.getByRole('dialog', { name: t.booking.title });
  await expect(dialog).toBeVisible();
  await page.getByLabel(t.booking.firstName, { exact: true }).fill('Georgi');
  await page.getByLabel(t.booking.email).fill('georgi@example.com');
  await page.getByLabel(t.booking.phone).fill('+359 88 555 0101');
  await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
  await expect(page.getByLabel(t.booking.businessName)).toBeVisible();
  await dialog.getByRole('button', { name: t.booking.closeDialog }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/** Vapi's answers for this file alone: a web call whose room cannot be joined, and Lana's echo (JSON). */
async function answerAsVapi(page: Page) {
  await page.route(`${MOCK_VAPI_URL}/**`, (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    if (pathname === '/call/web') {
      return route.fulfill({
        status: 201,
        headers: cors,
        json: { id: 'call-csp-1', type: 'webCall', status: 'queued', webCallUrl: DEAD_ROOM_URL, assistant: {} },
      });
    }
    if (pathname === '/chat/web') {
      const input = (request.postDataJSON() as { input?: string } | null)?.input;
      return route.fulfill({
        status: 201,
        headers: cors,
        json: { id: 'chat-csp-1', sessionId: 'session-csp-1', output: [{ role: 'assistant', content: `Lana heard: ${input}` }] },
      });
    }
    return route.fulfill({ status: 404, headers: cors, json: { message: 'not answered here' } });
  });
}

test('the collector sees a refusal: a style attribute set from script is reported', async ({ page }) => {
  const violations = await watchPolicy(page);
  await page.goto('/');
  await page.evaluate(() => document.body.setAttribute('style', 'outline:1px solid red'));
  await expect.poll(async () => (await violations()).events.map((v) => v.directive)).toContain('style-src-attr');
});

for (const { locale, path, t } of languages) {
  test(`the unconfigured site in ${locale} runs under its policy without a refusal`, async ({ page }) => {
    const violations = await watchPolicy(page);
    const response = await page.goto(path);
    const policy = response?.headers()['content-security-policy'] ?? '';
    // The site's own files, and inline only the page loaders, each by its hash.
    expect(policy).toMatch(/^default-src 'self'; script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(policy).not.toContain('daily.co');
    expect(response?.headers()['permissions-policy']).toBe('microphone=()');

    await expect(page.getByRole('banner').getByRole('button', { name: t.nav.bookCall })).toBeVisible();
    await scrollThrough(page);
    await openBooking(page, t);
    expect(await violations()).toEqual({ events: [], console: [] });
  });
}

test.describe('with the voice demo and the chat configured', () => {
  test.use({ baseURL: VOICE_URL });

  for (const { locale, path, t } of languages) {
    test(`the page in ${locale}, the voice SDK, a failed call and the chat run without a refusal`, async ({ page }) => {
      // A call that fails to join takes several seconds.
      test.setTimeout(60_000);
      const violations = await watchPolicy(page);
      await answerAsVapi(page);
      const response = await page.goto(path);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain(`connect-src 'self' ${MOCK_VAPI_URL} https://*.daily.co`);
      expect(response?.headers()['permissions-policy']).toBe('microphone=(self)');

      const voice = page.locator('#voice-demo');
      // The demo, an island, wakes as the visitor scrolls near it.
      await scrollThrough(page);
      await expect(voice.getByRole('button', { name: t.alexVoice.buttonText })).toBeEnabled();
      await openBooking(page, t);

      const chat = page.locator('#chat-box');
      const texts = liveChatTexts[locale];
      await chat.getByLabel(texts.inputLabel).fill('Does the policy let me through?');
      await chat.getByRole('button', { name: texts.send }).click();
      await expect(chat.getByRole('log', { name: texts.liveLabel })).toContainText('Lana heard: Does the policy let me through?');

      await voice.getByRole('button', { name: t.alexVoice.buttonText }).click();
      await expect(voice.getByRole('alert')).toHaveText(voiceCallTexts[locale].errors.connectFailed, { timeout: 20_000 });
      expect(await violations()).toEqual({ events: [], console: [] });
    });
  }
});
