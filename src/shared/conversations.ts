// The conversations with Alex (a voice call) and Lana (a chat) as the inbox shows them: what Vapi's
// end-of-call report said, with the lead the conversation made, if it made one (server/assistants/).
import type { LeadSource } from './booking.ts';

/** The assistants' channels: the lead sources other than the form. */
export type AssistantChannel = Exclude<LeadSource, 'form'>;

/** How many conversations GET /api/admin/conversations answers at most, newest first. */
export const RECENT_CONVERSATIONS = 50;

/** One turn of a conversation. */
export interface TranscriptLine {
  speaker: 'assistant' | 'visitor';
  text: string;
}

/** A conversation as GET /api/admin/conversations… answers it. */
export interface ConversationJson {
  id: string;
  channel: AssistantChannel;
  locale: string;
  leadId: string | null;
  /** The lead's first name and business, for the list; null without a lead. */
  leadName: string | null;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  summary: string | null;
  transcript: TranscriptLine[];
  recordingUrl: string | null;
  cost: number | null;
  /** Whether the end-of-call report arrived; false while only a tool call named it. */
  reported: boolean;
  createdAt: string;
}
