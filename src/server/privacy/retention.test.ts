import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeadStatus } from '../../shared/booking.ts';
import { DEFAULT_LEAD_RETENTION_DAYS, SPAM_RETENTION_DAYS } from '../../shared/promises.ts';
import { enqueue } from '../notifications/outbox.ts';
import { leadCreatedEntries } from '../notifications/entries.ts';
import { openDatabase } from '../store/database.ts';
import { TEST_DATABASE_URL, TEST_DIALECTS, useTestStore } from '../testing/store.ts';
import { createRetentionSweeper, retentionRules, sweep } from './retention.ts';
import { clearLeads, GEORGI } from '../testing/leads.ts';

const DAY = 24 * 3_600_000;
const NOW = new Date('2028-06-01T09:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const RULES = retentionRules(DEFAULT_LEAD_RETENTION_DAYS);

describe.each(TEST_DIALECTS)('the retention sweep on %s', (dialect) => {
  const site = useTestStore(dialect);
  beforeEach(async () => {
    await clearLeads(site.db);
    await site.db.deleteFrom('erasures').execute();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Only the clock is faked: the databases' own timers keep running. */
  const at = (when: Date) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(when);
  };

  /**
   * A lead that came in `steps[0]` days ago and took each later status that many days ago, through the
   * store as the inbox changes it, with its notifications.
   */
  async function lead(name: string, arrived: number, ...steps: [LeadStatus, number][]) {
    at(daysAgo(arrived));
    const { lead: created } = await site.store.create({ ...GEORGI, first_name: name, email: `${name.toLowerCase()}@example.bg` });
    await enqueue(site.db, leadCreatedEntries(created, { operator: ['webhook'], visitorConfirmation: true, visitorMeetings: false }, new Date()), new Date());
    for (const [status, ago] of steps) {
      at(daysAgo(ago));
      await site.store.updateStatus(created.id, status, { id: 'op-1', email: 'maria@nexa-ai.example' });
    }
    vi.useRealTimers();
    return created.id;
  }
  /** A sweeper over `db` every `everyMs`, at NOW, and what it logs (info and errors alike). */
  const sweeperOn = (db: typeof site.db, everyMs: number) => {
    const logged: unknown[] = [];
    const log = { info: (fields: unknown) => logged.push(fields), warn: () => {}, error: (fields: unknown) => logged.push(fields) };
    return { logged, sweeper: createRetentionSweeper({ db, dialect: site.dialect, rules: RULES, now: () => NOW, everyMs, log }) };
  };
  const names = async () => (await site.db.selectFrom('discovery_calls').select('first_name').orderBy('first_name').execute()).map((r) => r.first_name);

  it('erases the leads closed longer ago than the setting, with what hangs off them, and keeps the rest', async () => {
    const old = await lead('Closed731', 800, ['contacted', 790], ['won', DEFAULT_LEAD_RETENTION_DAYS + 1]);
    await lead('Lost731', 900, ['lost', DEFAULT_LEAD_RETENTION_DAYS + 1]);
    await lead('Closed729', 800, ['lost', DEFAULT_LEAD_RETENTION_DAYS - 1]);
    await lead('Pending', 3000);
    await lead('Scheduled', 3000, ['scheduled', 2900]);
    // Closed long ago, then taken up again: the status in force is not a closed one.
    await lead('Reopened', 1500, ['won', 1400], ['contacted', 1000]);
    // Reopened and closed again: its time runs from the second close.
    await lead('Reclosed', 1500, ['won', 1400], ['contacted', 1000], ['lost', 100]);

    expect(await sweep(site.db, site.dialect, RULES, NOW)).toEqual({ retention: 2 });
    expect(await names()).toEqual(['Closed729', 'Pending', 'Reclosed', 'Reopened', 'Scheduled']);
    for (const table of ['lead_events', 'outbox'] as const) {
      expect(await site.db.selectFrom(table).select('id').where('lead_id', '=', old).execute(), table).toEqual([]);
    }
    const audit = await site.db.selectFrom('erasures').selectAll().execute();
    expect(audit).toEqual([expect.objectContaining({ reason: 'retention', lead_count: 2, operator_id: null })]);

    // A second sweep finds nothing, and says so nowhere.
    expect(await sweep(site.db, site.dialect, RULES, NOW)).toEqual({});
    expect(await site.db.selectFrom('erasures').selectAll().execute()).toHaveLength(1);
  });

  it('erases spam after SPAM_RETENTION_DAYS from its arrival, and keeps a restored one', async () => {
    const spam = async (name: string, arrived: number) => {
      at(daysAgo(arrived));
      const { lead: created } = await site.store.create({ ...GEORGI, first_name: name, email: `${name.toLowerCase()}@example.bg` }, undefined, { spam: 'honeypot' });
      vi.useRealTimers();
      return created.id;
    };
    await spam('Spam31', SPAM_RETENTION_DAYS + 1);
    await spam('Spam29', SPAM_RETENTION_DAYS - 1);
    const restored = await spam('Restored', SPAM_RETENTION_DAYS + 5);
    expect(await site.store.restore(restored)).toMatchObject({ id: restored, spam_reason: null });
    // A lead of the same age is no spam and stays.
    await lead('Pending', SPAM_RETENTION_DAYS + 10);
    expect(await sweep(site.db, site.dialect, RULES, NOW)).toEqual({ spam: 1 });
    expect(await names()).toEqual(['Pending', 'Restored', 'Spam29']);
    expect(await site.db.selectFrom('erasures').selectAll().execute()).toEqual([expect.objectContaining({ reason: 'spam', lead_count: 1, operator_id: null })]);
  });

  it('reads LEAD_RETENTION_DAYS, to the day', async () => {
    await lead('Closed31', 40, ['won', 31]);
    await lead('Closed29', 40, ['won', 29]);
    expect(await sweep(site.db, site.dialect, retentionRules(30), NOW)).toEqual({ retention: 1 });
    expect(await names()).toEqual(['Closed29']);
  });

  it('works in batches, an audit entry each, and two sweeps at once erase each lead once', async () => {
    for (let i = 0; i < 7; i++) await lead(`Old${i}`, 1000, ['lost', 800]);
    // A second instance on PostgreSQL: a pool of its own over the same schema.
    const other = site.schema ? openDatabase({ url: TEST_DATABASE_URL, schema: site.schema }).db : site.db;
    try {
      const results = await Promise.all([sweep(site.db, site.dialect, RULES, NOW, 3), sweep(other, site.dialect, RULES, NOW, 3)]);
      expect(results.reduce((sum, r) => sum + (r.retention ?? 0), 0)).toBe(7);
    } finally {
      if (other !== site.db) await other.destroy();
    }
    expect(await names()).toEqual([]);
    const audit = await site.db.selectFrom('erasures').select('lead_count').execute();
    expect(audit.reduce((sum, a) => sum + a.lead_count, 0)).toBe(7);
    expect(audit.every((a) => a.lead_count > 0 && a.lead_count <= 3)).toBe(true);
  });

  it('runs at start and then on its interval, logs what it erased, and stops', async () => {
    await lead('Old', 1000, ['won', 800]);
    const { sweeper, logged } = sweeperOn(site.db, 20);
    sweeper.start();
    await vi.waitFor(async () => expect(await names()).toEqual([]));
    // The interval's next round finds the lead that closed meanwhile.
    await lead('Later', 1000, ['lost', 900]);
    await vi.waitFor(async () => expect(await names()).toEqual([]));
    await sweeper.stop();
    expect(logged).toEqual([
      { reason: 'retention', leads: 1 },
      { reason: 'retention', leads: 1 },
    ]);
  });

  it('leaves a sweep still under way to finish rather than start another beside it, and stop waits for it', async () => {
    await lead('Old', 1000, ['won', 800]);
    // Every query answered late, and counted while it is out: one sweep asks one thing at a time.
    let out = 0;
    let most = 0;
    const slow = site.db.withPlugin({
      transformQuery: ({ node }) => {
        most = Math.max(most, ++out);
        return node;
      },
      transformResult: async ({ result }) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        out--;
        return result;
      },
    });
    const { sweeper, logged } = sweeperOn(slow, 2);
    sweeper.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await sweeper.stop();
    expect(most).toBe(1);
    expect(await names()).toEqual([]);
    expect(logged).toEqual([{ reason: 'retention', leads: 1 }]);
  });
});
