// Lana's replies through Vapi's web chat: POST {api}/chat/web with the public key, asking for a
// streamed answer (`stream: true`, docs.vapi.ai/chat/streaming). Each server-sent event carries a
// piece of the reply, `{id, path: "chat.output[0].content", delta}`, and the session that keeps the
// conversation's context; the stream ends with `[DONE]` or when the server closes it. An answer in
// one JSON body (`{sessionId, output: [{role, content}]}`) is read as well, so a deployment whose API
// does not stream still works. A conversation's first message carries what Lana is to know of the page
// and the visit (`assistantOverrides`, assistant-context.ts); the session holds it for the rest.
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { VAPI_DEFAULT_API_URL } from '../../shared/vapi-api.ts';
import type { AssistantContext } from '../assistant-context.ts';

export interface ChatSettings {
  /** Vapi's API host; unset means Vapi's own. */
  apiUrl?: string | undefined;
  publicKey: string;
  assistantId: string;
}

/**
 * Which conversation a message belongs to: the session of the first answer, which keeps the context,
 * or none yet, when the message starts one with the page's context.
 */
export interface Conversation {
  sessionId?: string | undefined;
  /** Sent only with a message that starts a conversation (no `sessionId`). */
  assistantOverrides?: AssistantContext | undefined;
}

/** Why a message got no (whole) reply: no connection, a refusal, nothing readable, or a stream that broke off. */
export class ChatError extends Error {
  constructor(
    readonly kind: 'network' | 'rejected' | 'unreadable' | 'cut-off',
    readonly status?: number,
  ) {
    super(`chat ${kind}${status ? ` ${status}` : ''}`);
  }
}

interface WebChatAnswer {
  sessionId?: unknown;
  output?: { role?: unknown; content?: unknown }[];
}

interface StreamEvent {
  sessionId?: unknown;
  path?: unknown;
  delta?: unknown;
}

/** The assistant's words in a whole answer: every assistant message of the output, in order. */
export function replyText(answer: WebChatAnswer): string {
  return (answer.output ?? [])
    .filter((m) => m.role === 'assistant' && typeof m.content === 'string')
    .map((m) => m.content as string)
    .join('\n\n')
    .trim();
}

/** The piece of reply text an event carries: a delta to an output's content, nothing otherwise. */
export function streamedText(event: StreamEvent): string {
  return typeof event.delta === 'string' && typeof event.path === 'string' && /\.content$/.test(event.path)
    ? event.delta
    : '';
}

/**
 * Sends one message; `onText` receives the reply as it arrives, piece by piece. Resolves with the
 * session to send back next time once the reply is whole; rejects with a ChatError otherwise (after
 * some pieces, with 'cut-off').
 */
export async function sendChatMessage(
  settings: ChatSettings,
  input: string,
  { sessionId, assistantOverrides }: Conversation,
  onText: (text: string) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<string | undefined> {
  let response: Response;
  const conversation = sessionId ? { sessionId } : assistantOverrides ? { assistantOverrides } : {};
  try {
    response = await fetchImpl(`${(settings.apiUrl ?? VAPI_DEFAULT_API_URL).replace(/\/$/, '')}/chat/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.publicKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: settings.assistantId, input, stream: true, ...conversation }),
    });
  } catch {
    throw new ChatError('network');
  }
  if (!response.ok) throw new ChatError('rejected', response.status);

  if (!response.headers.get('content-type')?.includes('text/event-stream') || !response.body) {
    const answer = (await response.json().catch(() => null)) as WebChatAnswer | null;
    const text = answer ? replyText(answer) : '';
    if (!answer || !text) throw new ChatError('unreadable');
    onText(text);
    return typeof answer.sessionId === 'string' ? answer.sessionId : sessionId;
  }

  let session = sessionId;
  let received = false;
  try {
    // Read with a reader: Safari cannot iterate a stream with `for await`.
    const events = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    for (;;) {
      const { done, value } = await events.read();
      if (done) break;
      const data = value.data;
      if (data.trim() === '[DONE]') {
        void events.cancel();
        break;
      }
      let event: StreamEvent;
      try {
        event = JSON.parse(data) as StreamEvent;
      } catch {
        continue; // Not ours to read: a keep-alive or a newer kind of event.
      }
      if (typeof event.sessionId === 'string') session = event.sessionId;
      const text = streamedText(event);
      if (text) {
        received = true;
        onText(text);
      }
    }
  } catch {
    throw new ChatError(received ? 'cut-off' : 'network');
  }
  if (!received) throw new ChatError('unreadable');
  return session;
}
