import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/store.ts';
import { callbackClock, callbackDeadline, enqueueReminders } from './reminders.ts';
import { SECRET, settingsOf, useNotifiedStore } from '../testing/notifications.ts';
import { visitor } from '../testing/leads.ts';

const HOUR = 3_600_000;

describe('callbackClock', () => {
  it('counts whole hours waited and the hours left of the 24, never below 0', () => {
    const created = '2026-11-24T10:00:00.000Z';
    expect(callbackClock(created, new Date('2026-11-25T06:59:00.000Z'))).toEqual({ waited: 20, left: 4 });
    expect(callbackClock(created, new Date('2026-11-25T07:00:00.000Z'))).toEqual({ waited: 21, left: 3 });
    expect(callbackClock(created, new Date('2026-11-26T10:00:00.000Z'))).toEqual({ waited: 48, left: 0 });
    expect(callbackDeadline(created).toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });
});

describe.each(TEST_DIALECTS)('enqueueReminders on %s', (dialect) => {
  const ctx = useNotifiedStore(dialect, () => ({
    settings: settingsOf({
      webhook: { url: 'http://127.0.0.1:1/hooks', secret: SECRET },
      email: { smtpUrl: 'smtp://127.0.0.1:1', to: 'owner@nexa-ai.example', from: 'site@nexa-ai.example' },
      visitorConfirmation: true,
    }),
  }));
  const plan = { operator: ['webhook', 'email'] as const, visitorConfirmation: true, visitorMeetings: false };
  const now = new Date('2026-11-24T12:00:00.000Z');

  async function leadAged(hours: number, n: number) {
    const { lead } = await ctx.site.store.create(visitor(n));
    const created_at = new Date(now.getTime() - hours * HOUR).toISOString();
    await ctx.site.db.updateTable('discovery_calls').set({ created_at }).where('id', '=', lead.id).execute();
    return lead;
  }
  const reminded = async () =>
    (await ctx.site.db.selectFrom('outbox').select(['lead_id', 'channel']).where('kind', '=', 'lead.reminder').orderBy('channel').execute());

  beforeEach(async () => {
    await ctx.site.db.deleteFrom('outbox').execute();
    await ctx.site.db.deleteFrom('discovery_calls').execute();
  });

  it('reminds once, through the operator channels, of a lead pending past the setting and within the 24 hours', async () => {
    const due = await leadAged(21, 1);
    await leadAged(19.5, 2);
    await leadAged(25, 3);
    const contacted = await leadAged(22, 4);
    await ctx.site.store.updateStatus(contacted.id, 'contacted');

    expect(await enqueueReminders(ctx.site.db, plan, { hours: 20, now })).toBe(2);
    expect(await reminded()).toEqual([
      { lead_id: due.id, channel: 'email' },
      { lead_id: due.id, channel: 'webhook' },
    ]);
    expect(await enqueueReminders(ctx.site.db, plan, { hours: 20, now: new Date(now.getTime() + 60_000) })).toBe(0);
    expect(await reminded()).toHaveLength(2);
    // A shorter setting reaches the younger lead too.
    expect(await enqueueReminders(ctx.site.db, plan, { hours: 19, now })).toBe(2);
  });

  it('writes nothing without an operator channel', async () => {
    await leadAged(21, 5);
    expect(await enqueueReminders(ctx.site.db, { operator: [], visitorConfirmation: true, visitorMeetings: false }, { hours: 20, now })).toBe(0);
    expect(await reminded()).toEqual([]);
  });
});
