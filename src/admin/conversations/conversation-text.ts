// A conversation with Alex or Lana in the inbox's words: who spoke, how long it lasted, how it ended,
// when it started. Pure, so the tests need no page.
import { format } from '../../content/i18n/format.ts';
import type { InboxTexts } from '../../content/i18n/inbox.ts';
import type { AssistantChannel, ConversationJson, TranscriptLine } from '../../shared/conversations.ts';

type Texts = Pick<InboxTexts, 'assistants' | 'conversations'>;

/** "Alex" for a call, "Lana" for a chat. */
export const assistantOf = (channel: AssistantChannel, t: Pick<InboxTexts, 'assistants'>) => t.assistants[channel];

/** A text that names the conversation's assistant (`{assistant}`), filled in. */
export const withAssistant = (template: string, channel: AssistantChannel, t: Pick<InboxTexts, 'assistants'>) =>
  format(template, { assistant: assistantOf(channel, t) });

/** Who said a turn: the assistant by name, or the visitor. */
export const speakerOf = (line: TranscriptLine, channel: AssistantChannel, t: Texts) =>
  line.speaker === 'assistant' ? assistantOf(channel, t) : t.conversations.visitor;

/** "3 min 30 s", "45 s", "2 min"; whole seconds. */
export function durationText(seconds: number, t: Texts): string {
  const whole = Math.max(0, Math.round(seconds));
  const [minutes, rest] = [Math.floor(whole / 60), whole % 60];
  const c = t.conversations;
  if (minutes === 0) return format(c.seconds, { seconds: rest });
  return format(rest ? c.minutesSeconds : c.minutes, { minutes, seconds: rest });
}

/** The duration as HTML's <time> reads one: `PT3M30S`. */
export const durationAttribute = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  return `PT${Math.floor(whole / 60)}M${whole % 60}S`;
};

/** Why it ended, in words where the reason is a known one; any other as Vapi wrote it. */
export function endedText(reason: string, channel: AssistantChannel, t: Texts): string {
  const reasons: Record<string, string> = t.conversations.endedReasons;
  return Object.hasOwn(reasons, reason) ? withAssistant(reasons[reason]!, channel, t) : reason;
}

/** When it started, or, without a report, when it was first heard of. */
export const startOf = (conversation: Pick<ConversationJson, 'startedAt' | 'createdAt'>) => conversation.startedAt ?? conversation.createdAt;

/** A link the inbox may open: a web address, never a script's. */
export const isWebAddress = (url: string) => /^https?:\/\/\S+$/i.test(url);
