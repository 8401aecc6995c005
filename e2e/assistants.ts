// Conversations with Alex (voice) and Lana (chat) as Vapi reports them to the main test server's
// POST /api/vapi (src/server/assistants/), signed with its VAPI_SERVER_SECRET (servers.ts): a tool call
// that books the discovery call, which makes the lead, then the end-of-call report with the summary,
// the transcript and the recording; or the report alone, a conversation that made no lead. The messages
// are shaped as src/server/assistants/assistant-routes.test.ts sends them.
import { expect, type APIRequestContext } from '@playwright/test';
import type { AssistantChannel, TranscriptLine } from '../src/shared/conversations.ts';
import type { Locale } from '../src/shared/locale.ts';
import { leadsByEmail } from './leads.ts';
import { ASSISTANT_SECRET, SITE_URL } from './servers.ts';

/** What the end-of-call report says of a conversation. */
export interface Report {
  channel: AssistantChannel;
  /** The conversation's language (the assistant's `language` variable); English by default. */
  locale?: Locale;
  summary: string;
  transcript: TranscriptLine[];
  recordingUrl?: string;
  endedReason?: string;
  startedAt?: string;
  endedAt?: string;
}

/** What book_discovery_call is given: the booking form's fields, said in the conversation. */
export interface AssistantBooking {
  first_name: string;
  email: string;
  phone: string;
  business_name: string;
  service: string;
  product: string;
}

let made = 0;
/** An id of Vapi's call or chat no other test (or worker) uses. */
const newCallId = (channel: AssistantChannel) => `e2e-${channel}-${process.pid}-${Date.now().toString(36)}-${made++}`;

/** The part of a message that names the conversation: a web call's `call`, or a chat's `chat`. */
const conversationOf = (channel: AssistantChannel, callId: string, locale: Locale) => {
  const assistantOverrides = { variableValues: { language: locale } };
  return channel === 'chat' ? { chat: { id: callId, assistantOverrides } } : { call: { id: callId, type: 'webCall', assistantOverrides } };
};

async function send(request: APIRequestContext, message: Record<string, unknown>): Promise<unknown> {
  const res = await request.post(`${SITE_URL}/api/vapi`, { headers: { 'x-vapi-secret': ASSISTANT_SECRET }, data: { message } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The end-of-call report of a conversation (a new one, or `callId`'s); its call id. */
export async function reportConversation(request: APIRequestContext, report: Report, callId = newCallId(report.channel)): Promise<string> {
  const { channel, locale = 'en', summary, transcript, recordingUrl, endedReason, startedAt, endedAt } = report;
  await send(request, {
    type: 'end-of-call-report',
    ...conversationOf(channel, callId, locale),
    ...(endedReason ? { endedReason } : {}),
    ...(startedAt ? { startedAt } : {}),
    ...(endedAt ? { endedAt } : {}),
    analysis: { summary },
    artifact: {
      ...(recordingUrl ? { recordingUrl } : {}),
      messages: [
        { role: 'system', message: 'The assistant’s prompt, which the inbox does not show.' },
        ...transcript.map((line) => ({ role: line.speaker === 'assistant' ? 'bot' : 'user', message: line.text })),
      ],
    },
  });
  return callId;
}

/**
 * A lead booked in a conversation with Alex or Lana, without a time for the call (so it takes no seat
 * another test's booking might want), then the conversation's report. The lead's id and the call's.
 */
export async function bookThroughAssistant(request: APIRequestContext, booking: AssistantBooking, report: Report): Promise<{ id: string; callId: string }> {
  const callId = newCallId(report.channel);
  const answer = (await send(request, {
    type: 'tool-calls',
    ...conversationOf(report.channel, callId, report.locale ?? 'en'),
    toolCallList: [{ id: `${callId}-book`, type: 'function', function: { name: 'book_discovery_call', arguments: booking } }],
  })) as { results: { result?: string; error?: string }[] };
  expect(answer.results[0]?.error, 'the booking is taken').toBeUndefined();
  await reportConversation(request, report, callId);
  const [lead] = leadsByEmail(booking.email);
  expect(lead?.source).toBe(report.channel);
  return { id: lead!.id, callId };
}
