// Start: check the environment, open and migrate the store, listen, and shut down cleanly on a signal.
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openLimits } from './limits/shared-limits.ts';
import { createRetentionSweeper, retentionRules } from './inbox/retention.ts';
import { openGeoIpDatabase, type GeoIpReader } from './location.ts';
import { createNotifications } from './notifications/index.ts';
import { createOperators } from './operators/admin-api.ts';
import { openDatabase, SQLITE_FILE } from './store/database.ts';
import { createLeadStore } from './store/lead-store.ts';
import { migrate } from './store/migrations.ts';

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
  const { db, dialect } = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
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

  // The leads kept long enough are erased at start and then every day (inbox/retention.ts).
  const retention = createRetentionSweeper({
    db,
    dialect,
    rules: retentionRules(config.leadRetentionDays),
    log: app.log.child({ component: 'retention' }),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await notifications.stop();
    await retention.stop();
    await store.close();
    await limits.close();
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
