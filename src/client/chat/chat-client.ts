// Lana's replies through Vapi's web chat: POST {api}/chat/web with the public key. The first answer
// names a session; sending it back keeps the conversation's context.

/** Vapi's API host when the deployment names none. */
const DEFAULT_API_URL = 'https://api.vapi.ai';

export interface ChatSettings {
  /** Vapi's API host; unset means Vapi's own. */
  apiUrl?: string | undefined;
  publicKey: string;
  assistantId: string;
}

export interface ChatReply {
  text: string;
  sessionId: string | undefined;
}

/** Why a message got no reply: the network, or the service's answer. */
export class ChatError extends Error {
  constructor(
    readonly kind: 'network' | 'rejected' | 'unreadable',
    readonly status?: number,
  ) {
    super(`chat ${kind}${status ? ` ${status}` : ''}`);
  }
}

interface WebChatAnswer {
  sessionId?: unknown;
  output?: { role?: unknown; content?: unknown }[];
}

/** The assistant's words in an answer: every assistant message of the output, in order. */
export function replyText(answer: WebChatAnswer): string {
  return (answer.output ?? [])
    .filter((m) => m.role === 'assistant' && typeof m.content === 'string')
    .map((m) => m.content as string)
    .join('\n\n')
    .trim();
}

export async function sendChatMessage(
  settings: ChatSettings,
  input: string,
  sessionId: string | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<ChatReply> {
  let response: Response;
  try {
    response = await fetchImpl(`${(settings.apiUrl ?? DEFAULT_API_URL).replace(/\/$/, '')}/chat/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.publicKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: settings.assistantId, input, ...(sessionId ? { sessionId } : {}) }),
    });
  } catch {
    throw new ChatError('network');
  }
  if (!response.ok) throw new ChatError('rejected', response.status);
  const answer = (await response.json().catch(() => null)) as WebChatAnswer | null;
  const text = answer ? replyText(answer) : '';
  if (!answer || !text) throw new ChatError('unreadable');
  return { text, sessionId: typeof answer.sessionId === 'string' ? answer.sessionId : sessionId };
}
