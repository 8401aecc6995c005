// What the channels that POST to a service share: the request with a timeout and no redirects, the
// failure in words (fetch's "fetch failed" says little), the wait a 429 or 503 asks for, and what an
// answer comes to for the outbox: retried on a 5xx, a 408, a 429 or no answer; ended on any other 4xx,
// as the service gone for good where its own words say so. The secret a channel's address carries (a
// Slack hook's path, a Telegram bot's token) never reaches an error, a log line or the inbox.
import type { SendOutcome } from './outbox.ts';

/** The wait a 429's or 503's `Retry-After` asks for, in seconds or as a date; undefined without one. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

/** fetch's "fetch failed" says little: the cause names the refusal, the unknown host or the timeout. */
export function fetchError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'TimeoutError') return 'no answer within the timeout';
  const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? err.message;
}

/** `text` with each secret replaced by `[secret]`. */
export const withoutSecrets = (text: string, secrets: readonly string[]): string =>
  secrets.filter((s) => s.length > 0).reduce((kept, secret) => kept.split(secret).join('[secret]'), text);

export interface Answer {
  status: number;
  /** The body as text, at most 64 KB of it (a Bot API answer repeats the message sent). */
  body: string;
  headers: Headers;
}

/** POSTs `body` as JSON; the answer, or the failure in words. */
export const postJson = (url: string, body: unknown, options: { headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer | { error: string }> =>
  request(url, { ...options, method: 'POST', body });

/** A request with a JSON body, or none (a DELETE); the answer, or the failure in words. */
export async function request(
  url: string,
  options: { method: 'POST' | 'DELETE'; body?: unknown; headers?: Record<string, string>; timeoutMs?: number },
): Promise<Answer | { error: string }> {
  try {
    const response = await fetch(url, {
      method: options.method,
      headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      // A redirect is an answer to fix in the configuration, not one to follow with the lead.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text().catch(() => '');
    return { status: response.status, body: text.slice(0, 65_536), headers: response.headers };
  } catch (err) {
    return { error: fetchError(err) };
  }
}

/**
 * What an answer comes to. `words` are the service's own (`no_service`, `chat not found`); `gone` says
 * the service answered that the address will never take anything again.
 */
export function outcomeOf(status: number, words: string, options: { gone: boolean; retryAfterMs?: number | undefined }): SendOutcome {
  if (status >= 200 && status < 300) return { ok: true, statusCode: status };
  const error = `answered ${status}${words ? ` ${words}` : ''}`;
  const retried = status >= 500 || status === 408 || status === 429;
  return {
    ok: false,
    statusCode: status,
    error: options.gone ? `${error}: the address is gone; set it anew` : error,
    ...(retried && options.retryAfterMs !== undefined ? { retryAfterMs: options.retryAfterMs } : {}),
    ...(options.gone ? { gone: true } : retried ? {} : { final: true }),
  };
}
