// The voice demo's browser tests run against a second server with Vapi settings, pointed at a mock of
// Vapi's API on loopback (mock-vapi.ts); the first server stays unconfigured for the other tests. Their
// ports are in servers.ts.

/** What the voice server is given; the public key must reach Vapi as the bearer token. */
export const VOICE_SETTINGS = {
  publicKey: 'pk-e2e-public-0001',
  assistantId: 'asst-e2e-alex-0001',
  chatAssistantId: 'asst-e2e-lana-0001',
  /** The secret the stand-in of Vapi's servers sends to POST /api/vapi, as Vapi sends VAPI_SERVER_SECRET. */
  serverSecret: 'e2e-server-secret-0123456789abcdef',
};

/** A room URL on loopback where nothing answers: the media join fails without leaving the machine. */
export const DEAD_ROOM_URL = 'http://127.0.0.1:9/room';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}
