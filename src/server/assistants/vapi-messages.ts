// Reading what Vapi sends to the assistants' server URL: `{"message": {"type": …, "call": {…}, …}}`.
// Vapi's documents and its real payloads differ (a tool call's arguments come as an object, as a JSON
// string, or flattened beside its name as `parameters`), and fields move between versions, so each
// fact is looked for where any of them put it, and nothing here trusts a type it has not checked.
import { isLocale, type Locale } from '../../shared/locale.ts';
import type { AssistantChannel, TranscriptLine } from '../../shared/conversations.ts';
import type { CallReport } from '../leads/conversation-store.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const objectAt = (v: unknown, key: string): Json | undefined => (isObject(v) && isObject(v[key]) ? v[key] : undefined);
const stringAt = (v: unknown, key: string): string | undefined => (isObject(v) && typeof v[key] === 'string' ? v[key] : undefined);
const numberAt = (v: unknown, key: string): number | undefined => (isObject(v) && typeof v[key] === 'number' && Number.isFinite(v[key]) ? v[key] : undefined);
const first = <T>(...values: (T | undefined)[]): T | undefined => values.find((v) => v !== undefined);

/** The longest id kept: Vapi's are UUIDs; anything far longer is not one of theirs. */
const MAX_ID = 90;
const idOf = (v: string | undefined) => (v && v.length <= MAX_ID && /^[\w.:-]+$/.test(v) ? v : undefined);

/** A tool call, whichever shape it came in. */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as an object; empty when they were missing or not an object. */
  args: Json;
}

/** What a message says about the conversation it belongs to. */
export interface ConversationContext {
  /** Vapi's id of the call (voice) or the chat's session (else the chat); undefined when the message names none. */
  callId: string | undefined;
  /** The chat's own id, which Vapi's API reads a chat's messages by. */
  chatId?: string | undefined;
  channel: AssistantChannel;
  locale: Locale;
  /** The page's signed visit token, echoed back in the metadata; untrusted until checked. */
  visitToken: string | undefined;
  /** The signed reference to the lead a call Alex placed is about (leads/lead-ref.ts); untrusted until checked. */
  leadRef?: string | undefined;
}

export interface VapiMessage {
  type: string;
  message: Json;
  context: ConversationContext;
}

/** The message inside the body, or undefined when the body is not one. */
export function readVapiMessage(body: unknown, chatAssistantId?: string): VapiMessage | undefined {
  const message = objectAt(body, 'message');
  const type = stringAt(message, 'type');
  if (!message || !type) return undefined;
  return { type, message, context: contextOf(message, chatAssistantId) };
}

function contextOf(message: Json, chatAssistantId: string | undefined): ConversationContext {
  const call = objectAt(message, 'call');
  const chat = objectAt(message, 'chat');
  const session = objectAt(message, 'session');
  const overrides = first(objectAt(call, 'assistantOverrides'), objectAt(chat, 'assistantOverrides'), objectAt(session, 'assistantOverrides'));
  const variables = first(objectAt(overrides, 'variableValues'), objectAt(objectAt(message, 'assistant'), 'variableValues'));
  const metadata = first(objectAt(overrides, 'metadata'), objectAt(call, 'metadata'), objectAt(chat, 'metadata'), objectAt(objectAt(message, 'assistant'), 'metadata'));
  const language = stringAt(variables, 'language');
  const assistantId = first(stringAt(call, 'assistantId'), stringAt(chat, 'assistantId'), stringAt(objectAt(message, 'assistant'), 'id'));
  const isChat = chat !== undefined || session !== undefined || stringAt(call, 'type') === 'chat' || (chatAssistantId !== undefined && assistantId === chatAssistantId);
  const chatId = idOf(stringAt(chat, 'id'));
  return {
    // A chat's conversation is its session where it has one (every exchange of one conversation is a
    // chat of its own within it); a call's, the call.
    callId: idOf(first(stringAt(call, 'id'), stringAt(session, 'id'), stringAt(chat, 'id'))),
    ...(chatId ? { chatId } : {}),
    channel: isChat ? 'chat' : 'voice',
    locale: isLocale(language) ? language : 'en',
    // Vapi's web chat takes no metadata: the page sends the token among the variables as well.
    visitToken: stringAt(metadata, 'visitToken') ?? stringAt(variables, 'visit_token'),
    ...(stringAt(metadata, 'lead') ? { leadRef: stringAt(metadata, 'lead') } : {}),
  };
}

/** Arguments as an object, from an object or a JSON string; anything else is none. */
function argumentsOf(value: unknown): Json {
  if (isObject(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return isObject(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return {};
}

/**
 * The tool calls of a `tool-calls` message: `toolCallList`, and the calls inside `toolWithToolCallList`
 * (which may be all there is), each as Vapi's types have it (`{id, function: {name, arguments}}`) or
 * flattened (`{id, name, parameters}`); in `toolWithToolCallList` the name may stand on the tool
 * beside the call (`{name | function: {name}, toolCall: {id, parameters}}`, as Vapi's events page shows
 * it). A call without an id cannot be answered, and is left out.
 */
export function toolCallsOf(message: Json): ToolCall[] {
  const listed = (Array.isArray(message.toolCallList) ? message.toolCallList : []).map((call) => ({ call, tool: undefined as Json | undefined }));
  const withTools = (Array.isArray(message.toolWithToolCallList) ? message.toolWithToolCallList : []).map((tool) => ({
    call: objectAt(tool, 'toolCall'),
    tool: isObject(tool) ? tool : undefined,
  }));
  const calls: ToolCall[] = [];
  const seen = new Set<string>();
  for (const { call, tool } of [...listed, ...withTools]) {
    if (!isObject(call)) continue;
    const id = stringAt(call, 'id');
    const fn = objectAt(call, 'function');
    const name = first(stringAt(fn, 'name'), stringAt(call, 'name'), stringAt(objectAt(tool, 'function'), 'name'), stringAt(tool, 'name'));
    if (!id || id.length > 200 || !name || seen.has(id)) continue;
    seen.add(id);
    calls.push({ id, name, args: argumentsOf(first(fn?.arguments, call.arguments, call.parameters)) });
  }
  return calls;
}

/** The longest turn kept, in characters, and the most turns: a report is a record, not an archive. */
const MAX_TURN = 4000;
const MAX_TURNS = 400;

/** The turns of a conversation from Vapi's messages (`{role, message}` or `{role, content}`). */
export function transcriptOf(messages: unknown): TranscriptLine[] {
  if (!Array.isArray(messages)) return [];
  const lines: TranscriptLine[] = [];
  for (const m of messages) {
    const role = stringAt(m, 'role');
    const speaker = role === 'user' ? 'visitor' : role === 'bot' || role === 'assistant' ? 'assistant' : undefined;
    const text = first(stringAt(m, 'message'), stringAt(m, 'content'))?.trim();
    if (speaker && text) lines.push({ speaker, text: text.slice(0, MAX_TURN) });
    if (lines.length >= MAX_TURNS) break;
  }
  return lines;
}

/** The plain transcript Vapi also sends ("AI: …\nUser: …"), when it sends no messages. */
function transcriptOfText(text: string | undefined): TranscriptLine[] {
  if (!text) return [];
  const lines: TranscriptLine[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(AI|Assistant|Bot|User|Customer)\s*:\s*(.+)$/i.exec(line);
    if (match) lines.push({ speaker: /^(user|customer)$/i.test(match[1]!) ? 'visitor' : 'assistant', text: match[2]!.trim().slice(0, MAX_TURN) });
    if (lines.length >= MAX_TURNS) break;
  }
  return lines;
}

const instant = (v: string | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);
const capped = (v: string | undefined, max: number) => (v?.trim() ? v.trim().slice(0, max) : null);
const httpUrl = (v: string | undefined) => (v && v.length <= 2000 && /^https?:\/\/\S+$/i.test(v) ? v : null);

/** The conversation's messages, wherever the message carries them (a report's artifact, a chat's list). */
export function messagesOf(message: Json): TranscriptLine[] {
  const artifact = objectAt(message, 'artifact');
  const chat = objectAt(message, 'chat');
  for (const list of [artifact?.messages, message.messages, chat?.messages, objectAt(message, 'call')?.messages]) {
    const lines = transcriptOf(list);
    if (lines.length) return lines;
  }
  return transcriptOfText(first(stringAt(artifact, 'transcript'), stringAt(message, 'transcript')));
}

/** A `status-update`'s status (`scheduled`, `queued`, `ringing`, `in-progress`, `ended`…), as Vapi's CallStatus has it. */
export const statusOf = (message: Json): string | undefined => first(stringAt(message, 'status'), stringAt(objectAt(message, 'call'), 'status'));

export function reportOf(message: Json): CallReport {
  const artifact = objectAt(message, 'artifact');
  const analysis = objectAt(message, 'analysis');
  const call = objectAt(message, 'call');
  const recording = objectAt(artifact, 'recording');
  const startedAt = instant(first(stringAt(message, 'startedAt'), stringAt(call, 'startedAt')));
  const endedAt = instant(first(stringAt(message, 'endedAt'), stringAt(call, 'endedAt')));
  const duration = first(numberAt(message, 'durationSeconds'), numberAt(call, 'durationSeconds'));
  const structured = analysis?.structuredData;
  return {
    startedAt,
    endedAt,
    durationSeconds: duration ?? (startedAt && endedAt ? Math.max(0, (Date.parse(endedAt) - Date.parse(startedAt)) / 1000) : null),
    endedReason: capped(first(stringAt(message, 'endedReason'), stringAt(call, 'endedReason')), 200),
    summary: capped(first(stringAt(analysis, 'summary'), stringAt(message, 'summary')), 8000),
    transcript: messagesOf(message),
    structuredData: structured === undefined || structured === null ? null : JSON.stringify(structured).slice(0, 20_000),
    recordingUrl: httpUrl(
      first(stringAt(message, 'recordingUrl'), stringAt(artifact, 'recordingUrl'), stringAt(objectAt(recording, 'mono'), 'combinedUrl'), stringAt(recording, 'url')),
    ),
    cost: first(numberAt(message, 'cost'), numberAt(call, 'cost')) ?? null,
  };
}
