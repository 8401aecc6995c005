// A stand-in for Vapi's API on loopback, for the voice demo's browser tests: it records what the page
// sends and answers POST /call/web with a call whose room URL fails to join, or with 401 when told to.
//   GET /__requests   what was received (preflights left out)
//   POST /__reset     forget them and answer normally again
//   POST /__mode      body {"mode":"ok"|"unauthorized"}
// Lana's web chat (POST /chat/web) keeps a record and a mode of its own, so the chat and voice tests,
// which run side by side, never reset each other's:
//   GET /__chat/requests, POST /__chat/reset, POST /__chat/mode  body {"mode":"ok"|"failing"}
import http from 'node:http';
import { DEAD_ROOM_URL, MOCK_VAPI_PORT, type RecordedRequest } from './voice-setup.ts';

let requests: RecordedRequest[] = [];
let mode: 'ok' | 'unauthorized' = 'ok';
let chatRequests: RecordedRequest[] = [];
let chatMode: 'ok' | 'failing' = 'ok';

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

function reply(res: http.ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { ...cors, 'content-type': 'application/json' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'OPTIONS') return reply(res, 204);
    if (url.pathname === '/__health') return reply(res, 200, { ok: true });
    if (url.pathname === '/__requests') return reply(res, 200, requests);
    if (url.pathname === '/__reset') {
      requests = [];
      mode = 'ok';
      return reply(res, 204);
    }
    if (url.pathname === '/__mode') {
      mode = (JSON.parse(text) as { mode: typeof mode }).mode;
      return reply(res, 204);
    }
    if (url.pathname === '/__chat/requests') return reply(res, 200, chatRequests);
    if (url.pathname === '/__chat/reset') {
      chatRequests = [];
      chatMode = 'ok';
      return reply(res, 204);
    }
    if (url.pathname === '/__chat/mode') {
      chatMode = (JSON.parse(text) as { mode: typeof chatMode }).mode;
      return reply(res, 204);
    }
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Recorded as text.
    }
    const record = { method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, body };
    if (req.method === 'POST' && url.pathname === '/chat/web') {
      chatRequests.push(record);
      if (chatMode === 'failing') return reply(res, 500, { message: 'Internal server error' });
      const input = (body as { input?: unknown } | undefined)?.input;
      return reply(res, 201, {
        id: `chat-e2e-${chatRequests.length}`,
        sessionId: 'session-e2e-0001',
        output: [{ role: 'assistant', content: `Lana heard: ${String(input)}` }],
      });
    }
    requests.push(record);
    if (req.method === 'POST' && url.pathname === '/call/web') {
      if (mode === 'unauthorized') return reply(res, 401, { message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.', error: 'Unauthorized', statusCode: 401 });
      return reply(res, 201, {
        id: 'call-e2e-0001',
        type: 'webCall',
        status: 'queued',
        webCallUrl: DEAD_ROOM_URL,
        artifactPlan: { videoRecordingEnabled: false },
        assistant: { voice: { provider: '11labs' } },
      });
    }
    return reply(res, 404, { message: 'not mocked' });
  });
});

server.listen(MOCK_VAPI_PORT, '127.0.0.1', () => console.log(`mock Vapi API on 127.0.0.1:${MOCK_VAPI_PORT}`));
const close = () => server.close(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
