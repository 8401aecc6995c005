// The webhook channel: the lead as JSON, signed per the Standard Webhooks specification, so n8n, Zapier,
// Make or a few lines with the `standardwebhooks` library can check it came from this site. The
// outbox entry's id is the `webhook-id`, the same on every retry, so a receiver can drop a repeat; the
// body is the same on every retry too: what happened, when it happened (the entry's facts, facts.ts).
// Only the `webhook-timestamp` header is the attempt's own, as the specification wants it for its
// replay window.
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import type { Send } from '../deliverer.ts';
import { invitationUid } from '../meeting-mail.ts';
import type { OutboxEntry } from '../outbox.ts';
import type { Facts } from '../facts.ts';
import { callbackClock } from '../reminders.ts';
import { defineChannel, GONE_STATUS } from './channel.ts';
import { fetchError, retryAfterMs } from '../http-post.ts';

export interface WebhookOptions {
  url: string;
  /** `whsec_` and base64, as the specification has it. */
  secret: string;
  /** The lead's page in the inbox. */
  leadUrl: (id: string) => string;
  now?: () => Date;
  timeoutMs?: number;
}

/** What a receiver gets: the kind, when it happened, the lead (all but its idempotency key) and its link. */
export function webhookPayload(entry: Pick<OutboxEntry, 'kind'>, facts: Facts, leadUrl: string) {
  const { lead, meeting, at } = facts;
  const { idempotency_key: _key, ...stored } = lead;
  return {
    type: entry.kind,
    timestamp: at.toISOString(),
    data: {
      // An erased lead is named by its id alone: the receiver removes what it holds of it.
      ...(facts.erased ? { lead: { id: lead.id }, erased: true } : { lead: stored, url: leadUrl }),
      ...(entry.kind === 'lead.reminder' ? { callback: callbackClock(lead.created_at, at) } : {}),
      ...(facts.conversation
        ? {
            conversation: {
              call_id: facts.conversation.callId,
              channel: facts.conversation.channel,
              summary: facts.conversation.summary,
              duration_seconds: facts.conversation.durationSeconds,
              ended_reason: facts.conversation.endedReason,
            },
          }
        : {}),
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

export function createWebhookSender(options: WebhookOptions): Send {
  const signer = new Webhook(options.secret);
  const now = options.now ?? (() => new Date());
  return async (entry, facts) => {
    const at = now();
    const body = JSON.stringify(webhookPayload(entry, facts, options.leadUrl(facts.lead.id)));
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
    const { status } = response;
    if (status >= 200 && status < 300) return { ok: true, statusCode: status };
    const wait = status === 429 || status === 503 ? retryAfterMs(response.headers.get('retry-after'), at) : undefined;
    return {
      ok: false,
      statusCode: status,
      error: status === GONE_STATUS ? `answered ${status}: the receiver is gone; set LEAD_WEBHOOK_URL anew` : `answered ${status}`,
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
      ...(status === GONE_STATUS ? { gone: true } : {}),
    };
  };
}

export const webhookChannel = defineChannel({
  name: 'webhook',
  audience: 'operator',
  // Its receiver (a CRM, an automation) acts on each event: a sample would make a lead there.
  samples: false,
  variables: z
    .object({
      LEAD_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
      LEAD_WEBHOOK_SECRET: z
        .string()
        .refine(
          (v) => /^whsec_[A-Za-z0-9+/]+={0,2}$/.test(v) && (v.length - 'whsec_'.length) % 4 === 0,
          'must be whsec_ followed by base64, such as whsec_$(openssl rand -base64 32)',
        )
        .optional(),
    }),
  companions: [
    ['LEAD_WEBHOOK_URL', 'LEAD_WEBHOOK_SECRET'],
    ['LEAD_WEBHOOK_SECRET', 'LEAD_WEBHOOK_URL'],
  ],
  settings: (v) => (v.LEAD_WEBHOOK_URL && v.LEAD_WEBHOOK_SECRET ? { url: v.LEAD_WEBHOOK_URL, secret: v.LEAD_WEBHOOK_SECRET } : undefined),
  names: {
    en: { name: 'Webhook', phrase: 'the webhook' },
    bg: { name: 'Уебхук', phrase: 'уебхука' },
  },
  sender: (settings, context) => ({ send: createWebhookSender({ ...settings, leadUrl: context.leadUrl, now: context.now }) }),
});
