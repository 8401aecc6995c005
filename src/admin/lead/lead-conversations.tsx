// A lead's conversations with Alex or Lana: the one that made it, and Alex's calls back, each headed by
// its try. Each has its summary first, then what it was (when, how long, how it ended, the recording) and
// the transcript, cut short when long; each is where its try on the call-back card links to.
import { useId } from 'react';
import type { ConversationJson } from '../../shared/conversations.ts';
import { ConversationFacts } from '../conversations/conversation-facts.tsx';
import { Transcript } from '../conversations/transcript.tsx';
import { format } from '../../content/i18n/format.ts';
import type { CallbackJson } from '../../shared/callbacks.ts';
import { useInbox } from '../inbox-context.ts';
import { conversationAnchor } from './callback-state.ts';

export function LeadConversations({ conversations, callbacks }: { conversations: ConversationJson[]; callbacks: CallbackJson[] }) {
  const tries = new Map(callbacks.map((call) => [call.conversationId, call.attempt]));
  return (
    <div className="divide-y divide-line">
      {conversations.map((conversation) => (
        <LeadConversation key={conversation.id} conversation={conversation} attempt={tries.get(conversation.id)} />
      ))}
    </div>
  );
}

/** `attempt`: the try of Alex's calls back it was, if it was one. */
function LeadConversation({ conversation, attempt }: { conversation: ConversationJson; attempt: number | undefined }) {
  const { t } = useInbox();
  const c = t.conversations;
  const id = useId();
  const { summary, transcript, channel, reported } = conversation;
  return (
    <div id={conversationAnchor(conversation.id)} className="grid scroll-mt-24 gap-5 py-6 first:pt-0 last:pb-0">
      {attempt !== undefined && (
        <p className="text-sm font-semibold text-sky-200">
          {format(t.callback.title, { assistant: t.assistants.voice })} · {format(t.callback.try, { attempt })}
        </p>
      )}
      <div>
        <h3 id={`${id}-summary`} className="text-sm font-semibold text-slate-300">
          {c.summary}
        </h3>
        <p className="mt-1.5 text-pretty wrap-anywhere whitespace-pre-wrap text-slate-100">{summary ?? (reported ? c.noSummary : c.notReported)}</p>
      </div>
      <ConversationFacts conversation={conversation} />
      {transcript.length > 0 && (
        <div>
          <h3 id={`${id}-transcript`} className="text-sm font-semibold text-slate-300">
            {c.transcript}
          </h3>
          <div className="mt-2.5">
            <Transcript lines={transcript} channel={channel} collapsible labelledBy={`${id}-transcript`} />
          </div>
        </div>
      )}
    </div>
  );
}
