// What Alex (the voice demo) and Lana (the chat) are told as a conversation starts, in Vapi's
// `assistantOverrides`: the page's language, today's date in Sofia and the booking form's services
// (`variableValues`, for the assistants' prompts), and the visit token (`metadata`), which carries the
// visitor's first touch signed by our server: Vapi echoes the metadata with each tool call, so a lead
// booked in a call or a chat keeps where the visit came from. Loaded with the call's session and with
// the chat, never in the page's first script (scripts/build-output.test.ts).
import { bookingServiceNames } from '../content/i18n/booking-services.ts';
import type { Attribution } from '../shared/attribution.ts';
import type { Locale } from '../shared/locale.ts';
import { AGENCY_TIME_ZONE } from '../shared/meetings.ts';
import { SERVICE_LINE_IDS, SERVICE_LINES, type Product } from '../shared/service-lines.ts';
import { firstTouch } from './visit.ts';

/** Our server's answer to `{attribution}`: `{token}`, or 404 where it signs none. */
export const VISIT_TOKEN_PATH = '/api/visit-token';
/** The longest a call or a chat waits for the token; it then starts without one. */
export const VISIT_TOKEN_WAIT_MS = 1500;

/** The page as it is when the conversation starts: its language and the products' names in it. */
export interface AssistantPage {
  locale: Locale;
  /** The dictionary's `products`: the names the service cards and the booking form show. */
  products: Readonly<Record<Product, string>>;
}

export interface AssistantVariables {
  language: Locale;
  language_name: string;
  /** Today in Sofia, written out in the page's language: "Friday, 27 November 2026". */
  today: string;
  /** One line per service of the booking form: "canonical name — the page's name: product / its name, …". */
  services: string;
  /**
   * The visit token again, where Vapi's web chat keeps it: its overrides take `variableValues` only, and
   * the server reads the token from either place.
   */
  visit_token?: string;
}

/** What both assistants get; the call adds its own (client/voice/voice-overrides.ts). */
export interface AssistantContext {
  variableValues: AssistantVariables;
  metadata?: { visitToken: string };
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', bg: 'Bulgarian' };
/** British English writes the day before the month, as Bulgarian does. */
const INTL_LOCALES: Record<Locale, string> = { en: 'en-GB', bg: 'bg-BG' };

/** Today on the agency's clock: "Friday, 27 November 2026", "петък, 27 ноември 2026 г.". */
export function todayText(locale: Locale, now: Date = new Date()): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    timeZone: AGENCY_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(now);
}

/**
 * The booking form's services, in its order, one a line: the value a booking stores (what the
 * assistant books with), the name the page shows, and the products, each with the page's name after
 * a slash where that differs (the names hold parentheses, never a slash or a comma). The lines are the catalogue's (shared/service-lines.ts), which SERVICES and
 * PRODUCTS of shared/booking.ts list; read from it directly so this chunk does not bring zod.
 */
export function servicesText({ locale, products }: AssistantPage): string {
  const names = bookingServiceNames[locale];
  return SERVICE_LINE_IDS.map((id) => {
    const { booking, products: choices } = SERVICE_LINES[id];
    const line = `${booking} — ${names[booking]}`;
    const named = choices.map((p: Product) => (products[p] === p ? p : `${p} / ${products[p]}`));
    return named.length ? `${line}: ${named.join(', ')}` : line;
  }).join('\n');
}

/** The overrides both assistants get, with the visit token when there is one. */
export function assistantContext(page: AssistantPage, visitToken?: string, now: Date = new Date()): AssistantContext {
  return {
    variableValues: {
      language: page.locale,
      language_name: LANGUAGE_NAMES[page.locale],
      today: todayText(page.locale, now),
      services: servicesText(page),
      ...(visitToken ? { visit_token: visitToken } : {}),
    },
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
