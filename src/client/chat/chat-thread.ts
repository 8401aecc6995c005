// The conversation with Lana while the page is open: what was said, whether a reply is on its way,
// and the session that keeps the context. Free of React and the network.

/** The longest message a visitor can send: a question, not an essay. */
export const MAX_CHAT_INPUT = 500;

export interface ChatMessage {
  id: number;
  from: 'visitor' | 'assistant' | 'error';
  text: string;
}

export interface ChatThread {
  messages: ChatMessage[];
  waiting: boolean;
  sessionId: string | undefined;
}

export type ChatAction =
  | { type: 'sent'; text: string }
  | { type: 'replied'; text: string; sessionId: string | undefined }
  | { type: 'failed'; text: string };

export const emptyThread: ChatThread = { messages: [], waiting: false, sessionId: undefined };

/** What may be sent: trimmed, not empty, within the limit; undefined when nothing may be. */
export function sendable(input: string): string | undefined {
  const text = input.trim();
  return text && text.length <= MAX_CHAT_INPUT ? text : undefined;
}

export function chatReducer(thread: ChatThread, action: ChatAction): ChatThread {
  const next = (from: ChatMessage['from'], text: string): ChatMessage[] => [
    ...thread.messages,
    { id: thread.messages.length + 1, from, text },
  ];
  switch (action.type) {
    case 'sent':
      return thread.waiting ? thread : { ...thread, messages: next('visitor', action.text), waiting: true };
    case 'replied':
      return { messages: next('assistant', action.text), waiting: false, sessionId: action.sessionId };
    case 'failed':
      return { ...thread, messages: next('error', action.text), waiting: false };
  }
}
