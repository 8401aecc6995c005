import { lazy, Suspense } from 'react';
import { useAssistants, useSettingsRead } from '../page-settings.ts';
import { ChunkBoundary } from '../../ui/chunk-boundary.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Section } from '../../ui/section.tsx';
import { useI18n } from '../use-i18n.ts';
import { ExampleConversation } from './example-conversation.tsx';

// Only deployments with Lana's assistant need the working chat: its code loads when it is shown.
const LiveChat = lazy(() => import('../chat/live-chat.tsx').then((m) => ({ default: m.LiveChat })));

/** Lana, the chat assistant: what she does, and an example of her at work, or a live chat with her. */
export function ChatBox() {
  const { t } = useI18n();
  const c = t.chatBox;
  // A working chat where the deployment names Lana's assistant; the example conversation otherwise.
  const { chat } = useAssistants();
  // "Online" only where she is; the example says it is one. Neither until the page knows which.
  const badge = useSettingsRead() ? (chat ? c.online : c.example) : undefined;
  return (
    <Section id="chat-box" title={c.title} subtitle={c.subtitle}>
      <div className="mx-auto grid max-w-5xl items-center gap-10 lg:grid-cols-2">
        <ul className="space-y-4">
          {c.points.map((point) => (
            <li key={point} className="flex items-center gap-3 text-lg">
              <span className="grid size-8 shrink-0 place-items-center rounded-full bg-emerald-400/15 text-emerald-300">
                <Icon name="check" className="size-5" />
              </span>
              {point}
            </li>
          ))}
        </ul>

        <div className="overflow-hidden rounded-3xl border border-line bg-panel shadow-2xl shadow-indigo-950/50">
          <div className="flex items-center gap-3 border-b border-line px-5 py-4">
            <span className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-indigo-500 to-cyan-400 font-bold text-white" aria-hidden="true">
              {c.assistantName.slice(0, 1)}
            </span>
            <div>
              <p className="font-semibold">{c.assistantName}</p>
              <p className="text-xs text-slate-400">
                {c.assistantRole}
                {badge && (
                  <>
                    {' · '}
                    <span className={chat ? 'text-emerald-300' : 'text-slate-300'}>{badge}</span>
                  </>
                )}
              </p>
            </div>
          </div>
          {chat ? (
            // Should the chat's code fail to load, the example conversation still shows what Lana does.
            <ChunkBoundary fallback={<LanaExample />}>
              <Suspense fallback={<div className="h-80" />}>
                <LiveChat settings={chat} />
              </Suspense>
            </ChunkBoundary>
          ) : (
            <LanaExample />
          )}
        </div>
      </div>
    </Section>
  );
}

/** The example conversation with Lana, where the deployment has no chat assistant (docs/product.md,
 * "Lana's chat"). */
function LanaExample() {
  const { t } = useI18n();
  const c = t.chatBox;
  return (
    <ExampleConversation
      label={c.conversationLabel}
      visitor={c.you}
      assistant={c.assistantName}
      conversation={c.conversation}
      className="space-y-3 px-5 py-6 text-sm sm:text-base"
    />
  );
}
