// POST /api/vapi: the server URL of both assistants (Alex, voice; Lana, chat). Every message must come
// from Vapi (vapi-auth.ts). One with the shared secret's header is checked before its body is read; one
// with neither the header nor a fresh HMAC timestamp is refused at once; only a few HMAC-signed bodies
// (which cannot be checked before they are read) are read at a time. A refused one gets 401 and nothing
// of it is kept or logged. Every string in a message is made storable as the form's are (no NUL, no lone
// surrogate). `tool-calls` are answered one entry per call (with its name, as Vapi's types want), each
// result on one line (Vapi ignores any other), each once: the same toolCallId again in the same
// conversation gets the stored answer and changes nothing, on any instance (the table
// assistant_tool_calls holds the claim, then the answer); from another conversation it gets nothing of
// it. `end-of-call-report` is stored (answered at once: Vapi waits 20 s and does not retry), a repeat of
// it dropped. `assistant-request` is answered with Alex (VAPI_ASSISTANT_ID), or an error Vapi can say.
// Anything else is answered `{}`. Without VAPI_SERVER_SECRET none of this exists (404).
// POST /api/visit-token signs the page's first-touch attribution for the conversation's metadata.
import type { Vapi } from '@vapi-ai/server-sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assistantSpeech } from '../../content/i18n/assistant-speech.ts';
import { isUniqueViolation } from '../store/database.ts';
import type { AssistantTools, ToolAnswer } from './assistant-tools.ts';
import { keepTranscript, linkLead, recordReport } from '../leads/conversation-store.ts';
import { recordCallStatus } from '../leads/callbacks.ts';
import { isCallStatus } from '../../shared/callbacks.ts';
import { freshTimestamp, isFromVapi, sameSecret } from './vapi-auth.ts';
import { storableText } from '../../shared/text.ts';
import { messagesOf, readVapiMessage, reportOf, statusOf, toolCallsOf, type ConversationContext, type ToolCall } from './vapi-messages.ts';
import type { VisitTokens } from './visit-token.ts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../store/database.ts';
import type { TranscriptLine } from '../../shared/conversations.ts';
import { apiError, json, refusal, retryOnly, VAPI_SECRET, VAPI_SIGNATURE } from '../http/route-schemas.ts';

/** Vapi's messages carry whole transcripts: an hour's call is well under this. */
const BODY_LIMIT = 2 * 1024 * 1024;
/** HMAC-signed bodies read at once before their signature can be checked: a flood of forged ones holds no more. */
const UNCHECKED_AT_ONCE = 4;
/** How long a tool call waits for another instance answering the same call, and when a claim is stale. */
const WAIT_MS = 10_000;
const STALE_CLAIM_MS = 30_000;
const POLL_MS = 50;

export interface AssistantRoutesOptions {
  db: Kysely<Database>;
  secret: string;
  tools: AssistantTools;
  visitTokens: VisitTokens;
  /** Lana's assistant id, which tells a chat from a call where the message does not say. */
  chatAssistantId?: string | undefined;
  /** Alex's assistant id (VAPI_ASSISTANT_ID): the answer to an `assistant-request`. */
  assistantId?: string | undefined;
  /** Tells the operator's channels of a conversation whose report was stored (notifications/index.ts). */
  conversationEnded?: (callId: string) => Promise<number>;
  /** The lead a call Alex placed names (its signed reference); undefined for a missing or forged one. */
  leadOf?: (ref: string) => Promise<string | undefined>;
  /** A chat's conversation so far, from Vapi's API (VAPI_PRIVATE_KEY), when a tool call does not carry it. */
  fetchChat?: (chatId: string) => Promise<TranscriptLine[]>;
  now?: () => Date;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tool's result as Vapi's own types have it; Vapi ignores one that is not a single line. */
type ToolCallResult = Vapi.ToolCallResult;
/** The answer to an `assistant-request`, as Vapi's own types have it. */
type AssistantRequestAnswer = Vapi.ServerMessageResponseAssistantRequest;

/**
 * The messages as the API's description shows them: the route reads the raw body itself (it is signed),
 * and readVapiMessage takes what it needs of Vapi's shapes.
 */
const vapiMessage = z.object({
  message: z.looseObject({ type: z.string().describe('`tool-calls`, `assistant-request`, `end-of-call-report`, or another (answered `{}`).') }),
});
/** The answers, by the message's type: the tool calls' results, the assistant that answers, or nothing. */
const vapiAnswer = z.union([
  z.object({
    results: z.array(
      z.object({ name: z.string(), toolCallId: z.string(), result: z.string().optional(), error: z.string().optional() }),
    ),
  }) satisfies z.ZodType<Vapi.ServerMessageResponseToolCalls>,
  z.object({ assistantId: z.string() }),
  z.object({ error: z.string() }),
  z.object({}),
]);
const vapiSchema = {
  tags: ['assistants'],
  summary: "The assistants' server URL, for Vapi's messages (exists only with VAPI_SERVER_SECRET)",
  security: [{ [VAPI_SECRET]: [] }, { [VAPI_SIGNATURE]: [] }] as Record<string, string[]>[],
  body: vapiMessage,
  response: {
    200: json(vapiAnswer, '`tool-calls`: one result per call, each on one line; `assistant-request`: the assistant, or words Vapi can say; otherwise `{}`.'),
    400: refusal('Not JSON, or a message without a type.'),
    401: refusal('Not signed with VAPI_SERVER_SECRET: nothing stored, nothing of the body logged.'),
    503: refusal('Too many signed bodies read at once; Retry-After: 1.'),
  },
};
const visitTokenSchema = {
  tags: ['assistants'],
  summary: "The page's first-touch attribution, signed for the conversation's metadata",
  body: z.object({ attribution: z.unknown().optional().describe("The booking API's `attribution`; unknown keys dropped.") }),
  response: {
    200: json(z.object({ token: z.string() }), 'A token good for 24 hours.'),
    400: json(apiError, 'Not JSON.'),
    503: json(retryOnly, 'The site secret cannot be read; Retry-After: 5.'),
  },
};

/** An answer with its text on one line. */
const oneLine = (answer: ToolAnswer): ToolAnswer => {
  const flat = (text: string) => text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();
  return 'result' in answer ? { result: flat(answer.result) } : { error: flat(answer.error) };
};

export async function assistantRoutes(app: FastifyInstance, opts: AssistantRoutesOptions) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  // The body as it came, for the signature: read as text here, parsed once the sender is known.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  // Before the body is read: the shared secret checked, or an HMAC timestamp fresh and a place free
  // among the few bodies read unchecked at once; anything else refused without reading a byte.
  let unchecked = 0;
  const refuse = (reply: FastifyReply) => reply.code(401).header('connection', 'close').send({ error: 'unauthorized' });
  const gate = async (request: FastifyRequest, reply: FastifyReply) => {
    const shared = request.headers['x-vapi-secret'];
    if (typeof shared === 'string') {
      if (sameSecret(shared, opts.secret)) return;
      request.log.warn('assistant message refused: not signed with VAPI_SERVER_SECRET');
      return refuse(reply);
    }
    const stamp = request.headers['x-timestamp'];
    if (typeof request.headers['x-signature'] !== 'string' || typeof stamp !== 'string' || !freshTimestamp(stamp, now().getTime())) {
      request.log.warn('assistant message refused: not signed with VAPI_SERVER_SECRET');
      return refuse(reply);
    }
    if (unchecked >= UNCHECKED_AT_ONCE) return reply.code(503).header('retry-after', '1').send({ error: 'busy' });
    unchecked++;
    let released = false;
    const release = () => {
      if (!released) unchecked--;
      released = true;
    };
    request.raw.once('close', release);
    reply.raw.once('close', release);
  };

  /** The tool calls being answered on this instance, so one sent twice at once is answered once. */
  const answering = new Map<string, Promise<ToolAnswer>>();

  /** One tool call's answer, worked out once across every instance, and kept. */
  const answerOnce = async (call: ToolCall, context: ConversationContext, log: FastifyInstance['log']): Promise<ToolAnswer> => {
    const unavailable = { error: assistantSpeech[context.locale].unavailable };
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const row = await db.selectFrom('assistant_tool_calls').select(['answer', 'created_at', 'call_id']).where('tool_call_id', '=', call.id).executeTakeFirst();
      // The id belongs to another conversation: nothing of its answer is given, nothing is done.
      if (row && row.call_id !== (context.callId ?? '')) {
        log.warn({ toolCallId: call.id, callId: context.callId }, 'assistant tool call id reused by another conversation');
        return unavailable;
      }
      if (row?.answer) return JSON.parse(row.answer) as ToolAnswer;
      if (row && Date.now() - new Date(row.created_at).getTime() > STALE_CLAIM_MS) {
        // An instance claimed it and never answered (it stopped): the claim is taken back.
        await db.deleteFrom('assistant_tool_calls').where('tool_call_id', '=', call.id).where('answer', 'is', null).execute();
        continue;
      }
      if (!row) {
        let claimed = false;
        try {
          const inserted = await db
            .insertInto('assistant_tool_calls')
            .values({ tool_call_id: call.id, call_id: context.callId ?? '', name: call.name.slice(0, 100), lead_id: null, answer: null, created_at: now().toISOString() })
            .onConflict((oc) => oc.column('tool_call_id').doNothing())
            .executeTakeFirst();
          claimed = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
        }
        if (claimed) {
          try {
            const { leadId, ...answer } = await opts.tools.answer(call, context);
            await db.updateTable('assistant_tool_calls').set({ answer: JSON.stringify(answer), lead_id: leadId ?? null }).where('tool_call_id', '=', call.id).execute();
            log.info({ toolCallId: call.id, tool: call.name, callId: context.callId, leadId, ok: 'result' in answer }, 'assistant tool answered');
            return answer;
          } catch (err) {
            // Nothing kept: the same call sent again is worked out afresh.
            log.error({ err, toolCallId: call.id, tool: call.name }, 'assistant tool failed');
            await db.deleteFrom('assistant_tool_calls').where('tool_call_id', '=', call.id).where('answer', 'is', null).execute().catch(() => {});
            return unavailable;
          }
        }
      }
      if (Date.now() > deadline) return unavailable;
      await sleep(POLL_MS);
    }
  };

  const answer = (call: ToolCall, context: ConversationContext, log: FastifyInstance['log']) => {
    let pending = answering.get(call.id);
    if (!pending) {
      pending = answerOnce(call, context, log)
        .catch((err: unknown) => {
          log.error({ err, toolCallId: call.id }, 'assistant tool failed');
          return { error: assistantSpeech[context.locale].unavailable };
        })
        .finally(() => answering.delete(call.id));
      answering.set(call.id, pending);
    }
    return pending;
  };

  /** A chat's conversation so far, kept with its lead: from the message, else from Vapi's API. */
  const keepChat = async (message: Record<string, unknown>, context: ConversationContext, log: FastifyInstance['log']) => {
    if (context.channel !== 'chat' || !context.callId) return;
    const carried = messagesOf(message);
    const transcript = carried.length ? carried : await opts.fetchChat?.(context.chatId ?? context.callId).catch((err: unknown) => {
      log.warn({ err, callId: context.callId }, 'chat transcript not fetched');
      return [];
    });
    if (transcript?.length) await keepTranscript(db, context.callId, transcript);
  };

  app.post('/api/vapi', { bodyLimit: BODY_LIMIT, onRequest: gate, schema: vapiSchema }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!isFromVapi(request.headers, raw, opts.secret, now().getTime())) {
      request.log.warn('assistant message refused: not signed with VAPI_SERVER_SECRET');
      return reply.code(401).send({ error: 'unauthorized' });
    }
    let body: unknown;
    try {
      // Every string storable as the form's are: a NUL in a transcript would fail PostgreSQL's insert.
      body = JSON.parse(raw, (_key, value: unknown) => (typeof value === 'string' ? storableText(value) : value));
    } catch {
      return reply.code(400).send({ error: 'The message is not JSON.' });
    }
    const read = readVapiMessage(body, opts.chatAssistantId);
    if (!read) return reply.code(400).send({ error: 'The message has no type.' });
    const { type, message, context } = read;

    if (type === 'tool-calls') {
      const calls = toolCallsOf(message);
      const results: ToolCallResult[] = await Promise.all(
        calls.map(async (call) => ({ name: call.name, toolCallId: call.id, ...oneLine(await answer(call, context, request.log)) })),
      );
      if (calls.some((c) => c.name === 'book_discovery_call')) {
        await keepChat(message, context, request.log).catch((err: unknown) => request.log.warn({ err }, 'chat transcript not kept'));
      }
      return { results } satisfies Vapi.ServerMessageResponseToolCalls;
    }
    if (type === 'status-update') {
      // Where a call Alex placed is (ringing, in progress, ended), for the lead's page.
      const status = statusOf(message);
      if (context.callId && isCallStatus(status)) await recordCallStatus(db, context.callId, status);
      return {};
    }
    if (type === 'end-of-call-report') {
      if (!context.callId) return {};
      // A call Alex placed reports to the lead it was about, whether or not a time was booked in it.
      const called = context.leadRef !== undefined ? await opts.leadOf?.(context.leadRef) : undefined;
      if (called) await linkLead(db, { ...context, callId: context.callId }, called, now());
      const stored = await recordReport(db, { ...context, callId: context.callId }, reportOf(message), now());
      request.log.info({ callId: context.callId, channel: context.channel, stored }, stored === 'stored' ? 'conversation stored' : 'conversation report repeated; dropped');
      // The operator's channels hear of it once (a write of a few rows); its failure costs the report nothing.
      if (stored === 'stored' && opts.conversationEnded) {
        await opts.conversationEnded(context.callId).catch((err: unknown) => request.log.error({ err, callId: context.callId }, 'conversation notice not written'));
      }
      return {};
    }
    if (type === 'assistant-request') {
      // A number or a call that names no assistant asks which one answers: Alex, or words Vapi says.
      const answer: AssistantRequestAnswer = opts.assistantId ? { assistantId: opts.assistantId } : { error: assistantSpeech[context.locale].unavailable };
      return answer;
    }
    request.log.debug({ type }, 'assistant message ignored');
    return {};
  });

  app.post('/api/visit-token', { bodyLimit: 8 * 1024, schema: visitTokenSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let body: unknown;
    try {
      body = typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
    } catch {
      return reply.code(400).send({ error: 'The request is not JSON.' });
    }
    const attribution = typeof body === 'object' && body !== null ? (body as { attribution?: unknown }).attribution : undefined;
    try {
      return { token: await opts.visitTokens.issue(attribution) };
    } catch (err) {
      request.log.warn({ err }, 'visit token not issued');
      return reply.code(503).header('retry-after', '5').send({ retryable: true });
    }
  });
}
