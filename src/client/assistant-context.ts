// What Alex (the voice demo) and Lana (the chat) are told as a conversation starts, in Vapi's
// `assistantOverrides`: the page's language, today's date in Sofia and the booking form's services
// (`variableValues`, for the assistants' prompts), and the visit token (`metadata`), which carries the
// visitor's first touch signed by our server: Vapi echoes the metadata with each tool call, so a lead
// booked in a call or a chat keeps where the visit came from. Loaded with the call's session and with
// the chat, never in the page's first script (scripts/build-output.test.ts).
import { assistantVariables, type AssistantPage, type AssistantVariables } from '../content/i18n/assistant-variables.ts';
import type { Attribution } from '../shared/attribution.ts';
import { firstTouch } from './visit.ts';

export type { AssistantPage, AssistantVariables };

/** What both assistants get; the call adds its own (client/voice/voice-overrides.ts). */
export interface AssistantContext {
  variableValues: AssistantVariables;
  metadata?: { visitToken: string };
}

/** Our server's answer to `{attribution}`: `{token}`, or 404 where it signs none. */
export const VISIT_TOKEN_PATH = '/api/visit-token';
/** The longest a call or a chat waits for the token; it then starts without one. */
export const VISIT_TOKEN_WAIT_MS = 1500;

/** The overrides both assistants get, with the visit token when there is one. */
export function assistantContext(page: AssistantPage, visitToken?: string, now: Date = new Date()): AssistantContext {
  return {
    variableValues: { ...assistantVariables(page, now), ...(visitToken ? { visit_token: visitToken } : {}) },
    ...(visitToken ? { metadata: { visitToken } } : {}),
  };
}

interface VisitTokenOptions {
  fetch?: typeof fetch;
  /** Where the visit began; none when the visitor refused tracking. */
  attribution?: () => Attribution | undefined;
  waitMs?: number;
}

/**
 * The visit token, asked of our server the first time it is wanted and never again in this page view:
 * each later call gets the same answer. A refusal, a failure or an unreadable answer is no token;
 * the visitor who refuses tracking sends nothing. Each caller waits at most `waitMs` for it; an answer
 * that comes later still serves the next conversation.
 */
export function visitTokenSource({
  fetch: fetchImpl = (input, init) => fetch(input, init),
  attribution = firstTouch,
  waitMs = VISIT_TOKEN_WAIT_MS,
}: VisitTokenOptions = {}): () => Promise<string | undefined> {
  let asked: Promise<string | undefined> | undefined;
  const ask = async (): Promise<string | undefined> => {
    const touch = attribution();
    if (!touch) return undefined;
    try {
      const response = await fetchImpl(VISIT_TOKEN_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ attribution: touch }),
      });
      if (!response.ok) return undefined;
      const { token } = ((await response.json()) ?? {}) as { token?: unknown };
      return typeof token === 'string' && token ? token : undefined;
    } catch {
      return undefined;
    }
  };
  return () => {
    asked ??= ask();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
    return Promise.race([asked, late]).finally(() => clearTimeout(timer));
  };
}

/** The page's one visit token, shared by the call and the chat. */
export const visitToken = visitTokenSource();
