// The webhook receiver down for an hour while leads come in: each notification is retried on the
// outbox's back-off (5 s, 10 s, 20 s … up to an hour between attempts) and arrives once the receiver
// is back, once. The hour passes in seconds: whenever every entry has had its attempt, the time until
// the next one is taken off each waiting entry's times (its next attempt, and its give-up time with
// it), as if the clock had moved on; the running server does the rest on its own clock.
import {
  count,
  deliveryFigures,
  health,
  load,
  OUTBOX_QUERY,
  promises,
  sqliteRows,
  sqliteRun,
  startServer,
  submissions,
  tempDir,
  until,
  webhookEnv,
  webhookReceiver,
  type Figures,
  type OutboxRow,
  type StoredLead,
} from './harness.ts';

const LEADS = 30;
const OUTAGE_MS = 60 * 60_000;
const ms = (t: string | Date | null) => (t === null ? 0 : new Date(t).getTime());

export async function webhookOutage(): Promise<Figures> {
  const dataDir = tempDir('webhook-outage');
  const receiver = await webhookReceiver({ up: false });
  const server = await startServer({ DATA_DIR: dataDir, ...webhookEnv(receiver) }, 'webhook-outage');
  const all = submissions('outage', LEADS);
  await load(server.url, all, { concurrency: 5, deadline: Date.now() + 30_000 });
  const { broken, expect } = promises();

  const pending = () => sqliteRows<OutboxRow>(dataDir, OUTBOX_QUERY).filter((e) => e.status === 'pending');
  // Every waiting entry has had its attempt: none is due, none is being sent.
  const settled = () => pending().every((e) => e.locked_until === null && ms(e.next_attempt_at) > Date.now());
  /** Moves time on to the next attempt; returns how far. */
  const advance = (): number => {
    let wait = 0;
    sqliteRun(dataDir, (db) => {
      const rows = db.prepare(`${OUTBOX_QUERY} where status = 'pending'`).all() as OutboxRow[];
      wait = Math.max(0, Math.min(...rows.map((r) => ms(r.next_attempt_at))) - Date.now());
      const update = db.prepare("update outbox set next_attempt_at = ?, retry_until = ? where id = ? and status = 'pending'");
      db.transaction(() => {
        for (const r of rows) {
          update.run(new Date(ms(r.next_attempt_at) - wait).toISOString(), new Date(ms(r.retry_until) - wait).toISOString(), r.id);
        }
      })();
    });
    return wait;
  };
  const nextWait = () => Math.min(...pending().map((e) => ms(e.next_attempt_at))) - Date.now();

  const started = performance.now();
  let simulated = 0;
  let degraded = '';
  while (true) {
    expect(await until(settled, 15_000, 100), `every entry attempted at ${Math.round(simulated / 1000)} s`);
    if (!degraded) {
      const h = await health(server.url);
      if (h.body.status === 'degraded') degraded = JSON.stringify(h.body);
    }
    // The next attempt would fall after the hour: the receiver comes back first.
    if (simulated + nextWait() > OUTAGE_MS) break;
    simulated += advance();
  }
  const failedAttempts = Math.min(...pending().map((e) => e.attempts));
  const lastFailure = simulated;
  expect(receiver.received.length === 0, 'nothing arrived while the receiver was down');
  expect(pending().length === LEADS, 'no entry gave up within the hour');

  await receiver.up();
  simulated += advance();
  const delivered = await until(() => pending().length === 0 && receiver.received.length >= LEADS, 15_000, 100);
  const recovered = await until(async () => (await health(server.url)).body.status === 'ok', 5000);
  const outbox = sqliteRows<OutboxRow>(dataDir, OUTBOX_QUERY);
  await server.stop();

  const figures = count(all, sqliteRows<StoredLead>(dataDir, 'select id, email from discovery_calls'));
  const d = deliveryFigures(all, outbox, receiver);
  expect(figures.acknowledged === LEADS && figures.lost === 0 && figures.duplicates === 0, 'every lead taken and stored once');
  expect(degraded.includes('"webhook":"failing"'), 'health degraded, naming the webhook, during the outage');
  expect(delivered && d.missing === 0 && d.undelivered === 0, 'every notification arrived afterwards');
  expect(d.twice === 0 && d.repeats === 0, 'each once');
  expect(d.forged === 0, 'every webhook signed');
  expect(recovered, 'health ok again after the first success');
  const minutes = (t: number) => `${Math.round(t / 60_000)} min`;
  return {
    ...figures,
    notes: [
      `receiver down ${minutes(OUTAGE_MS)} (simulated, ${((performance.now() - started) / 1000).toFixed(0)} s real): ${failedAttempts} failed attempts per lead, the last at ${minutes(lastFailure)}`,
      `back at ${minutes(OUTAGE_MS)}, all ${d.arrived} delivered at the next attempt, ${minutes(simulated)}, once each`,
      `health during: ${degraded ? 'degraded (webhook failing)' : 'not degraded'}, after: ${recovered ? 'ok' : 'not ok'}`,
    ],
    broken,
  };
}
