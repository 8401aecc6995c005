// Every long-lived object of the server, built once from the configuration and the logger main.ts made:
// the database (whose owner closes it), the one lead store, the notifications (outbox, deliverer,
// reminders), the operators with their guard and log-in limits, the limits' counter, the signed tokens
// and links, the meeting desk, the assistants' tools, the metrics, where a visitor is, the retention
// sweep. main.ts and the tests' app (testing/app.ts) both build them here; buildApp (app.ts) only
// registers the routes with the ones each needs. A feature a deployment leaves unconfigured is still a
// service here, configured off (no notification channel, no time trap, no Redis): so every route exists
// on every deployment and answers as that deployment is set up, from the one place that knows.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Signer } from './core/signer.ts';
import { createFormTokens, type FormTokens } from './booking/form-token.ts';
import { createAssistantTools, type AssistantTools } from './assistants/assistant-tools.ts';
import { createVisitTokens, type VisitTokens } from './assistants/visit-token.ts';
import { chatFetcher } from './assistants/vapi-chats.ts';
import { createCalendarFeedSigner } from './meetings/calendar-feed.ts';
import { createMeetingDesk, type MeetingDesk } from './meetings/meeting-desk.ts';
import type { MeetingLimits } from './meetings/meeting-routes.ts';
import { createMeetingTokens, type MeetingTokens } from './meetings/meeting-token.ts';
import { createBusyFeeds, type BusyFeeds } from './meetings/busy-feeds.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { siteSecret } from './store/site-secret.ts';
import { createLeadRefs } from './leads/lead-ref.ts';
import { createLeadStore, type LeadStore } from './leads/lead-store.ts';
import { limiterOf } from './limits/limiter.ts';
import { openLimits, type SharedLimits } from './limits/shared-limits.ts';
import { channelSettingsOf } from './notifications/channels/index.ts';
import { createNotifications, type Notifications, type NotificationsOptions } from './notifications/index.ts';
import { createOperators, type Operators } from './operators/operators.ts';
import type { HashGateOptions } from './operators/hash-gate.ts';
import type { ScryptCost } from './operators/passwords.ts';
import { createRetentionSweeper, retentionRules, type RetentionSweeper } from './privacy/retention.ts';
import { locationSources, openGeoIpDatabase, type GeoIpReader, type LocationSource } from './site/location.ts';
import { openDatabase, type OpenDatabase } from './store/database.ts';
import { migrate } from './store/migrations/index.ts';
import { sqliteStorageState, type StorageState } from './store/storage-check.ts';

/** The assistants' side (Alex and Lana's server URL): only with VAPI_SERVER_SECRET. */
export interface AssistantServices {
  /** What the page passes the assistants: its visit's attribution, signed. */
  visitTokens: VisitTokens;
  /** The times and bookings the assistants' tools answer with. */
  tools: AssistantTools;
  /** A chat's transcript from Vapi's API: only with VAPI_PRIVATE_KEY. */
  fetchChat: ReturnType<typeof chatFetcher> | undefined;
  /** The lead a call Alex placed names in its metadata (leads/lead-ref.ts). */
  leadOf: (ref: string) => Promise<string | undefined>;
}

export interface Services {
  config: Config;
  /** The server's one logger, made by main.ts (or a test): the app and every service write to it. */
  log: FastifyBaseLogger;
  /** The database and its dialect: the inbox's queries, the funnel, erasure; closed by stop() when opened here. */
  database: OpenDatabase;
  /** The one lead store: a booking's write (with its notifications) and an operator's changes. */
  leads: LeadStore;
  notifications: Notifications;
  /** The accounts, sessions, devices, the guard in front of every admin route, and the log-in limits. */
  operators: Operators;
  /** Where every limit counts: this process's memory, or Redis shared by every instance (REDIS_URL). */
  limits: SharedLimits;
  /** The booking form's time trap (booking/form-token.ts); undefined when BOOKING_MIN_FILL_SECONDS is 0. */
  formTokens: FormTokens | undefined;
  /** Sign and read the links to a visitor's meeting (meetings/meeting-token.ts). */
  meetingTokens: MeetingTokens;
  /** The changes a call's link and a client network may make, and the calls a network may hold. */
  meetingLimits: MeetingLimits;
  /** The free slots, and every booking, move and cancellation, the visitor's or an assistant's. */
  desk: MeetingDesk;
  /** Signs the operators' calendar feed addresses (meetings/calendar-feed.ts). */
  calendarFeeds: Signer;
  /** The operators' calendars as busy time (meetings/busy-feeds.ts); none without MEETING_BUSY_ICS_URLS. */
  busyFeeds: BusyFeeds;
  /** undefined without VAPI_SERVER_SECRET: the assistants' routes do not exist then. */
  assistants: AssistantServices | undefined;
  /** What whoever runs the site scrapes (metrics/metrics.ts). */
  metrics: Metrics;
  /** Where a visitor is, in the order asked: the proxy's country header, then the GeoIP database. */
  location: readonly LocationSource[];
  retention: RetentionSweeper;
  /** Whether the SQLite folder takes writes, for the health check; undefined on PostgreSQL. */
  storage: (() => StorageState) | undefined;
  /** Brings the database up to date; the migrations it ran. */
  migrate(): Promise<string[]>;
  /** Starts what works in the background: the limits' connection, the deliverer, the sweeps. */
  start(): void;
  /** Stops the background work, waits for what is under way, then closes the limits and the database. */
  stop(): Promise<void>;
}

/** What a test brings instead of what the configuration would open. */
export interface ServiceOverrides {
  /**
   * A database already open and migrated; stop() leaves it open for its owner to close, and the health
   * check does not look at DATA_DIR, which is not where it is.
   */
  database?: Omit<OpenDatabase, 'close'>;
  /** Limits its owner starts and closes. */
  limits?: SharedLimits;
  /** A lead store in place of the services' (one that fails, or one that notifies): every service that writes or pings leads uses it. */
  leads?: LeadStore;
  /** A GeoIP reader in place of GEOIP_DB's file. */
  geoIp?: GeoIpReader;
  /** The operators' calendars, fetched when the test chooses, in place of MEETING_BUSY_ICS_URLS's. */
  busyFeeds?: BusyFeeds;
  /** The password hashing's cost: tests hash with a cheap one. */
  operatorCost?: ScryptCost;
  /** How many password checks run and wait at once. */
  hashGate?: HashGateOptions;
  /** The notifications' clock, delays and mail transport. */
  notifications?: Pick<NotificationsOptions, 'now' | 'retry' | 'pollMs' | 'reminderEveryMs' | 'transport'>;
  /** The clock of the retention sweep. */
  now?: () => Date;
}

export async function createServices(config: Config, log: FastifyBaseLogger, overrides: ServiceOverrides = {}): Promise<Services> {
  const geoIp = overrides.geoIp ?? (config.geoIpDb ? await openGeoIpDatabase(config.geoIpDb) : undefined);
  const owned = !overrides.database;
  const database: OpenDatabase = overrides.database
    ? { ...overrides.database, close: async () => {} }
    : openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, backgroundCheckpoints: true });
  const { db, dialect } = database;
  // The site's secrets are kept in the database, so every instance reads what any of them signed.
  const secretFor = (purpose: Parameters<typeof siteSecret>[1]) => () => siteSecret(db, purpose);
  // The links to a visitor's meeting, which the meeting mails and the inbox carry.
  const meetingTokens = createMeetingTokens(secretFor('meeting-token'), config.linkOrigin);
  // The lead a call Alex places is about, signed in the call's metadata (leads/lead-ref.ts).
  const leadRefs = createLeadRefs(secretFor('lead-ref'));
  /** The lead a call Alex placed names, while it exists: what comes back of an erased lead's call attaches to nothing. */
  const calledLead = async (ref: string) => {
    const id = await leadRefs.read(ref);
    return id && (await db.selectFrom('discovery_calls').select('id').where('id', '=', id).executeTakeFirst()) ? id : undefined;
  };
  const notifications = createNotifications({
    db,
    dialect,
    settings: { ...config.notifications, channels: channelSettingsOf(config.environment) },
    origin: config.linkOrigin,
    manageUrl: meetingTokens.pageOf,
    leadRef: leadRefs.issue,
    log: log.child({ component: 'notifications' }),
    ...overrides.notifications,
  });
  // The one lead store, writing each new lead's notifications in its own transaction.
  const leads = overrides.leads ?? createLeadStore(db, notifications.storeOptions);
  const limits = overrides.limits ?? openLimits(config.redisUrl);
  const busyFeeds =
    overrides.busyFeeds ??
    createBusyFeeds({
      urls: config.meetings.busyCalendars,
      allowedHosts: config.meetings.busyCalendarHosts,
      daysAhead: config.meetings.daysAhead,
      log: log.child({ component: 'calendars' }),
    });
  const retention = createRetentionSweeper({
    db,
    dialect,
    rules: retentionRules(config.leadRetentionDays),
    conversationDays: config.assistants.conversationRetentionDays,
    log: log.child({ component: 'retention' }),
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  // The meetings' one desk on this instance: the free slots and every booking, move and cancellation,
  // whether the visitor's page or an assistant makes it (meetings/meeting-desk.ts).
  const desk = createMeetingDesk({
    db,
    settings: config.meetings,
    notices: notifications.meetingNotices,
    busy: (from, to) => busyFeeds.busyBetween(from, to),
  });
  // Counted where the other limits are (Redis with REDIS_URL: shared by every instance).
  const { changesPerLink, changesPerNetwork, heldPerNetwork } = config.meetingLimits;
  const meetingLimits: MeetingLimits = {
    perLink: changesPerLink && limiterOf(limits.counter, 'meeting-changes-link', changesPerLink),
    perNetwork: changesPerNetwork && limiterOf(limits.counter, 'meeting-changes-network', changesPerNetwork),
    heldPerNetwork,
  };
  const { assistants } = config;
  const visitTokens = assistants.serverSecret ? createVisitTokens(secretFor('visit-token')) : undefined;

  return {
    config,
    log,
    database,
    leads,
    notifications,
    operators: createOperators(db, limits.counter, {
      ...(overrides.operatorCost ? { cost: overrides.operatorCost } : {}),
      ...(overrides.hashGate ? { hashGate: overrides.hashGate } : {}),
    }),
    limits,
    meetingTokens,
    meetingLimits,
    desk,
    calendarFeeds: createCalendarFeedSigner(secretFor('calendar-feed')),
    busyFeeds,
    assistants: visitTokens && {
      visitTokens,
      tools: createAssistantTools({ desk, leads, leadsPerHour: assistants.leadsPerHour, attributionOf: (token) => visitTokens.read(token), leadOf: calledLead }),
      leadOf: calledLead,
      fetchChat: assistants.privateKey ? chatFetcher(assistants.privateKey, assistants.apiUrl) : undefined,
    },
    metrics: createMetrics({ db, ping: () => leads.ping(), limits: () => limits.health() }),
    // The time trap's tokens, checked by whichever instance the form is sent to.
    formTokens: config.minFillMs ? createFormTokens({ secret: secretFor('form-token'), minFillMs: config.minFillMs }) : undefined,
    location: locationSources({ countryHeader: config.geoCountryHeader, geoIp }),
    retention,
    storage: dialect === 'sqlite' && owned ? () => sqliteStorageState(config.dataDir) : undefined,
    migrate: () => migrate(db),
    start() {
      if (!overrides.limits) limits.start(log.child({ component: 'limits' }));
      notifications.start();
      busyFeeds.start();
      retention.start();
    },
    async stop() {
      await notifications.stop();
      await retention.stop();
      await busyFeeds.stop();
      if (!overrides.limits) await limits.close();
      await database.close();
    },
  };
}
