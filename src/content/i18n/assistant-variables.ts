// What the assistants' prompts are filled in with (Vapi's `variableValues`), wherever a conversation
// starts: the page's language, today's date in Sofia and the booking form's services. The page sends
// them with a web call or a chat (client/assistant-context.ts); the server sends them with a call Alex
// places (server/notifications/channels/callback.ts). Kept free of zod, for the page's chunk.
import { bookingServiceNames } from './booking-services.ts';
import type { Locale } from '../../shared/locale.ts';
import { AGENCY_TIME_ZONE } from '../../shared/meetings.ts';
import { SERVICE_LINE_IDS, SERVICE_LINES, type Product } from '../../shared/service-lines.ts';

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

export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', bg: 'Bulgarian' };
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

/** The variables of a conversation in `page`'s language, today. */
export const assistantVariables = (page: AssistantPage, now: Date = new Date()): AssistantVariables => ({
  language: page.locale,
  language_name: LANGUAGE_NAMES[page.locale],
  today: todayText(page.locale, now),
  services: servicesText(page),
});
