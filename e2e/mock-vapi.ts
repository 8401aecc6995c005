// A stand-in for Vapi's API on loopback, for the voice demo's browser tests: it records what the page
// sends and answers POST /call/web with a call whose room URL fails to join, or with 401 when told to.
//   GET /__requests   what was received (preflights left out)
//   POST /__reset     forget them and answer normally again
//   POST /__mode      body {"mode":"ok"|"unauthorized"}
// Lana's web chat (POST /chat/web) keeps a record and a mode of its own, so the chat and voice tests,
// which run side by side, never reset each other's:
//   GET /__chat/requests, POST /__chat/reset
//   POST /__chat/mode  body {"mode": "ok" | "json" | "failing" | "broken" | "held"}
//     ok: the reply streamed as Vapi streams it (server-sent events, `stream: true`), word by word;
//     json: the reply in one JSON body; failing: 500; broken: the stream stops after its first word;
//     held: nothing is sent until POST /__chat/release.
import http from 'node:http';
import { MOCK_VAPI_PORT } from './servers.ts';
import { DEAD_ROOM_URL, type RecordedRequest } from './voice-setup.ts';

let requests: RecordedRequest[] = [];
let mode: 'ok' | 'unauthorized' = 'ok';
let chatRequests: RecordedRequest[] = [];
let chatMode: 'ok' | 'json' | 'failing' | 'broken' | 'held' = 'ok';
/** Replies kept back in the 'held' mode, sent on /__chat/release. */
let heldReplies: (() => void)[] = [];
const CHAT_SESSION_ID = 'session-e2e-0001';

/** The reply as Vapi streams it: one event per word, each naming the session, then [DONE]. */
function streamReply(res: http.ServerResponse, id: string, text: string, breakOff: boolean) {
  res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const words = text.split(/(?<= )/);
  const event = (delta: string) =>
    `data: ${JSON.stringify({ id, sessionId: CHAT_SESSION_ID, path: 'chat.output[0].content', delta })}\n\n`;
  if (breakOff) {
    res.write(event(words[0] ?? ''));
    // Long enough for a busy browser to have read the first piece before the connection drops:
    // a reset can discard what it had not read yet, which would make this a network failure.
    setTimeout(() => res.destroy(), 1000);
    return;
  }
  let i = 0;
  const next = () => {
    if (i < words.length) {
      res.write(event(words[i++] ?? ''));
      setTimeout(next, 20);
    } else res.end('data: [DONE]\n\n');
  };
  next();
}

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
      heldReplies = [];
      return reply(res, 204);
    }
    if (url.pathname === '/__chat/release') {
      for (const send of heldReplies.splice(0)) send();
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
      const { input, stream } = (body ?? {}) as { input?: unknown; stream?: unknown };
      const id = `chat-e2e-${chatRequests.length}`;
      const text = `Lana heard: ${String(input)}`;
      const send = () =>
        stream === true && chatMode !== 'json'
          ? streamReply(res, id, text, chatMode === 'broken')
          : reply(res, 201, { id, sessionId: CHAT_SESSION_ID, output: [{ role: 'assistant', content: text }] });
      if (chatMode === 'held') heldReplies.push(send);
      else send();
      return;
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
