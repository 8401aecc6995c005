// The server killed outright (SIGKILL: no shutdown of any kind) while bookings pour in on SQLite with a
// webhook configured, then started again on the same folder. The clients whose requests died with it
// retry with their keys against the new process. Every lead acknowledged, before the kill or after, must
// be in the file, and every outbox entry of theirs delivered: those the killed process had claimed are
// taken again once their lease runs out.
import {
  count,
  deliveryFigures,
  failureSummary,
  load,
  OUTBOX_QUERY,
  promises,
  sqliteRows,
  startServer,
  submissions,
  tempDir,
  until,
  webhookEnv,
  webhookReceiver,
  type Figures,
  type OutboxRow,
  type ServerProcess,
  type StoredLead,
} from './harness.ts';

const SUBMISSIONS = 1000;
const CONCURRENCY = 25;
const KILL_AT = 400;

export async function sqliteKill(): Promise<Figures> {
  const dataDir = tempDir('sqlite-kill');
  const receiver = await webhookReceiver();
  // Each delivery takes a moment, so some are under way when the process dies.
  receiver.delayMs = 20;
  const env = { DATA_DIR: dataDir, ...webhookEnv(receiver) };
  let server: ServerProcess = await startServer(env, 'sqlite-kill');
  const first = server;
  const all = submissions('sqlite-kill', SUBMISSIONS);

  let restart: Promise<void> | undefined;
  let ackedBeforeKill = 0;
  let heldClaims = 0;
  let restartedAt = 0;
  await load(() => server.url, all, {
    concurrency: CONCURRENCY,
    retryMs: 100,
    deadline: Date.now() + 60_000,
    onAck: (acknowledged) => {
      if (acknowledged !== KILL_AT) return;
      restart = (async () => {
        first.child.kill('SIGKILL');
        await first.exited;
        ackedBeforeKill = all.filter((s) => s.id).length;
        const now = new Date().toISOString();
        heldClaims = sqliteRows<OutboxRow>(dataDir, OUTBOX_QUERY).filter(
          (e) => e.status === 'pending' && e.locked_until !== null && String(e.locked_until) > now,
        ).length;
        server = await startServer(env, 'sqlite-kill, restarted');
        restartedAt = performance.now();
      })();
    },
  });
  await restart;

  const { broken, expect } = promises();
  const leadIds = () => new Set(sqliteRows<StoredLead>(dataDir, 'select id, email from discovery_calls').map((r) => r.id));
  // The killed process's claims run out after the outbox's 60-second lease; then they are sent again.
  const delivered = await until(
    () => sqliteRows<OutboxRow>(dataDir, OUTBOX_QUERY).every((e) => e.status === 'delivered') && receiver.tally().leads.size >= leadIds().size,
    90_000,
    250,
  );
  const allDeliveredAfter = (performance.now() - restartedAt) / 1000;
  await server.stop();

  const rows = sqliteRows<StoredLead>(dataDir, 'select id, email from discovery_calls');
  const figures = count(all, rows);
  const d = deliveryFigures(all, sqliteRows<OutboxRow>(dataDir, OUTBOX_QUERY), receiver);
  const storedIds = new Set(rows.map((r) => r.id));
  expect(first.logs.length > 0 && restartedAt > 0, 'the server was killed and started again mid-run');
  expect(ackedBeforeKill > 0 && all.every((s) => !s.id || storedIds.has(s.id)), 'every acknowledged lead is there after the restart');
  expect(figures.lost === 0, 'nothing acknowledged lost');
  expect(figures.duplicates === 0, 'no duplicates');
  expect(figures.acknowledged === figures.sent, 'every submission acknowledged in the end');
  expect(delivered && d.undelivered === 0, 'every outbox entry of theirs delivered');
  expect(d.missing === 0, 'a webhook arrived for every acknowledged lead');
  expect(d.twice === 0, 'one notification per lead (one webhook id)');
  expect(d.forged === 0, 'every webhook signed');
  return {
    ...figures,
    notes: [
      `SIGKILL after ${ackedBeforeKill} acks, ${heldClaims} outbox claims held by the dead process`,
      `clients retried: ${failureSummary(all)}; ${figures.replayed} answered 200 (stored before the kill)`,
      `webhooks: ${d.arrived} of ${figures.acknowledged} leads, ${d.entries} entries delivered, ${d.repeats} repeats of one webhook id`,
      `all delivered ${allDeliveredAfter.toFixed(0)} s after the restart`,
    ],
    broken,
  };
}
