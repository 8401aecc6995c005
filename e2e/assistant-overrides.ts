// What the voice demo and the chat tell Vapi's assistants as a conversation starts
// (src/client/assistant-context.ts), checked as the stand-in of Vapi's API received it; and our
// server's visit token, answered here by the test since this branch's server signs none.
import { expect, type Page } from '@playwright/test';
import { bookingTexts } from '../src/content/i18n/booking.ts';
import { SERVICES } from '../src/shared/booking.ts';
import type { Locale } from '../src/shared/locale.ts';

export interface RecordedOverrides {
  variableValues?: { language?: string; language_name?: string; today?: string; services?: string };
  metadata?: { visitToken?: string };
  firstMessage?: string;
  transcriber?: { provider?: string; model?: string; language?: string };
}

/** Today in Sofia as the page's language writes it, by the browser's own Intl. */
export const todayInSofia = (page: Page, locale: Locale): Promise<string> =>
  page.evaluate(
    (tag) =>
      new Intl.DateTimeFormat(tag, { timeZone: 'Europe/Sofia', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(),
      ),
    locale === 'bg' ? 'bg-BG' : 'en-GB',
  );

/**
 * The overrides name the page's language, today in Sofia (either of `days`, read before and after:
 * a test may run over midnight) and the form's six services, each by its stored name and the page's.
 */
export function expectPageContext(overrides: RecordedOverrides | undefined, locale: Locale, days: string[]) {
  const values = overrides?.variableValues;
  expect(values?.language).toBe(locale);
  expect(values?.language_name).toBe(locale === 'bg' ? 'Bulgarian' : 'English');
  expect(days).toContain(values?.today);
  const lines = values?.services?.split('\n') ?? [];
  expect(lines).toHaveLength(SERVICES.length);
  for (const [i, service] of SERVICES.entries()) {
    expect(lines[i]?.startsWith(`${service} — ${bookingTexts[locale].services[service]}`), lines[i]).toBe(true);
  }
}

export const VISIT_TEST_TOKEN = 'visit-test-token';

/**
 * Answers the page's POST /api/visit-token with `status` (200: `{token: VISIT_TEST_TOKEN}`) and keeps
 * what each request sent.
 */
export async function answerVisitToken(page: Page, status: 200 | 404): Promise<{ attribution?: Record<string, string> }[]> {
  const received: { attribution?: Record<string, string> }[] = [];
  await page.route('**/api/visit-token', (route) => {
    received.push(route.request().postDataJSON() as { attribution?: Record<string, string> });
    return status === 200
      ? route.fulfill({ status, json: { token: VISIT_TEST_TOKEN } })
      : route.fulfill({ status, json: { message: 'Route POST:/api/visit-token not found', error: 'Not Found', statusCode: 404 } });
  });
  return received;
}
