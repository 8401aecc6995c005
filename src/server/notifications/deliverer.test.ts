import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DIALECTS } from '../testing/store.ts';
import { useTestApp } from '../testing/app.ts';
import { QUICK_RETRY, SECRET, settingsOf, testClock, useNotifiedStore } from '../testing/notifications.ts';
import { visitor } from '../testing/leads.ts';
import { useHookReceiver, useMailReceiver, useSilentReceiver } from '../testing/receivers.ts';

const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds, failing after two seconds. */
async function eventually(check: () => Promise<boolean> | boolean) {
  for (const until = Date.now() + 2000; Date.now() < until; await sleep(10)) if (await check()) return;
  throw new Error('not within 2 s');
}

describe.each(TEST_DIALECTS)('notifications delivered on %s', (dialect) => {
  const hooks = useHookReceiver();
  const mail = useMailReceiver();
  const clock = testClock();
  const settings = () =>
    settingsOf({
      webhook: { url: hooks.url, secret: SECRET },
      email: { smtpUrl: mail.url, to: 'owner@nexa-ai.example', from: 'Nexa AI <site@nexa-ai.example>' },
      visitorConfirmation: true,
    });
  const ctx = useNotifiedStore(dialect, () => ({ settings: settings(), now: clock.now, retry: QUICK_RETRY, pollMs: 10 }));
  const statusOf = async (leadId: string) =>
    Object.fromEntries(
      (await ctx.site.db.selectFrom('outbox').select(['channel', 'status']).where('lead_id', '=', leadId).execute()).map((e) => [
        e.channel,
        e.status,
      ]),
    );

  beforeEach(async () => {
    await ctx.notifications.stop();
    await ctx.site.db.deleteFrom('delivery_attempts').execute();
    await ctx.site.db.deleteFrom('outbox').execute();
    // An earlier test's aged lead would otherwise be reminded of again.
    await ctx.site.db.deleteFrom('lead_events').execute();
    await ctx.site.db.deleteFrom('discovery_calls').execute();
    hooks.received.length = 0;
    hooks.answers.length = 0;
    mail.received.length = 0;
    clock.set(undefined);
  });

  it('sends a new lead once by webhook, to the operator and to the visitor, signed as Standard Webhooks says', async () => {
    ctx.notifications.start();
    // Its phone typed the national way: the receiver gets it so, and in E.164 to dial.
    const booking = { ...visitor(1), phone: '087 123 4567' };
    const { lead } = await ctx.site.store.create(booking, 'replayed');
    await ctx.site.store.create(booking, 'replayed');
    await hooks.until(1);
    await mail.until(2);
    await eventually(async () => Object.values(await statusOf(lead.id)).every((s) => s === 'delivered'));
    await sleep(50);
    expect(hooks.received).toHaveLength(1);
    expect(mail.received).toHaveLength(2);

    const [hook] = hooks.received;
    const [entry] = await ctx.site.db.selectFrom('outbox').select('id').where('channel', '=', 'webhook').execute();
    expect(hook!.headers['webhook-id']).toBe(entry!.id);
    const verified = new Webhook(SECRET).verify(hook!.body, hook!.headers as Record<string, string>);
    expect(verified).toMatchObject({
      type: 'lead.created',
      data: { lead: { id: lead.id, email: 'visitor1@example.bg', phone: '087 123 4567', phone_e164: '+359871234567', status: 'pending' }, url: expect.stringMatching(new RegExp(`/admin/leads/${lead.id}$`)) },
    });
    expect(JSON.stringify(verified)).not.toContain('idempotency_key');
    expect(() => new Webhook('whsec_' + Buffer.from('another secret!!').toString('base64')).verify(hook!.body, hook!.headers as Record<string, string>)).toThrow();

    const toOperator = mail.received.find((m) => m.to.includes('owner@nexa-ai.example'));
    const toVisitor = mail.received.find((m) => m.to.includes('visitor1@example.bg'));
    expect(toOperator?.raw).toMatch(/^Reply-To: visitor1@example\.bg/m);
    expect(toVisitor?.raw).toMatch(/^Subject: =\?UTF-8\?/m);

    const events = await ctx.site.store.events(lead.id);
    expect(events.map((e) => e.type).sort()).toEqual(['created', 'notification.delivered', 'notification.delivered', 'notification.delivered']);
    // Each delivery's entry names its channel and kind in columns, which the inbox reads.
    const delivered = events.filter((e) => e.type === 'notification.delivered').map((e) => [e.channel, e.kind]);
    expect(delivered.sort()).toEqual([['email', 'lead.created'], ['visitor', 'visitor.confirmation'], ['webhook', 'lead.created']]);
  });

  it('retries after the receiver fails twice, with the same webhook-id, and logs each attempt', async () => {
    hooks.answers.push(500, 302);
    ctx.notifications.start();
    const { lead } = await ctx.site.store.create(visitor(2));
    await hooks.until(3);
    await eventually(async () => (await statusOf(lead.id)).webhook === 'delivered');
    expect(new Set(hooks.received.map((h) => h.headers['webhook-id'])).size).toBe(1);
    // The 302 was not followed: its Location would have been a fourth request.
    expect(hooks.received.map((h) => h.headers['webhook-signature'] !== undefined)).toEqual([true, true, true]);
    const [delivery] = (await ctx.notifications.outbox.deliveriesOf(lead.id)).filter((d) => d.channel === 'webhook');
    expect(delivery!.history.map((a) => [a.ok, a.status_code])).toEqual([
      [false, 500],
      [false, 302],
      [true, 200],
    ]);
    expect(delivery!.history.every((a) => a.duration_ms >= 0)).toBe(true);
  });

  it('delivers after a restart what was not delivered before it', async () => {
    const { lead } = await ctx.site.store.create(visitor(3));
    // Nothing ran: the server stopped before sending. A new instance over the same store sends it.
    expect(await statusOf(lead.id)).toEqual({ webhook: 'pending', email: 'pending', visitor: 'pending' });
    const restarted = ctx.another();
    restarted.start();
    await hooks.until(1);
    await eventually(async () => Object.values(await statusOf(lead.id)).every((s) => s === 'delivered'));
    await restarted.stop();
    expect(hooks.received).toHaveLength(1);
  });

  it('reminds the operator of a lead pending for 21 hours, once, and not of a contacted one', async () => {
    const { lead: waiting } = await ctx.site.store.create(visitor(4));
    const { lead: called } = await ctx.site.store.create(visitor(5));
    await ctx.site.store.updateStatus(called.id, 'contacted');
    const aged = new Date(Date.now() - 21 * HOUR).toISOString();
    await ctx.site.db.updateTable('discovery_calls').set({ created_at: aged }).where('id', 'in', [waiting.id, called.id]).execute();
    await ctx.site.db.updateTable('outbox').set({ status: 'delivered' }).execute();

    ctx.notifications.start();
    await hooks.until(1);
    await mail.until(1);
    const reminder = JSON.parse(hooks.received[0]!.body) as { type: string; data: { lead: { id: string }; callback: unknown } };
    expect(reminder).toMatchObject({ type: 'lead.reminder', data: { lead: { id: waiting.id }, callback: { waited: 21, left: 3 } } });
    expect(mail.received[0]!.raw).toMatch(/21 h/);
    // Scanning again (this or another instance, a minute later) writes no second reminder.
    expect(await ctx.notifications.scanReminders()).toBe(0);
    expect(await ctx.another().scanReminders()).toBe(0);
    const kinds = await ctx.site.db.selectFrom('outbox').select(['lead_id', 'kind']).where('kind', '=', 'lead.reminder').execute();
    expect(kinds.map((k) => k.lead_id)).toEqual([waiting.id, waiting.id]);
  });

  it.skipIf(dialect !== 'postgres' || !TEST_DATABASE_URL)('delivers each of 50 leads once with two instances on one database', async () => {
    const second = ctx.another();
    for (let n = 0; n < 50; n++) await ctx.site.store.create(visitor(1000 + n));
    ctx.notifications.start();
    second.start();
    await hooks.until(50);
    await mail.until(100);
    await sleep(200);
    await second.stop();
    const ids = hooks.received.map((h) => h.headers['webhook-id']);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    expect(mail.received).toHaveLength(100);
    const attempts = await ctx.site.db.selectFrom('delivery_attempts').select('outbox_id').execute();
    expect(new Set(attempts.map((a) => a.outbox_id)).size).toBe(attempts.length);
  });
});

describe.each(TEST_DIALECTS)('GET /api/health with notifications on %s', (dialect) => {
  const hooks = useHookReceiver();
  const site = useTestApp(dialect);
  const ctx = useNotifiedStore(dialect, () => ({
    settings: settingsOf({ webhook: { url: hooks.url, secret: SECRET } }),
    retry: { ...QUICK_RETRY, firstDelayMs: 5, maxDelayMs: 50 },
    pollMs: 10,
  }));

  it('turns degraded, naming the channel, after three failed attempts, and ok after a success', async () => {
    const app = await site.build({ store: ctx.site.store, notificationHealth: ctx.notifications.health });
    const health = async () => (await app.inject('/api/health')).json<{ status: string }>();
    expect(await health()).toEqual({ status: 'ok', channels: { webhook: 'ok' } });

    // The receiver is down until the test brings it back.
    hooks.answers.push(...Array<number>(1000).fill(500));
    ctx.notifications.start();
    await ctx.site.store.create(visitor(1));
    await hooks.until(2);
    expect((await health())).toEqual({ status: 'ok', channels: { webhook: 'ok' } });
    await hooks.until(3);
    await eventually(async () => (await ctx.notifications.health()).webhook === 'failing');
    const degraded = await app.inject('/api/health');
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toEqual({ status: 'degraded', channels: { webhook: 'failing' } });

    hooks.answers.length = 0;
    await eventually(async () => (await health()).status === 'ok');
    expect(await health()).toEqual({ status: 'ok', channels: { webhook: 'ok' } });
  });
});

describe.each(TEST_DIALECTS)('POST /api/discovery-calls with notifications on %s', (dialect) => {
  const hanging = useSilentReceiver();
  const site = useTestApp(dialect);
  const ctx = useNotifiedStore(dialect, () => ({ settings: settingsOf({ webhook: { url: hanging.url, secret: SECRET } }), pollMs: 10 }));

  it('answers 201 at once while the webhook receiver hangs, with the notification written', async () => {
    const app = await site.build({ store: ctx.site.store });
    ctx.notifications.start();
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/discovery-calls',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(visitor(1)),
    });
    expect(res.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(1000);
    const { id } = res.json<{ id: string }>();
    expect(await ctx.site.db.selectFrom('outbox').select(['kind', 'channel']).where('lead_id', '=', id).execute()).toEqual([
      { kind: 'lead.created', channel: 'webhook' },
    ]);
    // The send is under way and still unanswered; ending it lets the deliverer stop.
    await eventually(() => hanging.arrived === 1);
    hanging.end();
  });
});
