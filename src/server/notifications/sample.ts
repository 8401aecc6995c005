// A sample message through one channel, so an operator can check a setting without waiting for a lead
// (`npm run notify -- test slack`, or the button by the channel in the inbox): a made-up request, named
// as a test in the operator's language, sent at once and not through the outbox, its button opening the
// inbox. Only the agency's own channels take samples, and a channel may refuse them (the webhook: its
// receiver acts on every event it gets).
import { randomUUID } from 'node:crypto';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { INBOX_PATH } from '../../shared/inbox.ts';
import type { Locale } from '../../shared/locale.ts';
import type { Lead } from '../leads/lead-store.ts';
import type { NotificationChannel, SenderContext } from './channels/channel.ts';
import type { OutboxEntry, SendOutcome } from './outbox.ts';

/** The made-up request a sample tells of. */
export function sampleLead(locale: Locale, at: Date): Lead {
  const t = notificationTexts[locale].sample;
  return {
    id: '00000000-0000-4000-8000-000000000000',
    first_name: t.name,
    business_name: t.business,
    email: 'sample@example.com',
    phone: '+359 2 000 0000',
    phone_e164: '+35920000000',
    service: 'Call Automation Systems',
    product: 'Inbound Phone Caller (appointments & support)',
    custom_service: '',
    locale,
    status: 'pending',
    idempotency_key: null,
    spam_reason: null,
    source: 'form',
    privacy_notice_version: null,
    privacy_notice_locale: null,
    callback_consent_at: null,
    callback_consent_version: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    gclid: null,
    fbclid: null,
    referrer_host: null,
    landing_path: null,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

/** Sends the sample through `channel` with its `settings`; what the service answered. */
export async function sendSample(channel: NotificationChannel, settings: unknown, context: SenderContext, origin: string): Promise<SendOutcome> {
  const sender = channel.sender(settings, { ...context, leadUrl: () => `${origin}${INBOX_PATH}` });
  const at = context.now();
  try {
    const entry = { id: randomUUID(), channel: channel.name, kind: 'lead.created' } as OutboxEntry;
    return await sender.send(entry, { at, lead: sampleLead(context.operatorLocale, at) });
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  } finally {
    sender.close?.();
  }
}
