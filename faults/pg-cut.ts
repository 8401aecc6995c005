// PostgreSQL lost under load: 2,000 bookings, 50 at a time, each client retrying a failed one with its
// own Idempotency-Key. Halfway through, a proxy between the server and PostgreSQL cuts every connection
// and refuses new ones for a few seconds, as a database restart or a failover does. Every acknowledged
// booking must be stored once, nothing twice, and the same server must be healthy afterwards.
import { setTimeout as sleep } from 'node:timers/promises';
import { withThrowawayDatabase } from '../tools/postgres.ts';
// A TCP proxy on loopback that drops every connection and refuses new ones until reopened; written
// for Redis in the limits' tests, it forwards any TCP protocol.
import { redisProxy as tcpProxy } from '../src/server/testing/redis.ts';
import {
  ADMIN_DATABASE_URL,
  count,
  failureSummary,
  health,
  load,
  pgRows,
  promises,
  reachable,
  skipped,
  startServer,
  submissions,
  until,
  type Figures,
  type StoredLead,
} from './harness.ts';

const SUBMISSIONS = 2000;
const CONCURRENCY = 50;
/** The cut comes when this many are acknowledged; PostgreSQL stays away this long. */
const CUT_AT = 700;
const AWAY_MS = 3000;

export async function pgCut(): Promise<Figures> {
  if (!(await reachable(ADMIN_DATABASE_URL, 5432))) return skipped(`no PostgreSQL at ${ADMIN_DATABASE_URL}`);
  const result = await withThrowawayDatabase(
    'faults_pg_cut',
    async (url) => {
      const proxy = await tcpProxy(url);
      try {
        const server = await startServer({ DATABASE_URL: proxy.url }, 'pg-cut');
        const all = submissions('pg-cut', SUBMISSIONS);
        let cut: Promise<void> | undefined;
        let cutAt = 0;
        const started = performance.now();
        await load(server.url, all, {
          concurrency: CONCURRENCY,
          deadline: Date.now() + 90_000,
          onAck: (acknowledged) => {
            if (acknowledged !== CUT_AT) return;
            cutAt = performance.now();
            cut = (async () => {
              await proxy.close();
              await sleep(AWAY_MS);
              await proxy.open();
            })();
          },
        });
        await cut;
        const seconds = (performance.now() - started) / 1000;

        const { broken, expect } = promises();
        // The pool finds its connections dead and opens new ones: no restart.
        const healthy = await until(async () => (await health(server.url)).code === 200, 10_000);
        expect(healthy, 'health 200 after PostgreSQL came back');
        expect(server.alive(), 'the server kept running');

        const rows = await pgRows<StoredLead>(url, 'select id, email from discovery_calls');
        const figures = count(all, rows);
        expect(cutAt > 0, 'the connections were cut mid-run');
        expect(figures.acknowledged === figures.sent, 'every submission acknowledged in the end');
        expect(figures.acknowledged === figures.stored, 'acknowledged == stored');
        expect(figures.duplicates === 0, 'no duplicates');
        expect(figures.lost === 0, 'nothing acknowledged lost');
        await server.stop();
        return {
          ...figures,
          notes: [
            `${figures.attempts} requests in ${seconds.toFixed(1)} s`,
            `cut after ${CUT_AT} acks, refused ${AWAY_MS / 1000} s`,
            `retried: ${failureSummary(all)}`,
            `${figures.replayed} stored before an answer was lost, acknowledged on retry (200)`,
            `health after: ${healthy ? 200 : 'not 200'}`,
          ],
          broken,
        };
      } finally {
        await proxy.close();
      }
    },
    ADMIN_DATABASE_URL,
  );
  return 'sent' in result ? result : skipped(result.skipped);
}
