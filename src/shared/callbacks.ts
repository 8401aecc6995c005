// Alex's calls back, as the inbox shows them: Vapi's word on where a call is (its `status`, as
// @vapi-ai/server-sdk's CallStatus has it) and what came of it, read from Vapi's `endedReason`. The
// outcome decides what follows: a lead not reached is tried once more; one reached by voicemail is not.
import { z } from './zod.ts';

/** Vapi's statuses of a call (CallStatus), the ones a call Alex places passes through. */
export const CALL_STATUSES = ['scheduled', 'queued', 'ringing', 'in-progress', 'forwarding', 'ended'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const isCallStatus = (v: unknown): v is CallStatus => (CALL_STATUSES as readonly unknown[]).includes(v);

/** What came of a call Alex placed. */
export const CALL_OUTCOMES = ['answered', 'booked', 'no-answer', 'busy', 'voicemail', 'failed', 'stopped'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** The outcomes after which the lead is tried again (within CALLBACK_ATTEMPTS). */
export const TRIED_AGAIN: ReadonlySet<CallOutcome> = new Set(['no-answer', 'busy']);

const NO_ANSWER = new Set(['customer-did-not-answer', 'call.forwarding.no-answer']);
const BUSY = new Set(['customer-busy', 'call.forwarding.operator-busy', 'vonage-rejected']);
const STOPPED = new Set(['manually-canceled', 'call-deleted', 'scheduled-call-deleted']);
/** Vapi's reasons for a call that never reached the person, beside its errors. */
const FAILED = /error|failed|misdialed|not-found|not-valid|assistant-request|no-call-received|worker-shutdown|join-timed-out|microphone/;

/**
 * What came of a call from Vapi's `endedReason` (CallEndedReason) and whether Alex booked the lead's
 * meeting in it. A reason Vapi adds later reads as answered unless it names an error.
 */
export function callOutcomeOf(endedReason: string | null, booked: boolean): CallOutcome {
  const reason = (endedReason ?? '').trim().toLowerCase();
  if (NO_ANSWER.has(reason)) return 'no-answer';
  if (BUSY.has(reason)) return 'busy';
  if (reason === 'voicemail') return 'voicemail';
  if (STOPPED.has(reason)) return 'stopped';
  if (booked) return 'booked';
  if (!reason || FAILED.test(reason)) return 'failed';
  return 'answered';
}

/** One call Alex placed to a lead, as the lead's page shows it. */
export const callbackJson = z.object({
  /** Vapi's id of the call. */
  callId: z.string(),
  /** Its conversation among the lead's (its summary and transcript once reported). */
  conversationId: z.string(),
  attempt: z.number(),
  status: z.enum(CALL_STATUSES).nullable(),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  /** When Vapi was asked to place it, for a call waiting for the calling hours. */
  scheduledFor: z.string().nullable(),
  startedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
});
export type CallbackJson = z.output<typeof callbackJson>;
