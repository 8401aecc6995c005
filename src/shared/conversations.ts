// The conversations with Alex (a voice call) and Lana (a chat) as the inbox shows them: what Vapi's
// end-of-call report said, with the lead the conversation made, if it made one (server/assistants/).
// The answers' shapes are zod schemas, which the API's description reads (server/http/openapi.ts); the
// types are derived from them.
import { z } from './zod.ts';
import { LEAD_SOURCES, type LeadSource } from './booking.ts';

/** The assistants' channels: the lead sources other than the form. */
export type AssistantChannel = Exclude<LeadSource, 'form'>;

/** How many conversations GET /api/admin/conversations answers at most, newest first. */
export const RECENT_CONVERSATIONS = 50;

/** One turn of a conversation. */
export const transcriptLine = z.object({
  speaker: z.enum(['assistant', 'visitor']),
  text: z.string(),
});
export type TranscriptLine = z.output<typeof transcriptLine>;

/** A conversation as GET /api/admin/conversations… answers it. */
export const conversationJson = z.object({
  id: z.string(),
  channel: z.enum(LEAD_SOURCES.filter((s): s is AssistantChannel => s !== 'form') as [AssistantChannel, ...AssistantChannel[]]),
  locale: z.string(),
  leadId: z.string().nullable(),
  /** The lead's first name and business, for the list; null without a lead. */
  leadName: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  endedReason: z.string().nullable(),
  summary: z.string().nullable(),
  transcript: z.array(transcriptLine),
  recordingUrl: z.string().nullable(),
  cost: z.number().nullable(),
  /** Whether the end-of-call report arrived; false while only a tool call named it. */
  reported: z.boolean(),
  createdAt: z.string(),
});
export type ConversationJson = z.output<typeof conversationJson>;
