// Alex, the voice demo, on a server with Vapi settings (VOICE_URL) against the mock of Vapi's API
// (mock-vapi.ts). Nothing leaves the machine: every request off loopback is aborted and recorded, so
// Daily's media join fails as it would offline, and the page must say so.
import fs from 'node:fs';
import path from 'node:path';
import { axeBuilder } from './axe.ts';
import { expect, test, type Page, type Request } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../tools/browser.ts';
import { voiceCallTexts } from '../src/content/i18n/voice-call.ts';
import { business } from '../src/content/site.ts';
import { answerVisitToken, expectPageContext, todayInSofia, VISIT_TEST_TOKEN, type RecordedOverrides } from './assistant-overrides.ts';
import { awake, hydrated, languages, viewports } from './pages.ts';
import Database from 'better-sqlite3';
import { SQLITE_FILE } from '../src/server/store/database.ts';
import { MAIL_DIR, MOCK_VAPI_URL, VOICE_DATA_DIR, VOICE_URL } from './servers.ts';
import { VOICE_SETTINGS, type RecordedRequest } from './voice-setup.ts';

test.use({
  baseURL: VOICE_URL,
  // A microphone that needs no prompt and no hardware, for this file only.
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [...(CHROMIUM_LAUNCH.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});
// The mock's record and mode are shared by the tests of this file.
test.describe.configure({ mode: 'serial' });

/** The built chunk of the Vapi SDK (and Daily inside it), from Vite's manifest. */
function sdkChunk(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join('dist/client/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest['src/client/voice/voice-runtime.ts'];
  if (!chunk) throw new Error('no Vapi chunk in the build');
  return `/${chunk.file}`;
}

const mock = {
  async reset(page: Page) {
    await page.request.post(`${MOCK_VAPI_URL}/__reset`);
  },
  async answerUnauthorized(page: Page) {
    await page.request.post(`${MOCK_VAPI_URL}/__mode`, { data: { mode: 'unauthorized' } });
  },
  async requests(page: Page): Promise<RecordedRequest[]> {
    return (await page.request.get(`${MOCK_VAPI_URL}/__requests`)).json() as Promise<RecordedRequest[]>;
  },
  /** The web calls asked for, once there is one. */
  async calls(page: Page): Promise<RecordedRequest[]> {
    const calls = async () => (await mock.requests(page)).filter((r) => r.method === 'POST' && r.path === '/call/web');
    await expect.poll(async () => (await calls()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    return calls();
  },
};

const overridesOf = (call: RecordedRequest | undefined) =>
  (call?.body as { assistantOverrides?: RecordedOverrides } | undefined)?.assistantOverrides;

/** Every request the page makes; those off loopback are aborted and kept apart. */
async function watchNetwork(page: Page) {
  const seen: string[] = [];
  const blocked: string[] = [];
  page.on('request', (r: Request) => seen.push(r.url()));
  await page.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    blocked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return { seen, blocked };
}

test.beforeEach(async ({ page }) => {
  await mock.reset(page);
});

test('fetches neither the voice SDK nor Vapi before the visitor comes near the demo or presses', async ({ page }) => {
  const { seen } = await watchNetwork(page);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const chunk = sdkChunk();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(seen.filter((url) => url.includes(chunk))).toEqual([]);
  expect(seen.filter((url) => url.startsWith(MOCK_VAPI_URL))).toEqual([]);

  // Near the section its island wakes, and the SDK is fetched ahead, still without a call to Vapi, or a visit token.
  await page.locator('#voice-demo').scrollIntoViewIfNeeded();
  const button = page.locator('#voice-demo').getByRole('button', { name: languages[0].t.alexVoice.buttonText });
  // Enabled once hydrated with the server's settings; the prerendered page (not available) is
  // hydrated as it is, without a mismatch (React's error #418 in a production build).
  await expect(button).toBeEnabled();
  expect(consoleErrors.filter((text) => /hydrat|#418|#423/i.test(text))).toEqual([]);
  await expect.poll(() => seen.filter((url) => url.includes(chunk)).length).toBe(1);
  await page.waitForTimeout(300);
  expect(await mock.requests(page)).toEqual([]);
  expect(seen.filter((url) => url.includes('/api/visit-token'))).toEqual([]);
});

for (const { locale, path: pagePath, t } of languages) {
  test(`a press asks Vapi for a web call with the public key and the assistant, and the failed join says so, in ${locale}`, async ({
    page,
  }) => {
    const { blocked } = await watchNetwork(page);
    await page.goto(pagePath);
    await awake(page, 'voice-demo');
    const section = page.locator('#voice-demo');
    const button = section.getByRole('button', { name: t.alexVoice.buttonText });
    await expect(button).toBeEnabled();
    const days = [await todayInSofia(page, locale)];
    await button.click();

    await expect(section.getByRole('alert')).toHaveText(voiceCallTexts[locale].errors.connectFailed, { timeout: 20_000 });
    await expect(section.getByRole('button', { name: t.alexVoice.buttonText })).toBeDisabled();
    days.push(await todayInSofia(page, locale));

    const calls = (await mock.requests(page)).filter((r) => r.method === 'POST' && r.path === '/call/web');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.authorization).toBe(`Bearer ${VOICE_SETTINGS.publicKey}`);
    expect(calls[0]?.body).toMatchObject({ assistantId: VOICE_SETTINGS.assistantId });
    // Alex is told the page's language, today and the services, greets in that language and listens for it.
    const overrides = overridesOf(calls[0]);
    expectPageContext(overrides, locale, days);
    expect(overrides?.firstMessage).toBe(voiceCallTexts[locale].firstMessage.replace('{brand}', business.name));
    expect(overrides?.transcriber).toEqual({ provider: 'deepgram', model: 'nova-2', language: locale });
    // Whatever Daily tried beyond loopback was stopped here, never sent.
    for (const url of blocked) expect(new URL(url).hostname).not.toBe('127.0.0.1');
  });

  test(`a key Vapi refuses (401) leaves the demo disabled with "Failed to connect", in ${locale}`, async ({ page }) => {
    await watchNetwork(page);
    await mock.answerUnauthorized(page);
    await page.goto(pagePath);
    await awake(page, 'voice-demo');
    const section = page.locator('#voice-demo');
    const axe = () => axeBuilder(page).include('#voice-demo').analyze();
    await expect(section.getByRole('button', { name: t.alexVoice.buttonText })).toBeEnabled();
    expect((await axe()).violations, 'ready').toEqual([]);
    await section.getByRole('button', { name: t.alexVoice.buttonText }).click();
    await expect(section.getByRole('alert')).toHaveText(voiceCallTexts[locale].errors.connectFailed, { timeout: 20_000 });
    await expect(section.getByRole('button', { name: t.alexVoice.buttonText })).toBeDisabled();
    expect((await mock.requests(page)).filter((r) => r.path === '/call/web')).toHaveLength(1);
    expect((await axe()).violations, 'after the error').toEqual([]);
  });
}

test("a call carries the visit token our server signed for the visit's first touch, asked for once, at the press", async ({
  page,
}) => {
  await watchNetwork(page);
  const tokenRequests = await answerVisitToken(page, 200);
  await page.goto('/?utm_source=newsletter&utm_campaign=autumn');
  await awake(page, 'voice-demo');
  const section = page.locator('#voice-demo');
  const button = section.getByRole('button', { name: languages[0].t.alexVoice.buttonText });
  await expect(button).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(tokenRequests, 'not on page load').toEqual([]);
  await button.click();

  const calls = await mock.calls(page);
  expect(calls).toHaveLength(1);
  expect(overridesOf(calls[0])?.metadata).toEqual({ visitToken: VISIT_TEST_TOKEN });
  expect(overridesOf(calls[0])?.variableValues?.language).toBe('en');
  expect(tokenRequests).toHaveLength(1);
  expect(tokenRequests[0]?.attribution).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'autumn', landing_path: '/' });
});

test('a server that signs no visit token (404) still gets the call started, without metadata', async ({ page }) => {
  await watchNetwork(page);
  const tokenRequests = await answerVisitToken(page, 404);
  await page.goto('/bg/?utm_source=newsletter');
  await awake(page, 'voice-demo');
  const section = page.locator('#voice-demo');
  const button = section.getByRole('button', { name: languages[1].t.alexVoice.buttonText });
  await expect(button).toBeEnabled();
  await button.click();

  const calls = await mock.calls(page);
  expect(calls).toHaveLength(1);
  const overrides = overridesOf(calls[0]);
  expect(overrides?.variableValues?.language).toBe('bg');
  expect(overrides).not.toHaveProperty('metadata');
  expect(tokenRequests).toHaveLength(1);
});

test('the settings in the page are the public ones only', async ({ request }) => {
  const html = await (await request.get('/bg/')).text();
  const json = /<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null';
  expect(JSON.parse(json)).toEqual({
    voice: { publicKey: VOICE_SETTINGS.publicKey, assistantId: VOICE_SETTINGS.assistantId, apiUrl: MOCK_VAPI_URL },
    chat: { publicKey: VOICE_SETTINGS.publicKey, assistantId: VOICE_SETTINGS.chatAssistantId, apiUrl: MOCK_VAPI_URL },
  });
});

test('the voice section at phone and desktop widths, ready and after a failed call', async ({ page }, testInfo) => {
  // Four failed joins of several seconds each.
  test.setTimeout(120_000);
  const { blocked } = await watchNetwork(page);
  for (const { locale, path: pagePath, t } of languages) {
    for (const vp of viewports) {
      await mock.reset(page);
      await page.setViewportSize(vp);
      await page.goto(pagePath);
      await awake(page, 'voice-demo');
      const section = page.locator('#voice-demo');
      const button = section.getByRole('button', { name: t.alexVoice.buttonText });
      await expect(button).toBeEnabled();
      await section.screenshot({ path: testInfo.outputPath(`voice-${locale}-${vp.width}-ready.png`) });
      await button.click();
      await expect(section.getByRole('alert')).toHaveText(voiceCallTexts[locale].errors.connectFailed, { timeout: 20_000 });
      await section.screenshot({ path: testInfo.outputPath(`voice-${locale}-${vp.width}-error.png`) });
    }
  }
  await testInfo.attach('requests stopped before leaving the machine', { body: [...new Set(blocked)].join('\n') });
});

test('a call from a landing with campaign tags books through the server URL: lead, meeting, invitation and conversation carry it', async ({ page }) => {
  await watchNetwork(page);
  await page.goto('/?utm_source=newsletter&utm_campaign=autumn');
  await awake(page, 'voice-demo');
  const button = page.locator('#voice-demo').getByRole('button', { name: languages[0].t.alexVoice.buttonText });
  await expect(button).toBeEnabled();
  await button.click();
  const calls = await mock.calls(page);
  const overrides = overridesOf(calls.at(-1));
  // The token this server signed for the page (not a test's stand-in).
  expect(overrides?.metadata?.visitToken).toMatch(/^v1\.[\w-]+\.[\w-]{43}$/);

  // What Vapi then sends to the server URL, echoing the call's overrides: the free times, then the booking.
  const callId = `e2e-call-${Date.now()}`;
  const email = `${callId}@example.com`;
  const vapi = (body: unknown, secret = VOICE_SETTINGS.serverSecret) =>
    page.request.post(`${VOICE_URL}/api/vapi`, { headers: { 'x-vapi-secret': secret }, data: body });
  const toolCalls = (id: string, name: string, args: Record<string, unknown>) => ({
    message: { type: 'tool-calls', call: { id: callId, type: 'webCall', assistantOverrides: overrides }, toolCallList: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] },
  });
  expect((await vapi(toolCalls(`${callId}-0`, 'find_meeting_slots', {}), 'not-the-secret')).status()).toBe(401);
  const slots = (await (await vapi(toolCalls(`${callId}-1`, 'find_meeting_slots', {}))).json()) as { results: { result: string }[] };
  expect(slots.results[0]!.result).toContain('Sofia time');
  const start = /= (\S+Z)/.exec(slots.results[0]!.result)![1]!;
  const booking = await vapi(
    toolCalls(`${callId}-2`, 'book_discovery_call', {
      first_name: 'Ana',
      email,
      phone: '+359 88 765 4321',
      business_name: 'Ana Dental',
      service: 'Call Automation Systems',
      product: 'Inbound Phone Caller (appointments & support)',
      start,
      time_zone: 'Europe/Sofia',
    }),
  );
  expect(booking.status()).toBe(200);
  const said = ((await booking.json()) as { results: { result: string }[] }).results[0]!.result;
  expect(said).toMatch(new RegExp(`^Booked for .+ Sofia time; the invitation is on its way to ${email.replaceAll('.', '\\.')}\\.$`));

  const report = await vapi({
    message: {
      type: 'end-of-call-report',
      call: { id: callId, type: 'webCall', assistantOverrides: overrides },
      endedReason: 'customer-ended-call',
      durationSeconds: 184,
      analysis: { summary: 'Ana booked a discovery call about an inbound phone assistant.' },
      artifact: { messages: [{ role: 'bot', message: 'Hi, I am Alex.' }, { role: 'user', message: 'Please book me a call.' }] },
    },
  });
  expect(await report.json()).toEqual({});

  const db = new Database(path.join(VOICE_DATA_DIR, SQLITE_FILE), { readonly: true, fileMustExist: true });
  try {
    const lead = db.prepare('select * from discovery_calls where email = ?').get(email) as Record<string, unknown>;
    expect(lead).toMatchObject({ source: 'voice', status: 'scheduled', utm_source: 'newsletter', utm_campaign: 'autumn', landing_path: '/' });
    const meeting = db.prepare('select starts_at, status from meetings where lead_id = ?').get(lead.id) as { starts_at: string; status: string };
    expect([new Date(meeting.starts_at).toISOString(), meeting.status]).toEqual([start, 'booked']);
    const conversation = db.prepare('select lead_id, summary, duration_seconds from conversations where call_id = ?').get(callId);
    expect(conversation).toEqual({ lead_id: lead.id, summary: 'Ana booked a discovery call about an inbound phone assistant.', duration_seconds: 184 });
  } finally {
    db.close();
  }
  // The invitation reached the visitor's mailbox (the SMTP stand-in keeps each mail as a file).
  await expect
    .poll(() => (fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).some((f) => fs.readFileSync(path.join(MAIL_DIR, f), 'utf8').includes(`To: ${email}`)) : false), { timeout: 20_000 })
    .toBe(true);
});
