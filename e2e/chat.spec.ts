// Lana's web chat on the server with Vapi settings (VOICE_URL), against the mock of Vapi's API.
import { expect, test, type Page } from '@playwright/test';
import { languages } from './pages.ts';
import { MOCK_VAPI_URL, VOICE_SETTINGS, VOICE_URL, type RecordedRequest } from './voice-setup.ts';

test.use({ baseURL: VOICE_URL });
// The mock's chat record and mode are shared by the tests of this file.
test.describe.configure({ mode: 'serial' });

const chatRequests = async (page: Page) =>
  (await page.request.get(`${MOCK_VAPI_URL}/__chat/requests`)).json() as Promise<RecordedRequest[]>;

test.beforeEach(async ({ page }) => {
  await page.request.post(`${MOCK_VAPI_URL}/__chat/reset`);
});

for (const { locale, path, t } of languages) {
  test(`a question gets Lana's answer in the thread, and the session goes with the next one (${locale})`, async ({ page }) => {
    await page.goto(path);
    const section = page.locator('#chat-box');
    const log = section.getByRole('log', { name: t.chatBox.liveLabel });
    await expect(log).toContainText(t.chatBox.greeting);
    const input = section.getByLabel(t.chatBox.inputLabel);
    const send = section.getByRole('button', { name: t.chatBox.send });
    await expect(send).toBeDisabled();

    await input.fill('  What does a website cost?  ');
    await send.click();
    await expect(log).toContainText('Lana heard: What does a website cost?');
    await expect(input).toHaveValue('');

    await input.fill('And how fast is it ready?');
    await input.press('Enter');
    await expect(log).toContainText('Lana heard: And how fast is it ready?');

    const sent = await chatRequests(page);
    expect(sent.map((r) => r.body)).toEqual([
      { assistantId: VOICE_SETTINGS.chatAssistantId, input: 'What does a website cost?' },
      { assistantId: VOICE_SETTINGS.chatAssistantId, input: 'And how fast is it ready?', sessionId: 'session-e2e-0001' },
    ]);
    expect(sent.every((r) => r.authorization === `Bearer ${VOICE_SETTINGS.publicKey}`)).toBe(true);
  });
}

test('an error answer is said in the thread, and the visitor can go on', async ({ page }) => {
  await page.request.post(`${MOCK_VAPI_URL}/__chat/mode`, { data: { mode: 'failing' } });
  await page.goto('/');
  const section = page.locator('#chat-box');
  const t = languages[0].t;
  await section.getByLabel(t.chatBox.inputLabel).fill('Hello?');
  await section.getByRole('button', { name: t.chatBox.send }).click();
  await expect(section.getByRole('alert')).toHaveText(t.chatBox.failedService);
  await expect(section.getByLabel(t.chatBox.inputLabel)).toBeEnabled();
});

test('the unconfigured site keeps the example conversation', async ({ page }) => {
  // The main test server has no Vapi settings.
  await page.goto(`http://127.0.0.1:${process.env.E2E_PORT ?? 3210}/`);
  const t = languages[0].t;
  await expect(page.locator('#chat-box').getByRole('log', { name: t.chatBox.conversationLabel })).toBeVisible();
  await expect(page.locator('#chat-box').getByLabel(t.chatBox.inputLabel)).toHaveCount(0);
});
