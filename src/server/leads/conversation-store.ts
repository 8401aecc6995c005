// The conversations with Alex and Lana: one row per Vapi call or chat (migration 017). A tool call that
// makes a lead names the conversation first (linkLead); the end-of-call report fills it in once, a
// repeat of it changes nothing (recordReport). A conversation that made a lead goes with the lead when
// the lead is erased; one that made none is erased after CONVERSATION_RETENTION_DAYS (privacy/retention.ts).
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { RECENT_CONVERSATIONS, type AssistantChannel, type ConversationJson, type TranscriptLine } from '../../shared/conversations.ts';
import type { Locale } from '../../shared/locale.ts';
import { fold } from './lead-search.ts';
import { containing } from './lead-queries.ts';
import { iso, newRowId, type ConversationsTable, type Database } from '../store/database.ts';

/**
 * What an end-of-call report says, as the store keeps it (assistants/vapi-messages.ts reads it): the
 * fields the inbox shows of a conversation, and its structured data as JSON.
 */
export type CallReport = Pick<
  ConversationJson,
  'startedAt' | 'endedAt' | 'durationSeconds' | 'endedReason' | 'summary' | 'transcript' | 'recordingUrl' | 'cost'
> & { structuredData: string | null };

/** The idempotency key of the lead a conversation makes: one lead per conversation, whatever is sent twice. */
export const conversationLeadKey = (callId: string) => `vapi:${callId}`;

/** Whether an idempotency key is one of the assistants' own: the form may not use them. */
export const isConversationLeadKey = (key: string) => key.toLowerCase().startsWith('vapi:');

/** The longest text the search of conversations looks in, per conversation. */
const MAX_SEARCH_TEXT = 20_000;

const searchTextOf = (summary: string | null, transcript: readonly TranscriptLine[]) =>
  fold([summary ?? '', ...transcript.map((l) => l.text)].join('\n')).slice(0, MAX_SEARCH_TEXT);

interface Conversation {
  callId: string;
  channel: AssistantChannel;
  locale: Locale;
}

/** Names the lead a conversation made, making the conversation's row if the report has not come yet. */
export async function linkLead(db: Kysely<Database>, conversation: Conversation, leadId: string, at: Date): Promise<void> {
  await db
    .insertInto('conversations')
    .values({ id: newRowId(), call_id: conversation.callId, channel: conversation.channel, locale: conversation.locale, lead_id: leadId, created_at: at.toISOString() })
    .onConflict((oc) => oc.column('call_id').doUpdateSet({ lead_id: leadId }).where('conversations.lead_id', 'is', null))
    .execute();
}

/** Keeps a chat's transcript a tool call carried (or one fetched from Vapi) until the report brings the whole. */
export async function keepTranscript(db: Kysely<Database>, callId: string, transcript: readonly TranscriptLine[]): Promise<void> {
  if (!transcript.length) return;
  await db
    .updateTable('conversations')
    .set({ transcript: JSON.stringify(transcript), search_text: searchTextOf(null, transcript) })
    .where('call_id', '=', callId)
    .where('reported_at', 'is', null)
    .execute();
}

/**
 * Stores an end-of-call report: `stored`, or `repeat` when the conversation's report came before (Vapi
 * may send one twice). The lead the conversation made, if any, is found by its key and linked.
 */
export async function recordReport(db: Kysely<Database>, conversation: Conversation, report: CallReport, at: Date): Promise<'stored' | 'repeat'> {
  const lead = await db.selectFrom('discovery_calls').select('id').where('idempotency_key', '=', conversationLeadKey(conversation.callId)).executeTakeFirst();
  const filled = {
    started_at: report.startedAt,
    ended_at: report.endedAt,
    duration_seconds: report.durationSeconds,
    ended_reason: report.endedReason,
    summary: report.summary,
    transcript: report.transcript.length ? JSON.stringify(report.transcript) : null,
    structured_data: report.structuredData,
    recording_url: report.recordingUrl,
    cost: report.cost,
    search_text: searchTextOf(report.summary, report.transcript),
    reported_at: at.toISOString(),
  };
  const result = await db
    .insertInto('conversations')
    .values({ id: newRowId(), call_id: conversation.callId, channel: conversation.channel, locale: conversation.locale, lead_id: lead?.id ?? null, created_at: at.toISOString(), ...filled })
    .onConflict((oc) =>
      oc
        .column('call_id')
        .doUpdateSet((eb) => ({ ...filled, lead_id: eb.fn.coalesce('conversations.lead_id', eb.val(lead?.id ?? null)) }))
        .where('conversations.reported_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? 'stored' : 'repeat';
}

type Row = Selectable<ConversationsTable> & { first_name?: string | null; business_name?: string | null };

function transcriptOfRow(text: string | null): TranscriptLine[] {
  if (!text) return [];
  try {
    const lines = JSON.parse(text) as unknown;
    return Array.isArray(lines) ? (lines as TranscriptLine[]) : [];
  } catch {
    return [];
  }
}

const timeOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

export function conversationJson(row: Row): ConversationJson {
  return {
    id: row.id,
    channel: row.channel,
    locale: row.locale,
    leadId: row.lead_id,
    leadName: row.first_name ? [row.first_name, row.business_name].filter(Boolean).join(', ') : null,
    startedAt: timeOrNull(row.started_at),
    endedAt: timeOrNull(row.ended_at),
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    endedReason: row.ended_reason,
    summary: row.summary,
    transcript: transcriptOfRow(row.transcript),
    recordingUrl: row.recording_url,
    cost: row.cost === null ? null : Number(row.cost),
    reported: row.reported_at !== null,
    createdAt: iso(row.created_at),
  };
}

const withLead = (db: Kysely<Database>) =>
  db
    .selectFrom('conversations')
    .leftJoin('discovery_calls', 'discovery_calls.id', 'conversations.lead_id')
    .selectAll('conversations')
    .select(['discovery_calls.first_name', 'discovery_calls.business_name']);

/** The conversations that made a lead, oldest first (a lead has one; an operator may see more in a later version). */
export async function conversationsOfLead(db: Kysely<Database>, leadId: string): Promise<ConversationJson[]> {
  const rows = await withLead(db).where('conversations.lead_id', '=', leadId).orderBy('conversations.created_at').execute();
  return rows.map(conversationJson);
}

/** The most recent conversations, newest first; those whose summary or transcript hold `q` when given. */
export async function recentConversations(db: Kysely<Database>, options: { q?: string; limit?: number } = {}): Promise<ConversationJson[]> {
  let query = withLead(db);
  const q = options.q ? fold(options.q) : '';
  if (q) {
    const pattern = containing(q);
    query = query.where(sql<SqlBool>`(conversations.search_text like ${pattern} escape '\\' or discovery_calls.search_text like ${pattern} escape '\\')`);
  }
  const rows = await query.orderBy('conversations.created_at', 'desc').orderBy('conversations.id', 'desc').limit(options.limit ?? RECENT_CONVERSATIONS).execute();
  return rows.map(conversationJson);
}
