// The application without a port: main.ts listens, tests call inject(). Plugins first, then routes,
// in this order on purpose: compression must wrap everything, rate limits must see routes as they
// are added, and the error handler shapes every failure into the same JSON without leaking details.
// Every limit counts on one counter (options.limits): in memory, or in Redis shared by every instance.
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import { apiMessages } from '../content/i18n/api-messages.ts';
import { localeFromAcceptLanguage } from '../shared/language.ts';
import { DEFAULT_LEAD_RETENTION_DAYS } from '../shared/promises.ts';
import type { Config } from './config.ts';
import { rateLimitStore, TooManyRequests } from './limits/route-limit.ts';
import { memoryLimits, type SharedLimits } from './limits/shared-limits.ts';
import { locationSources, type GeoIpReader } from './location.ts';
import { erasureRoutes } from './inbox/erasure-routes.ts';
import { exportRoutes } from './inbox/export-routes.ts';
import { inboxRoutes } from './inbox/inbox-routes.ts';
import { registerAdminApi, type Operators } from './operators/admin-api.ts';
import { adminPageRoutes } from './routes/admin-page.ts';
import { BODY_LIMIT, discoveryCallRoutes } from './routes/discovery-calls.ts';
import { healthRoutes } from './routes/health.ts';
import { locationRoutes } from './routes/location.ts';
import { everyPage, notFoundHandler, pageRoutes, readBuiltPages, servePages } from './routes/pages.ts';
import { everyResponseHeaders, inlineContentOf, pageHeadersOf } from './security-headers.ts';
import type { ChannelHealth } from './notifications/outbox.ts';
import type { OpenDatabase } from './store/database.ts';
import type { LeadStore } from './store/lead-store.ts';
import type { StorageState } from './store/storage-check.ts';

export interface AppOptions {
  config: Pick<Config, 'trustProxy' | 'bookingRateLimit' | 'logLevel'> &
    Partial<Pick<Config, 'geoCountryHeader' | 'vapi' | 'leadRetentionDays'>>;
  store: LeadStore;
  /** The GeoIP database GEOIP_DB names, opened once at start (openGeoIpDatabase). */
  geoIp?: GeoIpReader;
  /** Where the built pages are; by default dist/client next to the built server. */
  clientDir?: string;
  /** Where the built leads inbox is; by default dist/admin next to the built server. */
  adminDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The notification channels' states, for the health check (notifications/index.ts). */
  notificationHealth?: () => Promise<Record<string, ChannelHealth>>;
  /** Operator accounts and sessions: the admin API; without them it does not exist. */
  operators?: Operators;
  /** The database itself, for the inbox's lists and timelines; the inbox's API needs it and operators. */
  database?: OpenDatabase;
  /** Where the limits count (openLimits); this app's own memory when not given. Its owner starts and closes it. */
  limits?: SharedLimits;
  /** Whether the SQLite folder takes writes, for the health check (store/storage-check.ts); none with PostgreSQL. */
  storage?: () => StorageState;
}

const defaultClientDir = fileURLToPath(new URL('../../client', import.meta.url));
const defaultAdminDir = fileURLToPath(new URL('../../admin', import.meta.url));

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel },
    trustProxy: options.config.trustProxy,
    bodyLimit: BODY_LIMIT,
  });

  // Only JSON is accepted: without the text/plain parser any other body is answered with 415.
  app.removeContentTypeParser('text/plain');

  app.addHook('onSend', async (_request, reply) => {
    reply.headers(everyResponseHeaders);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const messages = apiMessages[localeFromAcceptLanguage(request.headers['accept-language'])];
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
  if (guard && options.database) await app.register(inboxRoutes, { ...options.database, guard });
  if (guard && options.database) await app.register(exportRoutes, { ...options.database, guard });
  if (guard && options.database) await app.register(erasureRoutes, { ...options.database, guard });
  await app.register(healthRoutes, {
    store: options.store,
    ...(options.notificationHealth ? { notifications: options.notificationHealth } : {}),
    limits: () => limits.health(),
    ...(options.storage ? { storage: options.storage } : {}),
  });
  await app.register(discoveryCallRoutes, {
    store: options.store,
    rateLimit: options.config.bookingRateLimit,
    noticeVersions: served.noticeVersions,
  });
  // Where the visitor is decides the language of `/` and answers /api/location; one list for both.
  const sources = locationSources({ countryHeader: options.config.geoCountryHeader, geoIp: options.geoIp });
  await app.register(locationRoutes, { sources });
  await app.register(pageRoutes, { clientDir, pages: served.pages, headers: pageHeaders, sources });
  // The leads inbox's page, which answers 404 until an operator account exists, as the admin API does.
  if (guard) await app.register(adminPageRoutes, { adminDir: options.adminDir ?? defaultAdminDir, hasOperators: guard.hasOperators });

  return app;
}
