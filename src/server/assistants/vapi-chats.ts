// Lana's chat as Vapi keeps it, read with the private key (VAPI_PRIVATE_KEY) when a tool call did not
// carry the conversation: GET {api}/chat/{id} answers the chat with its `messages` (what came before)
// and `output` (the latest replies). Bounded in time: the transcript is a record, never worth a wait.
import { VAPI_DEFAULT_API_URL } from '../../shared/vapi-api.ts';
import type { TranscriptLine } from '../../shared/conversations.ts';
import { transcriptOf } from './vapi-messages.ts';

const TIMEOUT_MS = 5_000;

export function chatFetcher(privateKey: string, apiUrl: string | undefined, fetchImpl: typeof fetch = fetch) {
  return async (chatId: string): Promise<TranscriptLine[]> => {
    const response = await fetchImpl(`${(apiUrl ?? VAPI_DEFAULT_API_URL).replace(/\/$/, '')}/chat/${encodeURIComponent(chatId)}`, {
      headers: { authorization: `Bearer ${privateKey}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Vapi answered ${response.status} for the chat`);
    const chat = (await response.json()) as { messages?: unknown; output?: unknown };
    return transcriptOf([...(Array.isArray(chat.messages) ? chat.messages : []), ...(Array.isArray(chat.output) ? chat.output : [])]);
  };
}
