// The voice demo's browser tests run against a second server with Vapi settings, pointed at a mock of
// Vapi's API on loopback (mock-vapi.ts); the first server stays unconfigured for the other tests.
import os from 'node:os';
import path from 'node:path';

// Fifty above the main test server's port, clear of well-known neighbours (E2E_PORT 3305 would put
// one-above on MySQL's 3306).
const base = Number(process.env.E2E_PORT ?? 3210);
export const VOICE_PORT = base + 50;
export const MOCK_VAPI_PORT = base + 51;
export const VOICE_URL = `http://127.0.0.1:${VOICE_PORT}`;
export const MOCK_VAPI_URL = `http://127.0.0.1:${MOCK_VAPI_PORT}`;
export const VOICE_DATA_DIR = path.join(os.tmpdir(), `agency-site-e2e-voice-${VOICE_PORT}`);

/** What the voice server is given; the public key must reach Vapi as the bearer token. */
export const VOICE_SETTINGS = {
  publicKey: 'pk-e2e-public-0001',
  assistantId: 'asst-e2e-alex-0001',
  chatAssistantId: 'asst-e2e-lana-0001',
};

/** A room URL on loopback where nothing answers: the media join fails without leaving the machine. */
export const DEAD_ROOM_URL = 'http://127.0.0.1:9/room';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}
