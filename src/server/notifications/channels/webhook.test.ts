import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { Lead } from '../../leads/lead-store.ts';
import type { OutboxEntry } from '../outbox.ts';
import { SECRET } from '../../testing/notifications.ts';
import { STORED_LEAD } from '../../testing/leads.ts';
import { useHookReceiver, useSilentReceiver } from '../../testing/receivers.ts';
import { createWebhookSender, webhookPayload } from './webhook.ts';

const lead: Lead = { ...STORED_LEAD, idempotency_key: 'form-7' };

const entry = (kind: OutboxEntry['kind']): OutboxEntry => ({
  id: '0f2d9a54-1c2b-4c8e-bf3a-7a9e5f0d1234',
  lead_id: lead.id,
  channel: 'webhook',
  kind,
  dedupe_key: `${kind}:${lead.id}:webhook`,
  status: 'pending',
  attempts: 1,
  next_attempt_at: lead.created_at,
  retry_until: '2026-11-25T10:00:00.000Z',
  locked_until: null,
  last_error: null,
  created_at: lead.created_at,
  delivered_at: null,
  meeting_id: null,
  facts: null,
});

const leadUrl = (id: string) => `https://nexa-ai.example/admin/leads/${id}`;

describe('webhookPayload', () => {
  it('carries the kind, the time, every stored field but the idempotency key, and the inbox link', () => {
    const payload = webhookPayload(entry('lead.created'), { at: new Date('2026-11-24T10:00:01.000Z'), lead }, leadUrl(lead.id));
    const { idempotency_key: _key, ...stored } = lead;
    expect(payload).toEqual({
      type: 'lead.created',
      timestamp: '2026-11-24T10:00:01.000Z',
      data: { lead: stored, url: `https://nexa-ai.example/admin/leads/${lead.id}` },
    });
  });

  it('says in a reminder how long the lead has waited and how long is left of the 24 hours', () => {
    const payload = webhookPayload(entry('lead.reminder'), { at: new Date('2026-11-25T06:30:00.000Z'), lead }, leadUrl(lead.id));
    expect(payload.data).toMatchObject({ callback: { waited: 20, left: 4 } });
  });
});

describe('the webhook sender', () => {
  const hooks = useHookReceiver();
  const at = new Date();

  it('signs so that standardwebhooks verifies it, with the entry id as webhook-id', async () => {
    const send = createWebhookSender({ url: hooks.url, secret: SECRET, leadUrl, now: () => at });
    expect(await send(entry('lead.created'), { at, lead })).toEqual({ ok: true, statusCode: 200 });
    const [got] = hooks.received.splice(0);
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': entry('lead.created').id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    expect(new Webhook(SECRET).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({ data: { lead: { id: lead.id } } });
  });

  it('counts only a 2xx as delivered: a redirect is reported, not followed', async () => {
    const send = createWebhookSender({ url: hooks.url, secret: SECRET, leadUrl });
    hooks.answers.push(301, 404);
    expect(await send(entry('lead.created'), { at, lead })).toEqual({ ok: false, statusCode: 301, error: 'answered 301' });
    expect(await send(entry('lead.created'), { at, lead })).toEqual({ ok: false, statusCode: 404, error: 'answered 404' });
    expect(hooks.received.splice(0).map((h) => h.headers['webhook-id'])).toHaveLength(2);
  });

  it('passes on the wait a 429 or 503 asks for, in seconds or as a date, and a 410 as gone for good', async () => {
    const send = createWebhookSender({ url: hooks.url, secret: SECRET, leadUrl, now: () => at });
    hooks.answers.push(
      { status: 503, headers: { 'retry-after': '120' } },
      { status: 429, headers: { 'retry-after': new Date(at.getTime() + 30_000).toUTCString() } },
      { status: 500, headers: { 'retry-after': '120' } },
      410,
    );
    expect(await send(entry('lead.created'), { at, lead })).toMatchObject({ ok: false, statusCode: 503, retryAfterMs: 120_000 });
    expect((await send(entry('lead.created'), { at, lead })).retryAfterMs).toBeGreaterThan(29_000);
    expect(await send(entry('lead.created'), { at, lead })).not.toHaveProperty('retryAfterMs');
    expect(await send(entry('lead.created'), { at, lead })).toMatchObject({ ok: false, statusCode: 410, gone: true, error: expect.stringContaining('LEAD_WEBHOOK_URL') });
    hooks.received.length = 0;
  });

  it('names a refused connection', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const send = createWebhookSender({ url: `http://127.0.0.1:${port}/hooks`, secret: SECRET, leadUrl });
    expect(await send(entry('lead.created'), { at, lead })).toEqual({ ok: false, error: 'ECONNREFUSED' });
  });

  describe('a receiver that does not answer', () => {
    const silent = useSilentReceiver();

    it('is given up on after the timeout', async () => {
      const send = createWebhookSender({ url: silent.url, secret: SECRET, leadUrl, timeoutMs: 100 });
      const started = Date.now();
      expect(await send(entry('lead.created'), { at, lead })).toEqual({ ok: false, error: 'no answer within the timeout' });
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });
});
