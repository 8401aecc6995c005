import { describe, expect, it, vi } from 'vitest';
import { ChatError, replyText, sendChatMessage } from './chat-client.ts';
import { chatReducer, emptyThread, MAX_CHAT_INPUT, sendable } from './chat-thread.ts';

const settings = { apiUrl: 'http://127.0.0.1:9999/', publicKey: 'pk_test', assistantId: 'asst_1' };
const answer = (body: unknown, status = 201) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('sendChatMessage', () => {
  it('posts to /chat/web with the public key and the assistant, and returns the reply and session', async () => {
    const fetchMock = vi.fn(answer({ id: 'c1', sessionId: 's1', output: [{ role: 'assistant', content: 'Hello!' }] }));
    expect(await sendChatMessage(settings, 'Hi', undefined, fetchMock)).toEqual({ text: 'Hello!', sessionId: 's1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:9999/chat/web');
    expect(init.headers).toMatchObject({ authorization: 'Bearer pk_test' });
    expect(JSON.parse(init.body as string)).toEqual({ assistantId: 'asst_1', input: 'Hi' });
  });

  it("uses Vapi's own host when the deployment names none", async () => {
    const fetchMock = vi.fn(answer({ output: [{ role: 'assistant', content: 'Hi.' }] }));
    await sendChatMessage({ publicKey: 'pk', assistantId: 'a' }, 'Hi', undefined, fetchMock);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('https://api.vapi.ai/chat/web');
  });

  it('sends the session back on follow-ups', async () => {
    const fetchMock = vi.fn(answer({ output: [{ role: 'assistant', content: 'Sure.' }] }));
    expect(await sendChatMessage(settings, 'And?', 's1', fetchMock)).toEqual({ text: 'Sure.', sessionId: 's1' });
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toMatchObject({
      sessionId: 's1',
    });
  });

  it('tells a refused request, an unreadable answer and a lost connection apart', async () => {
    await expect(sendChatMessage(settings, 'Hi', undefined, answer({ error: 'no' }, 401))).rejects.toMatchObject({
      kind: 'rejected',
      status: 401,
    });
    await expect(sendChatMessage(settings, 'Hi', undefined, answer({ output: [] }))).rejects.toMatchObject({
      kind: 'unreadable',
    });
    await expect(
      sendChatMessage(settings, 'Hi', undefined, () => Promise.reject(new TypeError('offline'))),
    ).rejects.toBeInstanceOf(ChatError);
  });

  it('reads only the assistant messages of the output', () => {
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
  });
});

describe('chat thread', () => {
  it('accepts trimmed messages within the limit only', () => {
    expect(sendable('  Hello ')).toBe('Hello');
    expect(sendable('   ')).toBeUndefined();
    expect(sendable('x'.repeat(MAX_CHAT_INPUT))).toHaveLength(MAX_CHAT_INPUT);
    expect(sendable('x'.repeat(MAX_CHAT_INPUT + 1))).toBeUndefined();
  });

  it('waits for one reply at a time, keeps the session and shows errors in the thread', () => {
    let t = chatReducer(emptyThread, { type: 'sent', text: 'Hi' });
    expect(t.waiting).toBe(true);
    expect(chatReducer(t, { type: 'sent', text: 'Again' })).toBe(t);
    t = chatReducer(t, { type: 'replied', text: 'Hello!', sessionId: 's1' });
    t = chatReducer(t, { type: 'sent', text: 'Price?' });
    t = chatReducer(t, { type: 'failed', text: 'Lana could not answer.' });
    expect(t).toEqual({
      waiting: false,
      sessionId: 's1',
      messages: [
        { id: 1, from: 'visitor', text: 'Hi' },
        { id: 2, from: 'assistant', text: 'Hello!' },
        { id: 3, from: 'visitor', text: 'Price?' },
        { id: 4, from: 'error', text: 'Lana could not answer.' },
      ],
    });
  });
});
