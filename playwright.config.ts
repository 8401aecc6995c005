import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tools/browser.ts';
import {
  ASSISTANT_SECRET,
  MOCK_SMTP_PORT,
  MOCK_VAPI_URL,
  SITE_DATA_DIR,
  SITE_PORT,
  SITE_URL,
  VOICE_DATA_DIR,
  VOICE_PORT,
  VOICE_URL,
} from './e2e/servers.ts';
import { VOICE_SETTINGS } from './e2e/voice-setup.ts';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The pages hydrate after their first paint (scripts/page-loader.ts); with two browsers and the
  // servers sharing two cores, what waits on hydration can take longer than the default 5 s.
  expect: {
    timeout: 10_000,
    // Visual snapshots (e2e/visual.spec.ts): still, without a caret, at one pixel per CSS pixel; a
    // picture may differ from its baseline in 20 anti-aliased pixels at most: a changed word is more.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixels: 20 },
  },
  // One folder of baselines, named by the test's own names: one browser, one system, so no suffixes.
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: SITE_URL,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    // A trace is recorded for every test to be kept for the failures: about a third of the run's time
    // (screencast frames and a DOM snapshot at each step, on two shared cores). CI keeps no files of a
    // run, so there it records none; a failure there is run again here, where each failure keeps one.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  webServer: [
    {
      // The built server, as `npm start` runs it, on a fresh SQLite file.
      command: `rm -rf "${SITE_DATA_DIR}" && node dist/node/server/main.js`,
      url: `${SITE_URL}/api/health`,
      env: {
        PORT: String(SITE_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: SITE_DATA_DIR,
        BOOKING_RATE_LIMIT: 'off',
        EVENTS_RATE_LIMIT: 'off',
        // Every test books from one address: the client network's bounds are the unit tests' to hold.
        MEETING_NETWORK_CHANGE_LIMIT: 'off',
        MEETINGS_PER_NETWORK: '0',
        // The tests type faster than anyone: the time trap would take every booking for spam.
        BOOKING_MIN_FILL_SECONDS: '0',
        LOG_LEVEL: 'warn',
        // Lets the language tests pose as a CDN that sends the visitor's country.
        GEO_COUNTRY_HEADER: 'cf-ipcountry',
        // Alex's and Lana's server URL, POST /api/vapi, for the conversations the inbox's tests make
        // (e2e/assistants.ts); with room for every conversation a run makes, whatever its retries.
        VAPI_SERVER_SECRET: ASSISTANT_SECRET,
        ASSISTANT_LEADS_PER_HOUR: '10000',
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Vapi's API, mocked on loopback for voice-demo.spec.ts.
      command: 'node_modules/.bin/tsx e2e/mock-vapi.ts',
      url: `${MOCK_VAPI_URL}/__health`,
      env: { E2E_PORT: String(SITE_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // An SMTP server that keeps each mail as a file, for the voice server's mails (meeting-mail.spec.ts).
      command: 'node_modules/.bin/tsx e2e/mock-smtp.ts',
      port: MOCK_SMTP_PORT,
      env: { E2E_PORT: String(SITE_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The same build with the voice demo and Lana's chat configured, against the mock: voice-demo.spec.ts
      // and chat.spec.ts; and with mail, through the SMTP stand-in: meeting-mail.spec.ts.
      command: `rm -rf "${VOICE_DATA_DIR}" && node dist/node/server/main.js`,
      url: `${VOICE_URL}/api/health`,
      env: {
        PORT: String(VOICE_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: VOICE_DATA_DIR,
        LOG_LEVEL: 'warn',
        VAPI_PUBLIC_KEY: VOICE_SETTINGS.publicKey,
        VAPI_ASSISTANT_ID: VOICE_SETTINGS.assistantId,
        VAPI_API_URL: MOCK_VAPI_URL,
        VAPI_CHAT_ASSISTANT_ID: VOICE_SETTINGS.chatAssistantId,
        VAPI_SERVER_SECRET: VOICE_SETTINGS.serverSecret,
        SMTP_URL: `smtp://127.0.0.1:${MOCK_SMTP_PORT}`,
        LEAD_NOTIFY_EMAIL: 'owner@nexa-ai.example',
        MAIL_FROM: 'Nexa AI <site@nexa-ai.example>',
        BOOKING_MIN_FILL_SECONDS: '0',
        BOOKING_RATE_LIMIT: 'off',
        MEETING_NETWORK_CHANGE_LIMIT: 'off',
        MEETINGS_PER_NETWORK: '0',
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
