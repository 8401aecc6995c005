// The webhook channel: the lead as JSON, signed per the Standard Webhooks specification, so n8n, Zapier,
// Make or a few lines with the `standardwebhooks` library can check it came from this site. The
// outbox entry's id is the `webhook-id`, the same on every retry, so a receiver can drop a repeat.
import { Webhook } from 'standardwebhooks';
import type { Lead } from '../leads/lead-store.ts';
import type { Send } from './deliverer.ts';
import { invitationUid, type MeetingNotice } from './meeting-mail.ts';
import type { OutboxEntry } from './outbox.ts';
import { callbackClock } from './reminders.ts';

export interface WebhookOptions {
  url: string;
  /** `whsec_` and base64, as the specification has it. */
  secret: string;
  /** The lead's page in the inbox. */
  leadUrl: (id: string) => string;
  now?: () => Date;
  timeoutMs?: number;
}

/** What a receiver gets: the kind, when it was sent, the lead (all but its idempotency key) and its link. */
export function webhookPayload(entry: OutboxEntry, lead: Lead, leadUrl: string, now: Date, meeting?: MeetingNotice) {
  const { idempotency_key: _key, ...stored } = lead;
  return {
    type: entry.kind,
    timestamp: now.toISOString(),
    data: {
      lead: stored,
      url: leadUrl,
      ...(entry.kind === 'lead.reminder' ? { callback: callbackClock(lead.created_at, now) } : {}),
      ...(meeting
        ? {
            meeting: {
              id: meeting.id,
              start: meeting.start.toISOString(),
              end: meeting.end.toISOString(),
              time_zone: meeting.timeZone,
              sequence: meeting.sequence,
              status: meeting.status,
              uid: invitationUid(meeting),
            },
          }
        : {}),
    },
  };
}

/** fetch's "fetch failed" says little: the cause names the refusal, the unknown host or the timeout. */
function fetchError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'TimeoutError') return 'no answer within the timeout';
  const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? err.message;
}

export function createWebhookSender(options: WebhookOptions): Send {
  const signer = new Webhook(options.secret);
  const now = options.now ?? (() => new Date());
  return async (entry, lead, meeting) => {
    const at = now();
    const body = JSON.stringify(webhookPayload(entry, lead, options.leadUrl(lead.id), at, meeting));
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': entry.id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(entry.id, at, body),
        },
        body,
        // A redirect is an answer to fix in the configuration, not one to follow with the signed lead.
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      return { ok: false, error: fetchError(err) };
    }
    // The answer's body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, statusCode: response.status, ...(ok ? {} : { error: `answered ${response.status}` }) };
  };
}
