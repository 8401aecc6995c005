// Start: check the environment, build the services, migrate the store, listen, and shut down cleanly
// on a signal.
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './http/logging.ts';
import { createServices, type Services } from './services.ts';
import { SQLITE_FILE } from './store/database.ts';
import { NewerDatabaseError } from './store/migrations/index.ts';
import { business } from '../content/site.ts';
import { FIRST_OPERATOR_COMMANDS } from './inbox/admin-page.ts';
import { INBOX_PATH } from '../shared/inbox.ts';

/** After a stop signal, how long requests under way have before their connections are closed… */
const SHUTDOWN_GRACE_MS = 5_000;
/** …and when the process exits regardless, so that a stop never takes more than 10 s (docs/operating.md, "Stopping"). */
const SHUTDOWN_DEADLINE_MS = 9_000;

/**
 * The environment and what it names that must open at start, with the server's one logger (JSON lines
 * on stdout at LOG_LEVEL); a problem stops the server, named.
 */
async function servicesOfEnvironment(): Promise<Services> {
  try {
    const config = loadConfig();
    return await createServices(config, createLogger({ level: config.logLevel }));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main() {
  const services = await servicesOfEnvironment();
  const { config } = services;
  const app = await buildApp(services, { compressPagesAtStart: true });

  // A database that starts alongside us may need a moment: retry for about half a minute.
  for (let attempt = 1; ; attempt++) {
    try {
      const applied = await services.migrate();
      if (applied.length) app.log.info({ applied }, 'migrations applied');
      break;
    } catch (err) {
      if (err instanceof NewerDatabaseError) {
        app.log.fatal(err.message);
        process.exit(1);
      }
      if (attempt >= 10) {
        app.log.fatal({ err }, 'database unreachable or migration failed; giving up');
        process.exit(1);
      }
      app.log.warn({ attempt, err: (err as Error).message }, 'database not ready, retrying in 3 s');
      await sleep(3000);
    }
  }

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
    await services.stop();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The limits' connection, the deliverer and the reminder scan, and the retention sweep (the leads kept
  // long enough are erased at start and then every day: privacy/retention.ts), once the tables exist.
  services.start();
  await app.listen({ port: config.port, host: config.host });
  const { channels } = services.notifications;
  if (channels.length) app.log.info({ channels }, 'notifications on');
  if (!(await services.operators.accounts.hasOperators())) {
    app.log.warn(
      { npm: FIRST_OPERATOR_COMMANDS.npm, container: FIRST_OPERATOR_COMMANDS.container },
      `the leads inbox at ${INBOX_PATH} has no operator yet: add the first with \`${FIRST_OPERATOR_COMMANDS.npm}\` (in the container: \`${FIRST_OPERATOR_COMMANDS.container}\`)`,
    );
  }
  if (config.linkOrigin !== business.website) {
    app.log.warn(
      { website: business.website, links: config.linkOrigin },
      `the public origin is still the placeholder ${business.website} (website in src/content/site.ts): the links in mails, the calendar feed and webhooks point at ${config.linkOrigin}, this server, until it is set`,
    );
  }
  app.log.info(
    { limits: config.redisUrl ? 'redis' : 'memory', booking: config.bookingRateLimit ?? 'off', events: config.eventsRateLimit ?? 'off' },
    'limits ready',
  );
  app.log.info(
    services.database.dialect === 'sqlite'
      ? { store: 'sqlite', file: `${config.dataDir}/${SQLITE_FILE}` }
      : { store: 'postgres' },
    'lead store ready',
  );
}

void main();
