// The application without a port: main.ts listens, tests call inject(). Plugins first, then routes,
// in this order on purpose: compression must wrap everything, rate limits must see routes as they
// are added, and the error handler shapes every failure into the same JSON without leaking details.
// Every limit counts on one counter (options.limits): in memory, or in Redis shared by every instance.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { DEFAULT_LEAD_RETENTION_DAYS } from '../shared/promises.ts';
import type { Config } from './config.ts';
import { rateLimitStore, TooManyRequests } from './limits/route-limit.ts';
import { memoryLimits, type SharedLimits } from './limits/shared-limits.ts';
import { locationSources, type GeoIpReader } from './site/location.ts';
import { loggerOptions, type LogDestination } from './http/logging.ts';
import { erasureRoutes } from './inbox/erasure-routes.ts';
import { exportRoutes } from './inbox/export-routes.ts';
import { inboxRoutes } from './inbox/inbox-routes.ts';
import { registerAdminApi, type Operators } from './operators/admin-api.ts';
import { adminPageRoutes } from './inbox/admin-page.ts';
import { BODY_LIMIT, discoveryCallRoutes } from './booking/discovery-calls.ts';
import { funnelRoutes } from './funnel/funnel-routes.ts';
import { createFormTokens } from './booking/form-token.ts';
import { formTokenRoutes } from './booking/form-token-routes.ts';
import { siteSecret } from './booking/site-secret.ts';
import { healthRoutes } from './health/health.ts';
import { locationRoutes } from './site/location-routes.ts';
import { everyPage, notFoundHandler, pageRoutes, readBuiltPages, servePages } from './site/pages.ts';
import { everyResponseHeaders, inlineContentOf, pageHeadersOf } from './http/security-headers.ts';
import type { ChannelHealth } from './core/health.ts';
import type { OpenDatabase } from './store/database.ts';
import type { LeadStore, LeadStoreOptions } from './leads/lead-store.ts';
import type { StorageState } from './store/storage-check.ts';
import { apiMessagesFor } from './http/messages.ts';

export interface AppOptions {
  config: Pick<Config, 'trustProxy' | 'bookingRateLimit' | 'logLevel'> &
    Partial<Pick<Config, 'geoCountryHeader' | 'vapi' | 'leadRetentionDays' | 'eventsRateLimit' | 'minFillMs'>>;
  store: LeadStore;
  /** The GeoIP database GEOIP_DB names, opened once at start (openGeoIpDatabase). */
  geoIp?: GeoIpReader;
  /** Where the built pages are; by default dist/client next to the built server. */
  clientDir?: string;
  /** Where the built leads inbox is; by default dist/admin next to the built server. */
  adminDir?: string;
  /** Where the JSON log lines go: stdout at config.logLevel unless a test brings a stream (or false: nowhere). */
  logger?: false | LogDestination;
  /** How long a client may take (SERVER_TIMEOUTS); the timeouts' tests make them short. */
  timeouts?: Partial<ServerTimeouts>;
  /** The notification channels' states, for the health check (notifications/index.ts). */
  notificationHealth?: () => Promise<Record<string, ChannelHealth>>;
  /** Operator accounts and sessions: the admin API; without them it does not exist. */
  operators?: Operators;
  /** The database itself, for the inbox's lists and timelines; the inbox's API needs it and operators. */
  database?: OpenDatabase;
  /** Where the limits count (openLimits); this app's own memory when not given. Its owner starts and closes it. */
  limits?: SharedLimits;
  /**
   * What a lead's notifications need when an operator restores it from spam: the store's options main.ts
   * wires (notifications/index.ts); without them a restored lead notifies no one.
   */
  leadNotifications?: LeadStoreOptions;
  /** Whether the SQLite folder takes writes, for the health check (store/storage-check.ts); none with PostgreSQL. */
  storage?: () => StorageState;
  /**
   * Whether the pages' compressed copies are made before buildApp resolves (main.ts), so no visitor's
   * first page shares the CPU with them; otherwise each is made when first asked for (precompressed.ts).
   */
  compressPagesAtStart?: boolean;
}

/** With the time trap off the tokens mean nothing: the dialog still gets one, signed with a throwaway key. */
const throwaway = randomBytes(32);
const noSecret = () => Promise.resolve(throwaway);

/**
 * How long a client may take over its request, so that slow or stalled clients cannot hold the
 * server's connections until it has none left (a "slowloris"), and what Node would otherwise allow:
 * 60 s for the headers, 300 s for a request, no limit on a silent connection. docs/reliability.md's
 * "Slow clients are cut off" states these figures; a test holds them to it.
 */
export const SERVER_TIMEOUTS = {
  /** The request line and headers: a browser sends them in one packet; 10 s leaves a bad mobile link time. */
  headersMs: 10_000,
  /** The whole request, headers and body: our largest body is 16 KiB (BODY_LIMIT), seconds even at 2G speeds. */
  requestMs: 30_000,
  /**
   * A connection with nothing sent either way while a request is under way (Fastify's
   * connectionTimeout): our answers are quick, and a download in progress keeps it busy.
   */
  idleMs: 60_000,
  /**
   * An idle kept-alive connection between requests: Fastify's 72 s, above the 60 s after which a proxy
   * in front (nginx, a cloud load balancer) drops its own idle connections, so the proxy always closes
   * first and never sends a request onto a connection we are closing.
   */
  keepAliveMs: 72_000,
  /** How often Node looks for requests past headersMs or requestMs (its default, 30 s, would add up to that). */
  checkEveryMs: 1_000,
};
export type ServerTimeouts = typeof SERVER_TIMEOUTS;

/**
 * Fastify's own log lines, but each request's two (its arrival, its answer) at debug rather than info:
 * at the default level a booking writes one line, its lead's (booking/discovery-calls.ts), and what goes
 * wrong is logged as before, at warn or error.
 */
class RequestLinesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

const defaultClientDir = fileURLToPath(new URL('../../client', import.meta.url));
const defaultAdminDir = fileURLToPath(new URL('../../admin', import.meta.url));

export async function buildApp(options: AppOptions) {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions({ level: options.config.logLevel, ...options.logger }),
    logController: new RequestLinesAtDebug(),
    trustProxy: options.config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // A client past headersMs or requestMs is answered 408 and cut off; a silent connection is cut off.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
  });

  // Only JSON is accepted: without the text/plain parser any other body is answered with 415.
  app.removeContentTypeParser('text/plain');

  // A hook that calls back rather than an async one: no promise per answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(everyResponseHeaders);
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const messages = apiMessagesFor(request);
    // Over a limit: the limit's own message, already in the visitor's language (limits/route-limit.ts).
    if (error instanceof TooManyRequests) return reply.code(429).send({ error: error.message, retryable: true });
    const status = error.statusCode ?? 500;
    const known: Record<number, string> = {
      400: messages.invalidJson,
      413: messages.tooLarge,
      415: messages.unsupportedType,
      429: messages.tooManyRequests,
    };
    if (status >= 500 || !(status in known)) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status >= 400 && status < 500 ? status : 500).send({ error: messages.internal });
    }
    return reply.code(status).send({ error: known[status], ...(status === 429 ? { retryable: true } : {}) });
  });

  // The pages are read once here: their routes serve them, and their Content-Security-Policy allows
  // what they carry inline by its hashes. That policy and its companions only mean something for a
  // document, so the pages alone send them (docs/decisions/007-content-security-policy.md). An unknown
  // address gets the not-found page, or JSON under /api/ and /admin (pages.ts).
  const clientDir = options.clientDir ?? defaultClientDir;
  const built = readBuiltPages(clientDir);
  const served = servePages(built, {
    vapi: options.config.vapi,
    leadRetentionDays: options.config.leadRetentionDays ?? DEFAULT_LEAD_RETENTION_DAYS,
  });
  const pageHeaders = pageHeadersOf(options.config.vapi, inlineContentOf(everyPage(built)));
  app.setNotFoundHandler(notFoundHandler(served.pages, pageHeaders));

  await app.register(compress, { threshold: 1024 });
  const limits = options.limits ?? memoryLimits();
  await app.register(rateLimit, { global: false, store: rateLimitStore(limits.counter) });

  // The admin API's gate is a hook on every request, so it goes before any route.
  const guard =
    options.operators && (await registerAdminApi(app, options.operators, limits.counter, options.notificationHealth));
  if (guard && options.database) {
    await app.register(inboxRoutes, { ...options.database, guard, ...(options.leadNotifications ? { leadOptions: options.leadNotifications } : {}) });
  }
  if (guard && options.database) await app.register(exportRoutes, { ...options.database, guard });
  if (guard && options.database) await app.register(erasureRoutes, { ...options.database, guard });
  await app.register(healthRoutes, {
    store: options.store,
    ...(options.notificationHealth ? { notifications: options.notificationHealth } : {}),
    limits: () => limits.health(),
    ...(options.storage ? { storage: options.storage } : {}),
  });
  // The booking form's time trap signs its tokens with a secret kept in the database (booking/).
  const formTokens =
    options.database && options.config.minFillMs
      ? createFormTokens({ secret: () => siteSecret(options.database!.db, 'form-token'), minFillMs: options.config.minFillMs })
      : undefined;
  await app.register(formTokenRoutes, { tokens: formTokens ?? createFormTokens({ secret: noSecret, minFillMs: 0 }) });
  await app.register(discoveryCallRoutes, {
    store: options.store,
    rateLimit: options.config.bookingRateLimit,
    noticeVersions: served.noticeVersions,
    ...(formTokens ? { formTokens } : {}),
  });
  // The booking funnel's reports, and the inbox's view of them (funnel/funnel-routes.ts).
  if (options.database) {
    await app.register(funnelRoutes, {
      db: options.database.db,
      rateLimit: options.config.eventsRateLimit,
      ...(guard ? { guard } : {}),
    });
  }
  // Where the visitor is decides the language of `/` and answers /api/location; one list for both.
  const sources = locationSources({ countryHeader: options.config.geoCountryHeader, geoIp: options.geoIp });
  await app.register(locationRoutes, { sources });
  await app.register(pageRoutes, { clientDir, pages: served.pages, headers: pageHeaders, sources, compressAtStart: options.compressPagesAtStart });
  // The leads inbox's page, which answers 404 until an operator account exists, as the admin API does.
  if (guard) await app.register(adminPageRoutes, { adminDir: options.adminDir ?? defaultAdminDir, hasOperators: guard.hasOperators });

  return app;
}
