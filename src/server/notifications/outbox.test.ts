import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DIALECTS } from '../testing/store.ts';
import { createOutbox, DEFAULT_RETRY, retryDelayMs, type OutboxEntry } from './outbox.ts';
import { mailboxOf } from './entries.ts';
import { SECRET, settingsOf, testClock, useNotifiedStore } from '../testing/notifications.ts';
import { GEORGI, visitor } from '../testing/leads.ts';

describe('retryDelayMs', () => {
  it('waits 5 s before the first retry, doubling, capped at an hour', () => {
    const delays = [1, 2, 3, 4, 10, 11, 12, 30].map((n) => retryDelayMs(n) / 1000);
    expect(delays).toEqual([5, 10, 20, 40, 2560, 3600, 3600, 3600]);
    expect(DEFAULT_RETRY.giveUpAfterMs).toBe(24 * 3600 * 1000);
  });
});

describe('mailboxOf', () => {
  it('names the inbox an address reaches: case, a +tag and Gmail’s dots make no other', () => {
    expect(['Ana@Example.bg', 'ana+1@example.bg', ' ana+x+y@EXAMPLE.bg ', 'ana@example.bg'].map(mailboxOf)).toEqual(Array(4).fill('ana@example.bg'));
    expect(['a.n.a@gmail.com', 'A.na+promo@GoogleMail.com', 'ana@gmail.com'].map(mailboxOf)).toEqual(Array(3).fill('ana@gmail.com'));
    // Dots matter elsewhere; a name that is only a tag stays itself.
    expect(mailboxOf('a.na@example.bg')).toBe('a.na@example.bg');
    expect(mailboxOf('+x@example.bg')).toBe('+x@example.bg');
  });
});

const HOUR = 3_600_000;

describe.each(TEST_DIALECTS)('the outbox on %s', (dialect) => {
  const clock = testClock();
  const settings = settingsOf({
    webhook: { url: 'http://127.0.0.1:9/hooks', secret: SECRET },
    email: { smtpUrl: 'smtp://127.0.0.1:9', to: 'owner@nexa-ai.example', from: 'site@nexa-ai.example' },
    visitorConfirmation: true,
  });
  const ctx = useNotifiedStore(dialect, () => ({ settings, now: clock.now, retry: DEFAULT_RETRY }));
  const outbox = () => ctx.notifications.outbox;
  /** The operator's two channels' health, as the registry's rule reads their attempts (channels/channel.ts). */
  const operatorHealth = async () => {
    const { webhook, email } = await ctx.notifications.health();
    return { webhook, email };
  };
  const entriesOf = (leadId: string) =>
    ctx.site.db.selectFrom('outbox').selectAll().where('lead_id', '=', leadId).orderBy('channel').execute();
  const start = new Date('2026-11-24T10:00:00.000Z');

  /** A new lead, its entries written at `start`, and everything else in the outbox out of the way. */
  async function freshLead(n: number) {
    await ctx.site.db.deleteFrom('delivery_attempts').execute();
    await ctx.site.db.deleteFrom('outbox').execute();
    clock.set(start);
    return (await ctx.site.store.create(visitor(n))).lead;
  }

  it('writes a new lead, its first timeline entry and one entry per configured channel together', async () => {
    const { lead, created } = await ctx.site.store.create(GEORGI, 'key-1');
    expect(created).toBe(true);
    // What the store answers with is the lead as the database holds it.
    expect(await ctx.site.store.get(lead.id)).toEqual(lead);
    const entries = await entriesOf(lead.id);
    expect(entries.map((e) => [e.channel, e.kind, e.status, e.attempts])).toEqual([
      ['email', 'lead.created', 'pending', 0],
      ['visitor', 'visitor.confirmation', 'pending', 0],
      ['webhook', 'lead.created', 'pending', 0],
    ]);
    expect(entries.find((e) => e.channel === 'webhook')?.dedupe_key).toBe(`lead.created:${lead.id}:webhook`);
    // The confirmation's key holds the address hashed, never the address itself.
    expect(entries.find((e) => e.channel === 'visitor')?.dedupe_key).toMatch(/^visitor\.confirmation:[0-9a-f]{64}:\d{4}-\d{2}-\d{2}$/);
    // Its timeline's one entry, the arrival, is its created_at.
    expect(await ctx.site.store.events(lead.id)).toEqual([
      { id: lead.id, lead_id: lead.id, type: 'created', detail: '', channel: null, kind: null, operator_id: null, operator_email: null, created_at: lead.created_at },
    ]);

    // A replay of the same request writes nothing new.
    const again = await ctx.site.store.create(GEORGI, 'key-1');
    expect(again).toMatchObject({ created: false, lead });
    expect(await entriesOf(lead.id)).toHaveLength(3);
    expect(await ctx.site.store.events(lead.id)).toHaveLength(1);
  });

  it('sends one confirmation per address per day, however many requests it makes', async () => {
    clock.set(new Date('2026-11-25T08:00:00.000Z'));
    const first = await ctx.site.store.create({ ...GEORGI, email: 'Same@Example.bg' });
    const second = await ctx.site.store.create({ ...GEORGI, email: 'same+again@example.bg' });
    clock.set(new Date('2026-11-26T08:00:00.000Z'));
    const nextDay = await ctx.site.store.create({ ...GEORGI, email: 'same@example.bg' });
    const visitorEntries = async (id: string) => (await entriesOf(id)).filter((e) => e.channel === 'visitor').length;
    expect([await visitorEntries(first.lead.id), await visitorEntries(second.lead.id), await visitorEntries(nextDay.lead.id)]).toEqual([1, 0, 1]);
    // The operator still hears of every request.
    expect((await entriesOf(second.lead.id)).map((e) => e.channel)).toEqual(['email', 'webhook']);
  });

  it('stores no lead when its notifications cannot be written', async () => {
    const before = (await ctx.site.store.list()).length;
    const broken = ctx.site.store.create.bind(ctx.site.store);
    await ctx.site.db.schema.alterTable('outbox').renameTo('outbox_away').execute();
    try {
      await expect(broken(visitor(900))).rejects.toThrow();
    } finally {
      await ctx.site.db.schema.alterTable('outbox_away').renameTo('outbox').execute();
    }
    expect(await ctx.site.store.list()).toHaveLength(before);
  });

  it('claims an entry once while its lease runs, and again after a crashed claim', async () => {
    const lead = await freshLead(1);
    const first = await outbox().claim(10);
    expect(first.filter((e) => e.lead_id === lead.id)).toHaveLength(3);
    expect(first.every((e) => e.attempts === 1)).toBe(true);
    expect(await outbox().claim(10)).toEqual([]);
    clock.advance(DEFAULT_RETRY.leaseMs - 1);
    expect(await outbox().claim(10)).toEqual([]);
    clock.advance(1);
    const again = await outbox().claim(10);
    expect(again.map((e) => e.id).sort()).toEqual(first.map((e) => e.id).sort());
    expect(again.every((e) => e.attempts === 2)).toBe(true);
    // The first claim's late answer is logged but leaves the entry to the instance that holds it now.
    expect(await outbox().record(first[0]!, { ok: true, durationMs: 5 })).toBe('stale');
    expect(await outbox().record(again[0]!, { ok: true, durationMs: 5 })).toBe('delivered');
  });

  it('retries after 5 s, then 10 s, and fails the entry once a day has passed', async () => {
    const lead = await freshLead(2);
    const webhook = async () => (await outbox().claim(10)).find((e) => e.lead_id === lead.id && e.channel === 'webhook');
    const failOnce = async (entry: OutboxEntry | undefined) => {
      expect(entry).toBeDefined();
      return outbox().record(entry!, { ok: false, statusCode: 500, error: 'answered 500', durationMs: 3 });
    };
    expect(await failOnce(await webhook())).toBe('retrying');
    clock.advance(4_999);
    expect(await webhook()).toBeUndefined();
    clock.advance(1);
    expect(await failOnce(await webhook())).toBe('retrying');
    clock.advance(9_999);
    expect(await webhook()).toBeUndefined();
    clock.advance(1);
    const third = await webhook();
    expect(third?.attempts).toBe(3);
    clock.set(new Date(start.getTime() + 24 * HOUR));
    expect(await failOnce(third)).toBe('failed');
    clock.advance(2 * HOUR);
    expect(await webhook()).toBeUndefined();

    const [entry] = (await outbox().deliveriesOf(lead.id)).filter((d) => d.channel === 'webhook');
    expect(entry).toMatchObject({ status: 'failed', attempts: 3, last_error: 'answered 500' });
    expect(entry!.history.map((a) => [a.ok, a.status_code, a.error])).toEqual([
      [false, 500, 'answered 500'],
      [false, 500, 'answered 500'],
      [false, 500, 'answered 500'],
    ]);
    const events = await ctx.site.store.events(lead.id);
    expect(events.map((e) => [e.type, e.detail])).toEqual([
      ['created', ''],
      ['notification.failed', 'lead.created webhook'],
    ]);

    // Re-sent from the inbox: in line at once, with a fresh day of retries.
    expect(await outbox().resend(entry!.id)).toMatchObject({ status: 'pending' });
    expect(await outbox().resend(entry!.id)).toBeUndefined();
    const resent = await webhook();
    expect(resent?.id).toBe(entry!.id);
    expect(await outbox().record(resent!, { ok: false, error: 'ECONNREFUSED', durationMs: 1 })).toBe('retrying');
  });

  it('says a channel is failing after its last three attempts failed, and ok after a success', async () => {
    await freshLead(3);
    const attempt = async (channel: string, ok: boolean) => {
      clock.advance(HOUR);
      const entry = (await outbox().claim(10)).find((e) => e.channel === channel);
      expect(entry).toBeDefined();
      await outbox().record(entry!, { ok, durationMs: 1 });
    };
    const health = operatorHealth;
    expect(await health()).toEqual({ webhook: 'ok', email: 'ok' });
    await attempt('webhook', false);
    await attempt('webhook', false);
    expect((await health()).webhook).toBe('ok');
    await attempt('webhook', false);
    expect(await health()).toEqual({ webhook: 'failing', email: 'ok' });
    await attempt('webhook', true);
    expect((await health()).webhook).toBe('ok');
  });

  it('waits as long as a 429 or 503 asks (Retry-After), never past the longest back-off, and never less than its own', async () => {
    const lead = await freshLead(4);
    const webhook = async () => (await outbox().claim(10)).find((e) => e.lead_id === lead.id && e.channel === 'webhook');
    const dueIn = async () => {
      const [row] = await ctx.site.db.selectFrom('outbox').select('next_attempt_at').where('lead_id', '=', lead.id).where('channel', '=', 'webhook').execute();
      return new Date(row!.next_attempt_at).getTime() - clock.now().getTime();
    };
    await outbox().record((await webhook())!, { ok: false, statusCode: 503, retryAfterMs: 120_000, durationMs: 1 });
    expect(await dueIn()).toBe(120_000);
    clock.advance(120_000);
    await outbox().record((await webhook())!, { ok: false, statusCode: 429, retryAfterMs: 1_000, durationMs: 1 });
    expect(await dueIn()).toBe(10_000);
    clock.advance(10_000);
    await outbox().record((await webhook())!, { ok: false, statusCode: 429, retryAfterMs: 5 * HOUR, durationMs: 1 });
    expect(await dueIn()).toBe(DEFAULT_RETRY.maxDelayMs);
  });

  it('stops at once on a receiver that is gone (410) and says its channel is failing', async () => {
    const lead = await freshLead(5);
    const entry = (await outbox().claim(10)).find((e) => e.lead_id === lead.id && e.channel === 'webhook')!;
    expect(await outbox().record(entry, { ok: false, statusCode: 410, gone: true, error: 'answered 410', durationMs: 1 })).toBe('failed');
    clock.advance(2 * HOUR);
    expect((await outbox().claim(10)).filter((e) => e.channel === 'webhook')).toEqual([]);
    expect(await operatorHealth()).toEqual({ webhook: 'failing', email: 'ok' });
  });

  it('stops at once on an answer that will not change (final), without calling the channel failing; a gone answer does', async () => {
    const lead = await freshLead(7);
    const entries = (await outbox().claim(10)).filter((e) => e.lead_id === lead.id);
    const claimed = (channel: string) => Promise.resolve(entries.find((e) => e.channel === channel)!);
    expect(await outbox().record(await claimed('webhook'), { ok: false, statusCode: 400, final: true, error: 'answered 400 invalid_payload', durationMs: 1 })).toBe('failed');
    expect(await operatorHealth()).toEqual({ webhook: 'ok', email: 'ok' });
    expect(await outbox().record(await claimed('email'), { ok: false, statusCode: 404, gone: true, error: 'answered 404 no_service', durationMs: 1 })).toBe('failed');
    expect(await operatorHealth()).toEqual({ webhook: 'ok', email: 'failing' });
    clock.advance(2 * HOUR);
    expect((await outbox().claim(10)).filter((e) => e.lead_id === lead.id && e.channel !== 'visitor')).toEqual([]);
  });

  it('keeps what an entry written before entries held their facts says, once read at its next attempt', async () => {
    const lead = await freshLead(6);
    await ctx.site.db.updateTable('outbox').set({ facts: null }).where('lead_id', '=', lead.id).execute();
    const entry = (await outbox().claim(10)).find((e) => e.lead_id === lead.id && e.channel === 'webhook')!;
    expect(entry.facts).toBeNull();
    const facts = await outbox().freeze(entry);
    expect(facts).toMatchObject({ at: clock.now(), lead: { id: lead.id, first_name: lead.first_name } });
    await ctx.site.db.updateTable('discovery_calls').set({ first_name: 'Changed' }).where('id', '=', lead.id).execute();
    const [row] = await ctx.site.db.selectFrom('outbox').select('facts').where('id', '=', entry.id).execute();
    expect(JSON.parse(row!.facts!)).toMatchObject({ lead: { first_name: lead.first_name } });
  });

  it.skipIf(dialect !== 'postgres' || !TEST_DATABASE_URL)('gives each entry to one of two instances claiming at once', async () => {
    await ctx.site.db.deleteFrom('outbox').execute();
    clock.set(start);
    for (let n = 0; n < 50; n++) await ctx.site.store.create(visitor(100 + n));
    const other = ctx.another();
    const a = createOutbox(ctx.site.db, dialect, { now: clock.now });
    const b = other.outbox;
    const claimed: string[] = [];
    // Small batches, many rounds, both instances at once.
    const drain = async (o: typeof a) => {
      for (;;) {
        const got = await o.claim(3);
        if (got.length === 0) return;
        claimed.push(...got.map((e) => e.id));
      }
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    expect(claimed).toHaveLength(150);
    expect(new Set(claimed).size).toBe(150);
  });
});
