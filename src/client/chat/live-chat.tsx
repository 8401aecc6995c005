// Lana's working chat, loaded only where the deployment names her assistant, with the texts only it shows.
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { format } from '../../content/i18n/format.ts';
import { liveChatTexts } from '../../content/i18n/live-chat.ts';
import { ChatBubble } from '../../ui/chat-bubble.tsx';
import { Icon } from '../../ui/icons.tsx';
import { assistantContext, visitToken } from '../assistant-context.ts';
import { useI18n } from '../use-i18n.ts';
import { ChatError, sendChatMessage, type ChatSettings } from './chat-client.ts';
import { chatReducer, emptyThread, MAX_CHAT_INPUT, sendable } from './chat-thread.ts';

/**
 * A working chat with Lana: the thread is a live log (new messages are announced; while a reply is
 * still streaming in the log is busy, so it is read once, whole), one reply is awaited at a time, and
 * failures are said in the thread itself, where the visitor is looking.
 */
export function LiveChat({ settings }: { settings: ChatSettings }) {
  const { locale, t } = useI18n();
  const { assistantName, you } = t.chatBox;
  const c = liveChatTexts[locale];
  const [thread, dispatch] = useReducer(chatReducer, emptyThread);
  const [input, setInput] = useState('');
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [thread.messages, thread.waiting]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const text = sendable(input);
    if (!text || thread.waiting) return;
    dispatch({ type: 'sent', text });
    setInput('');
    try {
      // A conversation's first message tells Lana the page's language, the date, the services and the visit.
      const { sessionId: current } = thread;
      const conversation = current
        ? { sessionId: current }
        : { assistantOverrides: assistantContext({ locale, products: t.products }, await visitToken()) };
      const sessionId = await sendChatMessage(settings, text, conversation, (piece) =>
        dispatch({ type: 'received', text: piece }),
      );
      dispatch({ type: 'replied', sessionId });
    } catch (err) {
      console.error('Chat message failed', err);
      const kind = err instanceof ChatError ? err.kind : undefined;
      const message = kind === 'network' ? c.failedNetwork : kind === 'cut-off' ? c.failedCutOff : c.failedService;
      dispatch({ type: 'failed', text: message });
    }
  }

  const left = MAX_CHAT_INPUT - input.length;
  return (
    <div>
      <div
        ref={log}
        role="log"
        aria-label={c.liveLabel}
        aria-live="polite"
        aria-busy={thread.waiting}
        className="h-80 space-y-3 overflow-y-auto px-5 py-6 text-sm sm:text-base"
      >
        <ChatBubble from="assistant" speaker={assistantName}>
          {c.greeting}
        </ChatBubble>
        {thread.messages.map((m) => (
          <ChatBubble
            key={m.id}
            from={m.from}
            speaker={m.from === 'error' ? undefined : m.from === 'visitor' ? you : assistantName}
            role={m.from === 'error' ? 'alert' : undefined}
          >
            {m.text}
          </ChatBubble>
        ))}
        {thread.waiting && thread.replyId === undefined && (
          <p className="flex items-center gap-2 text-slate-400">
            <span aria-hidden="true" className="flex gap-1">
              {[0, 1, 2].map((i) => (
                <span key={i} className="size-1.5 rounded-full bg-slate-400 motion-safe:animate-pulse" />
              ))}
            </span>
            {c.typing}
          </p>
        )}
      </div>
      <form onSubmit={onSubmit} className="border-t border-line p-3">
        <label htmlFor="chat-input" className="sr-only">
          {c.inputLabel}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id="chat-input"
            rows={1}
            value={input}
            maxLength={MAX_CHAT_INPUT}
            placeholder={c.placeholder}
            aria-describedby="chat-remaining"
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) void onSubmit(e);
            }}
            className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-slate-600 bg-slate-950/60 px-3.5 py-2.5 text-base text-white placeholder:text-slate-500 focus:border-cyan-400 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!sendable(input) || thread.waiting}
            aria-label={c.send}
            className="grid size-11 shrink-0 place-items-center rounded-full bg-gradient-to-r from-indigo-500 to-cyan-500 text-white disabled:cursor-not-allowed disabled:opacity-50"
          >
            <Icon name="arrow-down" className="size-5 -rotate-90" />
          </button>
        </div>
        <p id="chat-remaining" className="mt-1 text-right text-xs text-slate-400">
          {format(c.remaining, { count: left })}
        </p>
      </form>
    </div>
  );
}
