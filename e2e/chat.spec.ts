// Lana's web chat on the server with Vapi settings (VOICE_URL), against the mock of Vapi's API, which
// streams its replies as Vapi does unless told otherwise.
import { expect, test, type Page } from '@playwright/test';
import { liveChatTexts } from '../src/content/i18n/live-chat.ts';
import { answerVisitToken, expectPageContext, todayInSofia, VISIT_TEST_TOKEN, type RecordedOverrides } from './assistant-overrides.ts';
import { awake, languages } from './pages.ts';
import { MOCK_VAPI_URL, SITE_URL, VOICE_URL } from './servers.ts';
import { VOICE_SETTINGS, type RecordedRequest } from './voice-setup.ts';

test.use({ baseURL: VOICE_URL });
// The mock's chat record and mode are shared by the tests of this file.
test.describe.configure({ mode: 'serial' });

const en = liveChatTexts.en;
const chatRequests = async (page: Page) =>
  (await page.request.get(`${MOCK_VAPI_URL}/__chat/requests`)).json() as Promise<RecordedRequest[]>;
const overridesOf = (request: RecordedRequest | undefined) =>
  (request?.body as { assistantOverrides?: RecordedOverrides } | undefined)?.assistantOverrides;
const setMode = (page: Page, mode: 'ok' | 'json' | 'failing' | 'broken' | 'held') =>
  page.request.post(`${MOCK_VAPI_URL}/__chat/mode`, { data: { mode } });

/** The chat's parts on a loaded page, in the page's language. */
function chat(page: Page, texts = en) {
  const section = page.locator('#chat-box');
  return {
    section,
    log: section.getByRole('log', { name: texts.liveLabel }),
    input: section.getByLabel(texts.inputLabel),
    send: section.getByRole('button', { name: texts.send }),
  };
}

test.beforeEach(async ({ page }) => {
  await page.request.post(`${MOCK_VAPI_URL}/__chat/reset`);
});

for (const { locale, path } of languages) {
  test(`a question gets Lana's streamed answer in the thread, and the session goes with the next one (${locale})`, async ({ page }) => {
    const texts = liveChatTexts[locale];
    await page.goto(path);
    await awake(page, 'chat-box');
    const { log, input, send } = chat(page, texts);
    await expect(log).toContainText(texts.greeting);
    const { t } = languages.find((l) => l.locale === locale)!;
    await expect(page.locator('#chat-box').getByText(t.chatBox.online, { exact: true })).toBeVisible();
    await expect(send).toBeDisabled();

    const days = [await todayInSofia(page, locale)];
    await input.fill('  What does a website cost?  ');
    await send.click();
    await expect(log).toContainText('Lana heard: What does a website cost?');
    await expect(input).toHaveValue('');
    // The thread is read as a whole once the reply is complete.
    await expect(log).toHaveAttribute('aria-busy', 'false');

    await input.fill('And how fast is it ready?');
    await input.press('Enter');
    await expect(log).toContainText('Lana heard: And how fast is it ready?');
    days.push(await todayInSofia(page, locale));

    const sent = await chatRequests(page);
    // The first message starts the conversation with the page's context; the session keeps it after.
    const { assistantOverrides, ...first } = sent[0]?.body as { assistantOverrides?: RecordedOverrides };
    expect(first).toEqual({ assistantId: VOICE_SETTINGS.chatAssistantId, input: 'What does a website cost?', stream: true });
    expectPageContext(assistantOverrides, locale, days);
    expect(assistantOverrides).not.toHaveProperty('firstMessage');
    expect(assistantOverrides).not.toHaveProperty('transcriber');
    expect(sent[1]?.body).toEqual({
      assistantId: VOICE_SETTINGS.chatAssistantId,
      input: 'And how fast is it ready?',
      stream: true,
      sessionId: 'session-e2e-0001',
    });
    expect(sent).toHaveLength(2);
    expect(sent.every((r) => r.authorization === `Bearer ${VOICE_SETTINGS.publicKey}`)).toBe(true);
  });
}

test("the first message carries the visit token our server signed for the visit's first touch, asked for once", async ({ page }) => {
  const tokenRequests = await answerVisitToken(page, 200);
  await page.goto('/?utm_source=newsletter&utm_campaign=autumn');
  await awake(page, 'chat-box');
  const { log, input, send } = chat(page);
  await expect(log).toContainText(en.greeting);
  await page.waitForLoadState('networkidle');
  expect(tokenRequests, 'not on page load').toEqual([]);

  await input.fill('Hello from the newsletter');
  await send.click();
  await expect(log).toContainText('Lana heard: Hello from the newsletter');
  await input.fill('One more thing');
  await send.click();
  await expect(log).toContainText('Lana heard: One more thing');

  const sent = await chatRequests(page);
  expect(overridesOf(sent[0])?.metadata).toEqual({ visitToken: VISIT_TEST_TOKEN });
  expect(overridesOf(sent[0])?.variableValues?.language).toBe('en');
  expect(sent[1]?.body).not.toHaveProperty('assistantOverrides');
  expect(tokenRequests).toHaveLength(1);
  expect(tokenRequests[0]?.attribution).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'autumn', landing_path: '/' });
});

test('a server that signs no visit token (404): Lana still answers, and the message carries no metadata', async ({ page }) => {
  const tokenRequests = await answerVisitToken(page, 404);
  await page.goto('/bg/?utm_source=newsletter');
  await awake(page, 'chat-box');
  const texts = liveChatTexts.bg;
  const { log, input, send } = chat(page, texts);
  await input.fill('Здравейте');
  await send.click();
  await expect(log).toContainText('Lana heard: Здравейте');

  const sent = await chatRequests(page);
  expect(overridesOf(sent[0])?.variableValues?.language).toBe('bg');
  expect(overridesOf(sent[0])).not.toHaveProperty('metadata');
  expect(tokenRequests).toHaveLength(1);
});

test('while Lana is answering, the thread says she is typing and the visitor cannot send another question', async ({ page }) => {
  await setMode(page, 'held');
  await page.goto('/');
  await awake(page, 'chat-box');
  const { section, log, input, send } = chat(page);
  await input.fill('Are you there?');
  await send.click();
  await expect(section.getByText(en.typing)).toBeVisible();
  await expect(log).toHaveAttribute('aria-busy', 'true');
  await input.fill('Hello?');
  await expect(send).toBeDisabled();

  // The question has reached Vapi's stand-in, through our server, and is held there: a release before
  // it came would free nothing, and the answer would never come.
  await expect
    .poll(async () => (await chatRequests(page)).some((r) => (r.body as { input?: unknown } | undefined)?.input === 'Are you there?'))
    .toBe(true);
  await page.request.post(`${MOCK_VAPI_URL}/__chat/release`);
  await expect(log).toContainText('Lana heard: Are you there?');
  await expect(section.getByText(en.typing)).toHaveCount(0);
  await expect(send).toBeEnabled();
});

test('an answer in one JSON body is shown as well', async ({ page }) => {
  await setMode(page, 'json');
  await page.goto('/');
  await awake(page, 'chat-box');
  const { log, input, send } = chat(page);
  await input.fill('Plain, please.');
  await send.click();
  await expect(log).toContainText('Lana heard: Plain, please.');
});

test('an error answer is said in the thread, and the visitor can go on', async ({ page }) => {
  await setMode(page, 'failing');
  await page.goto('/');
  await awake(page, 'chat-box');
  const { section, input, send } = chat(page);
  await input.fill('Hello?');
  await send.click();
  await expect(section.getByRole('alert')).toHaveText(en.failedService);
  await expect(input).toBeEnabled();
  await expect(input).toHaveValue('');
});

test('an answer that breaks off keeps what arrived and says it was cut off', async ({ page }) => {
  await setMode(page, 'broken');
  await page.goto('/');
  await awake(page, 'chat-box');
  const { section, log, input, send } = chat(page);
  await input.fill('Tell me everything.');
  await send.click();
  await expect(section.getByRole('alert')).toHaveText(en.failedCutOff);
  await expect(log).toContainText('Lana ');
  await expect(log).not.toContainText('Lana heard: Tell me everything.');
  await expect(send).toBeDisabled(); // Nothing typed yet.
  await input.fill('Again?');
  await expect(send).toBeEnabled();
});

test('too long a question cannot be sent, and the counter says how much room is left', async ({ page }) => {
  await page.goto('/');
  await awake(page, 'chat-box');
  const { section, input, send } = chat(page);
  await input.fill('Hi');
  await expect(section.getByText('498 characters left')).toBeVisible();
  // The field stops at the limit, whatever is pasted.
  await input.fill('x'.repeat(600));
  await expect(input).toHaveValue('x'.repeat(500));
  await expect(section.getByText('0 characters left')).toBeVisible();
  await expect(send).toBeEnabled();
});

test('a deployment with the chat but not the voice demo: Lana answers, the voice section says its demo is off', async ({ page }) => {
  // The same server, its page told of the chat assistant only, as VAPI_CHAT_ASSISTANT_ID without
  // VAPI_ASSISTANT_ID would (the server side of that is in site/pages.test.ts).
  // The page's script reads the settings after the document is parsed; this edits them as they arrive.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const element = document.getElementById('runtime-config');
      if (!element?.textContent) return;
      try {
        element.textContent = JSON.stringify({ ...(JSON.parse(element.textContent) as object), voice: null });
        observer.disconnect();
      } catch {
        // Not parsed whole yet: the next change will do.
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await awake(page, 'chat-box');
  await awake(page, 'voice-demo');
  const t = languages[0].t;
  await expect(page.locator('#voice-demo')).toContainText(t.alexVoice.off.notice);
  await expect(page.locator('#voice-demo').getByRole('button', { name: t.alexVoice.buttonText })).toHaveCount(0);
  const { log, input, send } = chat(page);
  await input.fill('Just the chat?');
  await send.click();
  await expect(log).toContainText('Lana heard: Just the chat?');
});

for (const { locale, path, t } of languages) {
  test(`the unconfigured site keeps the example conversation, marked as an example (${locale})`, async ({ page }) => {
    // The main test server has no Vapi settings.
    await page.goto(`${SITE_URL}${path}`);
    await awake(page, 'chat-box');
    const box = page.locator('#chat-box');
    await expect(box.getByRole('log', { name: t.chatBox.conversationLabel })).toBeVisible();
    await expect(box.getByLabel(liveChatTexts[locale].inputLabel)).toHaveCount(0);
    await expect(box.getByText(t.chatBox.example, { exact: true })).toBeVisible();
    await expect(box.getByText(t.chatBox.online, { exact: true })).toHaveCount(0);
  });
}
