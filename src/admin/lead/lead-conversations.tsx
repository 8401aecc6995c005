// A lead Alex or Lana made: the conversation that made it, its summary first, then what it was (when,
// how long, how it ended, the recording) and the transcript, cut short when long.
import { useId } from 'react';
import type { ConversationJson } from '../../shared/conversations.ts';
import { ConversationFacts } from '../conversations/conversation-facts.tsx';
import { Transcript } from '../conversations/transcript.tsx';
import { useInbox } from '../inbox-context.ts';

export function LeadConversations({ conversations }: { conversations: ConversationJson[] }) {
  return (
    <div className="divide-y divide-line">
      {conversations.map((conversation) => (
        <LeadConversation key={conversation.id} conversation={conversation} />
      ))}
    </div>
  );
}

function LeadConversation({ conversation }: { conversation: ConversationJson }) {
  const { t } = useInbox();
  const c = t.conversations;
  const id = useId();
  const { summary, transcript, channel, reported } = conversation;
  return (
    <div className="grid gap-5 py-6 first:pt-0 last:pb-0">
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
