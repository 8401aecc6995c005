// Where the browser tests' servers listen and keep their leads, derived once from E2E_PORT: the
// configuration starts them (playwright.config.ts) and the tests reach them through these.
import os from 'node:os';
import path from 'node:path';

/** The main test server, unconfigured: the site as `npm start` serves it. */
export const SITE_PORT = Number(process.env.E2E_PORT ?? 3210);
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
/** The SQLite folder of the main server; the tests read the stored leads from it. */
export const SITE_DATA_DIR = path.join(os.tmpdir(), `agency-site-e2e-${SITE_PORT}`);
/**
 * The main server's VAPI_SERVER_SECRET: with it POST /api/vapi exists there, and the tests post Vapi's
 * messages to it as Vapi would (assistants.ts). Its pages are unchanged: the voice demo and the chat
 * stay unconfigured (no VAPI_PUBLIC_KEY).
 */
export const ASSISTANT_SECRET = 'e2e-assistant-secret-0123456789abcdef';

// The server with Vapi settings and the mock of Vapi's API, fifty above the main one, clear of
// well-known neighbours (E2E_PORT 3305 would put one-above on MySQL's 3306).
export const VOICE_PORT = SITE_PORT + 50;
export const VOICE_URL = `http://127.0.0.1:${VOICE_PORT}`;
export const VOICE_DATA_DIR = path.join(os.tmpdir(), `agency-site-e2e-voice-${VOICE_PORT}`);

export const MOCK_VAPI_PORT = SITE_PORT + 51;
export const MOCK_VAPI_URL = `http://127.0.0.1:${MOCK_VAPI_PORT}`;

/** An SMTP server on loopback for the voice server's mails (mock-smtp.ts), and where it leaves each. */
export const MOCK_SMTP_PORT = SITE_PORT + 52;
export const MAIL_DIR = path.join(os.tmpdir(), `agency-site-e2e-mail-${MOCK_SMTP_PORT}`);
