import { describe, expect, it, vi } from 'vitest';
import { ChatError, replyText, sendChatMessage, streamedText } from './chat-client.ts';
import { chatReducer, emptyThread, MAX_CHAT_INPUT, sendable, type ChatMessage } from './chat-thread.ts';

const settings = { apiUrl: 'http://127.0.0.1:9999/', publicKey: 'pk_test', assistantId: 'asst_1' };
const json = (body: unknown, status = 201) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** A streamed answer: the given server-sent event blocks, cut into awkward pieces, then maybe an error. */
function stream(blocks: string[], { breakOff = false } = {}) {
  return () => {
    const bytes = new TextEncoder().encode(blocks.join(''));
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      // Pieces of 7 bytes split lines, events and even Cyrillic letters: the reader must not care.
      pull(controller) {
        if (at < bytes.length) controller.enqueue(bytes.slice(at, (at += 7)));
        else if (breakOff) controller.error(new TypeError('network error'));
        else controller.close();
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
  };
}
const event = (delta: string, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'c1', path: 'chat.output[0].content', delta, ...extra })}\n\n`;

/** A thread of session `s1` that waits for nothing, holding the given messages numbered from 1. */
const settled = (...messages: [from: ChatMessage['from'], text: string][]) => ({
  waiting: false,
  replyId: undefined,
  sessionId: 's1',
  messages: messages.map(([from, text], i) => ({ id: i + 1, from, text })),
});

async function collect(fetchImpl: typeof fetch, sessionId?: string) {
  const pieces: string[] = [];
  const session = await sendChatMessage(settings, 'Hi', { sessionId }, (p) => pieces.push(p), fetchImpl);
  return { pieces, session };
}

describe('sendChatMessage', () => {
  it('posts to /chat/web with the public key and the assistant, asking for a stream', async () => {
    const fetchMock = vi.fn(stream([event('Hello!', { sessionId: 's1' }), 'data: [DONE]\n\n']));
    expect(await collect(fetchMock)).toEqual({ pieces: ['Hello!'], session: 's1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:9999/chat/web');
    expect(init.headers).toMatchObject({ authorization: 'Bearer pk_test' });
    expect(JSON.parse(init.body as string)).toEqual({ assistantId: 'asst_1', input: 'Hi', stream: true });
  });

  it('hands on the streamed reply piece by piece, whatever the chunks, and stops at [DONE]', async () => {
    const blocks = [
      ': keep-alive\n\n',
      event('Здравейте, ', { sessionId: 's1' }),
      'data: {not json}\n\n',
      event('аз съм '),
      `data: ${JSON.stringify({ id: 'c1', path: 'chat.status', delta: 'busy' })}\n\n`,
      event('Лана.'),
      'data: [DONE]\n\n',
      event('after the end'),
    ];
    expect(await collect(stream(blocks))).toEqual({ pieces: ['Здравейте, ', 'аз съм ', 'Лана.'], session: 's1' });
  });

  it('keeps the session it sent when the stream names none, and ends at the close without [DONE]', async () => {
    expect(await collect(stream([event('Sure.')]), 's0')).toEqual({ pieces: ['Sure.'], session: 's0' });
  });

  it('sends the session back on follow-ups', async () => {
    const fetchMock = vi.fn(stream([event('Sure.')]));
    await collect(fetchMock, 's1');
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toMatchObject({
      sessionId: 's1',
    });
  });

  it("starts a conversation with the page's context, and leaves it to the session afterwards", async () => {
    const assistantOverrides = {
      variableValues: { language: 'bg' as const, language_name: 'Bulgarian', today: 'петък, 27 ноември 2026 г.', services: 'Other — Друго' },
      metadata: { visitToken: 'visit-1' },
    };
    const bodyOf = (mock: ReturnType<typeof vi.fn>) =>
      JSON.parse((mock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string) as Record<string, unknown>;

    const first = vi.fn(stream([event('Hello!', { sessionId: 's1' })]));
    await sendChatMessage(settings, 'Hi', { assistantOverrides }, () => {}, first);
    expect(bodyOf(first)).toEqual({ assistantId: 'asst_1', input: 'Hi', stream: true, assistantOverrides });

    const next = vi.fn(stream([event('Sure.')]));
    await sendChatMessage(settings, 'More', { sessionId: 's1', assistantOverrides }, () => {}, next);
    expect(bodyOf(next)).toEqual({ assistantId: 'asst_1', input: 'More', stream: true, sessionId: 's1' });
  });

  it('reads an answer in one JSON body too', async () => {
    const fetchMock = vi.fn(json({ id: 'c1', sessionId: 's1', output: [{ role: 'assistant', content: 'Hello!' }] }));
    expect(await collect(fetchMock)).toEqual({ pieces: ['Hello!'], session: 's1' });
  });

  it("uses Vapi's own host when the deployment names none", async () => {
    const fetchMock = vi.fn(stream([event('Hi.')]));
    await sendChatMessage({ publicKey: 'pk', assistantId: 'a' }, 'Hi', {}, () => {}, fetchMock);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('https://api.vapi.ai/chat/web');
  });

  it('tells a refusal, an unreadable answer, a lost connection and a broken-off stream apart', async () => {
    const kind = (fetchImpl: typeof fetch) => collect(fetchImpl).catch((e: unknown) => e);
    expect(await kind(json({ error: 'no' }, 401))).toMatchObject({ kind: 'rejected', status: 401 });
    expect(await kind(json({ output: [] }))).toMatchObject({ kind: 'unreadable' });
    expect(await kind(stream(['data: [DONE]\n\n']))).toMatchObject({ kind: 'unreadable' });
    expect(await kind(() => Promise.reject(new TypeError('offline')))).toMatchObject({ kind: 'network' });
    expect(await kind(stream([], { breakOff: true }))).toMatchObject({ kind: 'network' });
    const cut = await kind(stream([event('Half an ')], { breakOff: true }));
    expect(cut).toBeInstanceOf(ChatError);
    expect(cut).toMatchObject({ kind: 'cut-off' });
  });

  it('reads only the assistant messages of a whole answer, and only content deltas of a stream', () => {
    expect(
      replyText({
        output: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'One.' },
          { role: 'tool', content: '{}' },
          { role: 'assistant', content: 'Two.' },
        ],
      }),
    ).toBe('One.\n\nTwo.');
    expect(streamedText({ path: 'chat.output[1].content', delta: 'x' })).toBe('x');
    expect(streamedText({ path: 'chat.output[0].role', delta: 'assistant' })).toBe('');
    expect(streamedText({ path: 'chat.output[0].content', delta: 3 })).toBe('');
  });
});

describe('chat thread', () => {
  it('accepts trimmed messages within the limit only', () => {
    expect(sendable('  Hello ')).toBe('Hello');
    expect(sendable('   ')).toBeUndefined();
    expect(sendable('x'.repeat(MAX_CHAT_INPUT))).toHaveLength(MAX_CHAT_INPUT);
    expect(sendable('x'.repeat(MAX_CHAT_INPUT + 1))).toBeUndefined();
  });

  it('writes a streamed reply into one message, waits for one reply at a time, keeps the session', () => {
    let t = chatReducer(emptyThread, { type: 'sent', text: 'Hi' });
    expect(t).toMatchObject({ waiting: true, replyId: undefined });
    expect(chatReducer(t, { type: 'sent', text: 'Again' })).toBe(t);
    t = chatReducer(t, { type: 'received', text: 'Hel' });
    t = chatReducer(t, { type: 'received', text: 'lo!' });
    expect(t).toMatchObject({ waiting: true, replyId: 2 });
    t = chatReducer(t, { type: 'replied', sessionId: 's1' });
    expect(chatReducer(t, { type: 'received', text: 'late' })).toBe(t);
    expect(t).toEqual(settled(['visitor', 'Hi'], ['assistant', 'Hello!']));
  });

  it('says a failure in the thread after whatever part of the reply arrived, and lets the visitor go on', () => {
    let t = chatReducer({ ...emptyThread, sessionId: 's1' }, { type: 'sent', text: 'Price?' });
    t = chatReducer(t, { type: 'received', text: 'It depends' });
    t = chatReducer(t, { type: 'failed', text: 'Cut off.' });
    expect(t).toEqual(settled(['visitor', 'Price?'], ['assistant', 'It depends'], ['error', 'Cut off.']));
    expect(chatReducer(t, { type: 'sent', text: 'Again' }).waiting).toBe(true);
  });
});
