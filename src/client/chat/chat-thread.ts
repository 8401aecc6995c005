// The conversation with Lana while the page is open: what was said, whether a reply is on its way
// (and which message it is filling), and the session that keeps the context. Free of React and the
// network.

/** The longest message a visitor can send: a question, not an essay. */
export const MAX_CHAT_INPUT = 500;

export interface ChatMessage {
  id: number;
  from: 'visitor' | 'assistant' | 'error';
  text: string;
}

export interface ChatThread {
  messages: ChatMessage[];
  /** From a sent message until its reply is whole or has failed: one question at a time. */
  waiting: boolean;
  /** The assistant message the reply on its way is being written into, once its first piece arrived. */
  replyId: number | undefined;
  sessionId: string | undefined;
}

export type ChatAction =
  | { type: 'sent'; text: string }
  | { type: 'received'; text: string }
  | { type: 'replied'; sessionId: string | undefined }
  | { type: 'failed'; text: string };

export const emptyThread: ChatThread = { messages: [], waiting: false, replyId: undefined, sessionId: undefined };

/** What may be sent: trimmed, not empty, within the limit; undefined when nothing may be. */
export function sendable(input: string): string | undefined {
  const text = input.trim();
  return text && text.length <= MAX_CHAT_INPUT ? text : undefined;
}

export function chatReducer(thread: ChatThread, action: ChatAction): ChatThread {
  const added = (from: ChatMessage['from'], text: string): ChatMessage[] => [
    ...thread.messages,
    { id: thread.messages.length + 1, from, text },
  ];
  switch (action.type) {
    case 'sent':
      return thread.waiting ? thread : { ...thread, messages: added('visitor', action.text), waiting: true };
    case 'received': {
      if (!thread.waiting) return thread;
      if (thread.replyId === undefined) {
        return { ...thread, messages: added('assistant', action.text), replyId: thread.messages.length + 1 };
      }
      const messages = thread.messages.map((m) => (m.id === thread.replyId ? { ...m, text: m.text + action.text } : m));
      return { ...thread, messages };
    }
    case 'replied':
      return { ...thread, waiting: false, replyId: undefined, sessionId: action.sessionId };
    case 'failed':
      return { ...thread, messages: added('error', action.text), waiting: false, replyId: undefined };
  }
}
