// What an outbox entry says, frozen when it is written: the lead and the meeting as the change's own
// transaction saw them, and when it happened. Every attempt sends from these, so a retry after a later
// change still tells of what happened then (docs/decisions/048-frozen-notices.md).
import type { Kysely } from 'kysely';
import type { Database } from '../store/database.ts';
import type { CallOutcome } from '../../shared/callbacks.ts';
import type { AssistantChannel } from '../../shared/conversations.ts';
import { leadById, type Lead } from '../leads/lead-store.ts';
import { meetingNoticeById, type MeetingNotice } from './meeting-mail.ts';

/** What an entry says: the lead and the meeting as they were when it was written, and when that was. */
export interface Facts {
  at: Date;
  lead: Lead;
  meeting?: MeetingNotice | undefined;
  /** The lead was erased as this happened: a webhook names it by its id alone. */
  erased?: boolean | undefined;
  /** The conversation with an assistant a `conversation.ended` entry is about, as its report told it. */
  conversation?: ConversationFacts | undefined;
}

/** What the agency is told of a conversation with Alex or Lana that made or found a lead. */
export interface ConversationFacts {
  callId: string;
  channel: AssistantChannel;
  summary: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  /** For a call Alex placed because the lead asked: what came of it, which try it was, and in how many minutes the next follows (null: none). */
  callback?: { outcome: CallOutcome; attempt: number; nextTryMinutes: number | null } | undefined;
}

/** The facts as the outbox's `facts` column holds them (JSON). */
export function storedFacts(facts: Facts): string {
  const { meeting } = facts;
  return JSON.stringify({
    at: facts.at.toISOString(),
    lead: facts.lead,
    ...(facts.erased ? { erased: true } : {}),
    ...(meeting ? { meeting: { ...meeting, start: meeting.start.toISOString(), end: meeting.end.toISOString() } } : {}),
    ...(facts.conversation ? { conversation: facts.conversation } : {}),
  });
}

/** The facts an entry holds; undefined for one written before entries held them. */
export function factsOf(entry: { facts: string | null }): Facts | undefined {
  if (entry.facts === null) return undefined;
  const stored = JSON.parse(entry.facts) as {
    at: string;
    lead: Lead;
    erased?: boolean;
    meeting?: Omit<MeetingNotice, 'start' | 'end'> & { start: string; end: string };
    conversation?: ConversationFacts;
  };
  const { meeting } = stored;
  return {
    at: new Date(stored.at),
    lead: stored.lead,
    ...(stored.erased ? { erased: true } : {}),
    ...(meeting ? { meeting: { ...meeting, start: new Date(meeting.start), end: new Date(meeting.end) } } : {}),
    ...(stored.conversation ? { conversation: stored.conversation } : {}),
  };
}

/** The facts of an entry about `leadId` (and `meetingId`) as the database holds them now; undefined once the lead is gone. */
export async function currentFacts(db: Kysely<Database>, leadId: string, meetingId: string | null | undefined, at: Date): Promise<Facts | undefined> {
  const lead = await leadById(db, leadId);
  if (!lead) return undefined;
  const meeting = meetingId ? await meetingNoticeById(db, meetingId) : undefined;
  return { at, lead, ...(meeting ? { meeting } : {}) };
}
