import { ChatBubble } from '../../ui/chat-bubble.tsx';

export interface ExampleMessage {
  from: string;
  text: string;
}

/**
 * An example conversation with one of the assistants, shown where the deployment has no live one:
 * Lana's chat (chat-box.tsx) and Alex's call (voice-demo.tsx). Speakers are named for screen readers.
 */
export function ExampleConversation({
  label,
  visitor,
  assistant,
  conversation,
  className,
}: {
  label: string;
  visitor: string;
  assistant: string;
  conversation: readonly ExampleMessage[];
  className?: string;
}) {
  return (
    <div role="log" aria-label={label} className={className}>
      {conversation.map((m, i) => {
        const from = m.from === 'visitor' ? 'visitor' : 'assistant';
        return (
          <ChatBubble key={i} from={from} speaker={from === 'visitor' ? visitor : assistant}>
            {m.text}
          </ChatBubble>
        );
      })}
    </div>
  );
}
