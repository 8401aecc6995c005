import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
/** The SQLite folder of the server under test; the tests read the stored leads from it. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `agency-site-e2e-${port}`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
  },
  webServer: {
    // The built server, as `npm start` runs it, on a fresh SQLite file.
    command: `rm -rf "${E2E_DATA_DIR}" && node dist/node/server/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      // Lets the language tests pose as a CDN that sends the visitor's country.
      GEO_COUNTRY_HEADER: 'cf-ipcountry',
    },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
