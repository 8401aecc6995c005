// POST /api/vapi: the server URL of both assistants (Alex, voice; Lana, chat). Every message must come
// from Vapi (vapi-auth.ts); one that does not is refused with 401 before its body is read as JSON, and
// nothing of it is kept or logged. `tool-calls` are answered one entry per call, each once: the same
// toolCallId again gets the stored answer and changes nothing, on any instance (the table
// assistant_tool_calls holds the claim, then the answer). `end-of-call-report` is stored (answered at
// once: Vapi waits 20 s and does not retry), a repeat of it dropped. Anything else is answered `{}`.
// Without VAPI_SERVER_SECRET none of this exists (404).
// POST /api/visit-token signs the page's first-touch attribution for the conversation's metadata.
import type { FastifyInstance } from 'fastify';
import { assistantSpeech } from '../../content/i18n/assistant-speech.ts';
import { isUniqueViolation } from '../store/database.ts';
import type { AssistantTools, ToolAnswer } from './assistant-tools.ts';
import { keepTranscript, recordReport } from '../leads/conversation-store.ts';
import { isFromVapi } from './vapi-auth.ts';
import { messagesOf, readVapiMessage, reportOf, toolCallsOf, type ConversationContext, type ToolCall } from './vapi-messages.ts';
import type { VisitTokens } from './visit-token.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../store/database.ts';
import type { TranscriptLine } from '../../shared/conversations.ts';

/** Vapi's messages carry whole transcripts: an hour's call is well under this. */
const BODY_LIMIT = 2 * 1024 * 1024;
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
  /** A chat's conversation so far, from Vapi's API (VAPI_PRIVATE_KEY), when a tool call does not carry it. */
  fetchChat?: (chatId: string) => Promise<TranscriptLine[]>;
  now?: () => Date;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function assistantRoutes(app: FastifyInstance, opts: AssistantRoutesOptions) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  // The body as it came, for the signature: read as text here, parsed once the sender is known.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  /** The tool calls being answered on this instance, so one sent twice at once is answered once. */
  const answering = new Map<string, Promise<ToolAnswer>>();

  /** One tool call's answer, worked out once across every instance, and kept. */
  const answerOnce = async (call: ToolCall, context: ConversationContext, log: FastifyInstance['log']): Promise<ToolAnswer> => {
    const unavailable = { error: assistantSpeech[context.locale].unavailable };
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const row = await db.selectFrom('assistant_tool_calls').select(['answer', 'created_at']).where('tool_call_id', '=', call.id).executeTakeFirst();
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
    const transcript = carried.length ? carried : await opts.fetchChat?.(context.callId).catch((err: unknown) => {
      log.warn({ err, callId: context.callId }, 'chat transcript not fetched');
      return [];
    });
    if (transcript?.length) await keepTranscript(db, context.callId, transcript);
  };

  app.post('/api/vapi', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!isFromVapi(request.headers, raw, opts.secret, now().getTime())) {
      request.log.warn('assistant message refused: not signed with VAPI_SERVER_SECRET');
      return reply.code(401).send({ error: 'unauthorized' });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return reply.code(400).send({ error: 'The message is not JSON.' });
    }
    const read = readVapiMessage(body, opts.chatAssistantId);
    if (!read) return reply.code(400).send({ error: 'The message has no type.' });
    const { type, message, context } = read;

    if (type === 'tool-calls') {
      const calls = toolCallsOf(message);
      const results = await Promise.all(calls.map(async (call) => ({ toolCallId: call.id, ...(await answer(call, context, request.log)) })));
      if (calls.some((c) => c.name === 'book_discovery_call')) {
        await keepChat(message, context, request.log).catch((err: unknown) => request.log.warn({ err }, 'chat transcript not kept'));
      }
      return { results };
    }
    if (type === 'end-of-call-report') {
      if (!context.callId) return {};
      const stored = await recordReport(db, { ...context, callId: context.callId }, reportOf(message), now());
      request.log.info({ callId: context.callId, channel: context.channel, stored }, stored === 'stored' ? 'conversation stored' : 'conversation report repeated; dropped');
      return {};
    }
    request.log.debug({ type }, 'assistant message ignored');
    return {};
  });

  app.post('/api/visit-token', { bodyLimit: 8 * 1024 }, async (request, reply) => {
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
