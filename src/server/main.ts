// Start: check the environment, open and migrate the store, listen, and shut down cleanly on a signal.
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openLimits } from './limits/shared-limits.ts';
import { createRetentionSweeper, retentionRules } from './privacy/retention.ts';
import { openGeoIpDatabase, type GeoIpReader } from './site/location.ts';
import { createNotifications } from './notifications/index.ts';
import { createOperators } from './operators/admin-api.ts';
import { openDatabase, SQLITE_FILE } from './store/database.ts';
import { createLeadStore } from './leads/lead-store.ts';
import { migrate } from './store/migrations/index.ts';
import { sqliteStorageState } from './store/storage-check.ts';

/** After a stop signal, how long requests under way have before their connections are closed… */
const SHUTDOWN_GRACE_MS = 5_000;
/** …and when the process exits regardless, so that a stop never takes more than 10 s (docs/operating.md, "Stopping"). */
const SHUTDOWN_DEADLINE_MS = 9_000;

/** The environment and what it names that must open at start; a problem stops the server, named. */
async function readConfig(): Promise<{ config: Config; geoIp: GeoIpReader | undefined }> {
  try {
    const config = loadConfig();
    return { config, geoIp: config.geoIpDb ? await openGeoIpDatabase(config.geoIpDb) : undefined };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main() {
  const { config, geoIp } = await readConfig();
  const { db, dialect } = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, backgroundCheckpoints: true });
  const notifications = createNotifications({ db, dialect, settings: config.notifications });
  const store = createLeadStore(db, notifications.storeOptions);
  const limits = openLimits(config.redisUrl);
  const app = await buildApp({
    config,
    store,
    geoIp,
    notificationHealth: notifications.health,
    operators: createOperators(db),
    database: { db, dialect },
    limits,
    leadNotifications: notifications.storeOptions,
    ...(dialect === 'sqlite' ? { storage: () => sqliteStorageState(config.dataDir) } : {}),
    compressPagesAtStart: true,
  });
  limits.start(app.log.child({ component: 'limits' }));

  // A database that starts alongside us may need a moment: retry for about half a minute.
  for (let attempt = 1; ; attempt++) {
    try {
      const applied = await migrate(db);
      if (applied.length) app.log.info({ applied }, 'migrations applied');
      break;
    } catch (err) {
      if (attempt >= 10) {
        app.log.fatal({ err }, 'database unreachable or migration failed; giving up');
        process.exit(1);
      }
      app.log.warn({ attempt, err: (err as Error).message }, 'database not ready, retrying in 3 s');
      await sleep(3000);
    }
  }

  // The leads kept long enough are erased at start and then every day (privacy/retention.ts).
  const retention = createRetentionSweeper({
    db,
    dialect,
    rules: retentionRules(config.leadRetentionDays),
    log: app.log.child({ component: 'retention' }),
  });

  // On a stop signal: no new connections, requests under way finish (a new request on a kept-alive
  // connection gets 503), the deliverer records the sends under way, then the store closes. A client
  // that never finishes its request must not hold the process: after the grace its connection is
  // closed, and at the deadline the process ends whatever is still running (an orchestrator's kill
  // would come later and lose the same). `npm run test:faults` (sigterm) holds it to 10 s.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    setTimeout(() => {
      app.log.error({ afterMs: SHUTDOWN_DEADLINE_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await notifications.stop();
    await retention.stop();
    await store.close();
    await limits.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  notifications.start(app.log.child({ component: 'notifications' }));
  retention.start();
  if (notifications.channels.length) app.log.info({ channels: notifications.channels }, 'notifications on');
  app.log.info(
    { limits: config.redisUrl ? 'redis' : 'memory', booking: config.bookingRateLimit ?? 'off', events: config.eventsRateLimit ?? 'off' },
    'limits ready',
  );
  app.log.info(
    dialect === 'sqlite'
      ? { store: 'sqlite', file: `${config.dataDir}/${SQLITE_FILE}` }
      : { store: 'postgres' },
    'lead store ready',
  );
}

void main();
