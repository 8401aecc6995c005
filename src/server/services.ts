// Every long-lived service of the server, built once from the configuration: the database, the one lead
// store, the notifications (outbox, deliverer, reminders), the operators and their sessions, the limits'
// counter, the booking form's tokens, where a visitor is, the retention sweep. main.ts and the tests'
// app (testing/app.ts) both build them here; buildApp (app.ts) hands each feature the ones it needs.
// A feature a deployment leaves unconfigured is still a service here, configured off (no notification
// channel, no time trap, no Redis): so every route exists on every deployment and answers as that
// deployment is set up, from the one place that knows.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { forwardingLog } from './core/log.ts';
import { createFormTokens, type FormTokens } from './booking/form-token.ts';
import { createMeetingTokens, type MeetingTokens } from './meetings/meeting-token.ts';
import { manageUrl } from './meetings/meeting-routes.ts';
import { createBusyFeeds, type BusyFeeds } from './meetings/busy-feeds.ts';
import { siteSecret } from './store/site-secret.ts';
import { createLeadStore, type LeadStore } from './leads/lead-store.ts';
import { openLimits, type SharedLimits } from './limits/shared-limits.ts';
import { createNotifications, type Notifications, type NotificationsOptions } from './notifications/index.ts';
import { createOperators, type Operators } from './operators/admin-api.ts';
import type { HashGateOptions } from './operators/hash-gate.ts';
import type { ScryptCost } from './operators/passwords.ts';
import { createRetentionSweeper, retentionRules, type RetentionSweeper } from './privacy/retention.ts';
import { locationSources, openGeoIpDatabase, type GeoIpReader, type LocationSource } from './site/location.ts';
import { openDatabase, type OpenDatabase } from './store/database.ts';
import { migrate } from './store/migrations/index.ts';
import { sqliteStorageState, type StorageState } from './store/storage-check.ts';

export interface Services {
  config: Config;
  /** The database and its dialect: the inbox's queries, the funnel, erasure. */
  database: OpenDatabase;
  /** The one lead store: a booking's write (with its notifications) and an operator's changes. */
  leads: LeadStore;
  notifications: Notifications;
  operators: Operators;
  /** Where every limit counts: this process's memory, or Redis shared by every instance (REDIS_URL). */
  limits: SharedLimits;
  /** The booking form's time trap (booking/form-token.ts); undefined when BOOKING_MIN_FILL_SECONDS is 0. */
  formTokens: FormTokens | undefined;
  /** Sign and read the links to a visitor's meeting (meetings/meeting-token.ts). */
  meetingTokens: MeetingTokens;
  /** The operators' calendars as busy time (meetings/busy-feeds.ts); none without MEETING_BUSY_ICS_URLS. */
  busyFeeds: BusyFeeds;
  /** Where a visitor is, in the order asked: the proxy's country header, then the GeoIP database. */
  location: readonly LocationSource[];
  retention: RetentionSweeper;
  /** Whether the SQLite folder takes writes, for the health check; undefined on PostgreSQL. */
  storage: (() => StorageState) | undefined;
  /** Brings the database up to date; the migrations it ran. */
  migrate(): Promise<string[]>;
  /** Starts what works in the background (the limits' connection, the deliverer, the sweeps), logging to `log`. */
  start(log: FastifyBaseLogger): void;
  /** Stops the background work, waits for what is under way, then closes the limits and the database. */
  stop(): Promise<void>;
}

/** What a test brings instead of what the configuration would open. */
export interface ServiceOverrides {
  /**
   * A database already open and migrated; stop() leaves it open for its owner to close, and the health
   * check does not look at DATA_DIR, which is not where it is.
   */
  database?: OpenDatabase;
  /** Limits its owner starts and closes. */
  limits?: SharedLimits;
  /** A GeoIP reader in place of GEOIP_DB's file. */
  geoIp?: GeoIpReader;
  /** The password hashing's cost: tests hash with a cheap one. */
  operatorCost?: ScryptCost;
  /** How many password checks run and wait at once. */
  hashGate?: HashGateOptions;
  /** The notifications' clock, delays and mail transport. */
  notifications?: Pick<NotificationsOptions, 'now' | 'retry' | 'pollMs' | 'reminderEveryMs' | 'transport'>;
  /** The clock of the retention sweep. */
  now?: () => Date;
}

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const geoIp = overrides.geoIp ?? (config.geoIpDb ? await openGeoIpDatabase(config.geoIpDb) : undefined);
  const database = overrides.database ?? openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, backgroundCheckpoints: true });
  const { db, dialect } = database;
  // Signs the links to a visitor's meeting with a secret kept in the database, so every instance reads
  // the links any of them wrote; the meeting mails carry them.
  const meetingTokens = createMeetingTokens(() => siteSecret(db, 'meeting-token'));
  const notifications = createNotifications({
    db,
    dialect,
    settings: config.notifications,
    origin: config.linkOrigin,
    manageUrl: async (leadId, locale) => manageUrl(await meetingTokens.issue(leadId), locale, config.linkOrigin),
    ...overrides.notifications,
  });
  // The one lead store, writing each new lead's notifications in its own transaction.
  const leads = createLeadStore(db, notifications.storeOptions);
  const limits = overrides.limits ?? openLimits(config.redisUrl);
  const busyLog = forwardingLog();
  const busyFeeds = createBusyFeeds({
    urls: config.meetings.busyCalendars,
    allowedHosts: config.meetings.busyCalendarHosts,
    daysAhead: config.meetings.daysAhead,
    log: busyLog.log,
  });
  const retentionLog = forwardingLog();
  const retention = createRetentionSweeper({
    db,
    dialect,
    rules: retentionRules(config.leadRetentionDays),
    conversationDays: config.assistants.conversationRetentionDays,
    log: retentionLog.log,
    ...(overrides.now ? { now: overrides.now } : {}),
  });

  return {
    config,
    database,
    leads,
    notifications,
    operators: createOperators(db, {
      ...(overrides.operatorCost ? { cost: overrides.operatorCost } : {}),
      ...(overrides.hashGate ? { hashGate: overrides.hashGate } : {}),
    }),
    limits,
    meetingTokens,
    busyFeeds,
    // The time trap signs its tokens with a secret kept in the database, so every instance checks the
    // tokens any of them issued (booking/site-secret.ts).
    formTokens: config.minFillMs ? createFormTokens({ secret: () => siteSecret(db, 'form-token'), minFillMs: config.minFillMs }) : undefined,
    location: locationSources({ countryHeader: config.geoCountryHeader, geoIp }),
    retention,
    storage: dialect === 'sqlite' && !overrides.database ? () => sqliteStorageState(config.dataDir) : undefined,
    migrate: () => migrate(db),
    start(log) {
      if (!overrides.limits) limits.start(log.child({ component: 'limits' }));
      notifications.start(log.child({ component: 'notifications' }));
      retentionLog.pointAt(log.child({ component: 'retention' }));
      busyLog.pointAt(log.child({ component: 'calendars' }));
      busyFeeds.start();
      retention.start();
    },
    async stop() {
      await notifications.stop();
      await retention.stop();
      await busyFeeds.stop();
      if (!overrides.limits) await limits.close();
      if (!overrides.database) await leads.close();
    },
  };
}
