// The application without a port: main.ts listens, tests call inject(). It takes the services built
// once (services.ts) and only registers every feature, each with the services it needs: it builds none. Plugins first, then
// routes, in this order on purpose: compression must wrap everything, rate limits must see routes as
// they are added, the admin API's gate must stand before any admin route, and the error handler shapes
// every failure into the same JSON without leaking details. Every route exists on every deployment; a
// feature the deployment leaves off answers as its service is set up (services.ts).
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { formTokenRoutes } from './booking/form-token-routes.ts';
import { UNCHECKED_FORM_TOKENS } from './booking/form-token.ts';
import { callbackOffers } from './booking/callback-offer.ts';
import { BODY_LIMIT, discoveryCallRoutes } from './booking/discovery-calls.ts';
import { funnelRoutes } from './funnel/funnel-routes.ts';
import { healthRoutes } from './health/health.ts';
import { errorHandler } from './http/errors.ts';
import { openApiRoutes, registerOpenApi } from './http/openapi.ts';
import { RequestLinesAtDebug } from './http/logging.ts';
import { everyResponseHeaders, inlineContentOf, pageHeadersOf, STRICT_TRANSPORT_SECURITY } from './http/security-headers.ts';
import { SERVER_TIMEOUTS, type ServerTimeouts } from './http/timeouts.ts';
import { adminPageRoutes } from './inbox/admin-page.ts';
import { erasureRoutes } from './inbox/erasure-routes.ts';
import { channelRoutes } from './inbox/channel-routes.ts';
import { exportRoutes } from './inbox/export-routes.ts';
import { inboxRoutes } from './inbox/inbox-routes.ts';
import { rateLimitStore } from './limits/route-limit.ts';
import { registerAdminApi } from './operators/admin-api.ts';
import { sessionCookieName } from './operators/session-cookie.ts';
import { claimFormToken } from './store/form-token-uses.ts';
import { channelSettingsOf } from './notifications/channels/index.ts';
import { meetingRoutes } from './meetings/meeting-routes.ts';
import { assistantRoutes } from './assistants/assistant-routes.ts';
import { agendaRoutes } from './meetings/agenda-routes.ts';
import { calendarFeedRoutes } from './meetings/calendar-feed.ts';
import { metricsRoutes } from './metrics/metrics-routes.ts';
import type { Services } from './services.ts';
import { locationRoutes } from './site/location-routes.ts';
import { everyPage, notFoundHandler, pageRoutes, readBuiltPages, servePages } from './site/pages.ts';

/** What buildApp uses of the services: a test may hand in its own record (testing/app.ts). */
export type AppServices = Omit<Services, 'retention' | 'migrate' | 'start' | 'stop'>;

/** How this app serves HTTP, apart from its services: where its files are, its log, its timeouts. */
export interface HttpOptions {
  /** Where the built pages are; by default dist/client next to the built server. */
  clientDir?: string;
  /** Where the built leads inbox is; by default dist/admin next to the built server. */
  adminDir?: string;
  /** How long a client may take (SERVER_TIMEOUTS); the timeouts' tests make them short. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * Whether the pages' compressed copies are made before buildApp resolves (main.ts), so no visitor's
   * first page shares the CPU with them; otherwise each is made when first asked for (site/precompressed.ts).
   */
  compressPagesAtStart?: boolean;
}

const defaultClientDir = fileURLToPath(new URL('../../client', import.meta.url));
const defaultAdminDir = fileURLToPath(new URL('../../admin', import.meta.url));

export async function buildApp(services: AppServices, http: HttpOptions = {}) {
  const { config, database, leads, notifications, operators, limits, metrics, desk } = services;
  const timeouts = { ...SERVER_TIMEOUTS, ...http.timeouts };
  const app = Fastify({
    loggerInstance: services.log,
    logController: new RequestLinesAtDebug(),
    trustProxy: config.trustProxy,
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
  // A page that sets its own referrer policy keeps it (the meeting page sends none: site/pages.ts).
  const { 'referrer-policy': _referrer, ...otherResponseHeaders } = everyResponseHeaders;
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(reply.hasHeader('referrer-policy') ? otherResponseHeaders : everyResponseHeaders);
    // Over https (as the trusted proxy reports it), browsers are told to come back over https only.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done(null, payload);
  });

  app.setErrorHandler(errorHandler);

  // Every route under /api/ declares its schema, which describes it at /api/openapi.json and decides
  // nothing: the handlers read their input and answer in the request's language (http/openapi.ts). The
  // plugin that collects the schemas goes before any route.
  await registerOpenApi(app, { sessionCookie: sessionCookieName(false) });

  // What whoever runs the site scrapes (metrics/metrics.ts): every answer timed, on the root before any
  // route, so every route has the hook.
  app.addHook('onResponse', metrics.onResponse);

  // The pages are read once here: their routes serve them, and their Content-Security-Policy allows
  // what they carry inline by its hashes. That policy and its companions only mean something for a
  // document, so the pages alone send them (docs/decisions/007-content-security-policy.md). An unknown
  // address gets the not-found page, or JSON under /api/ and /admin (site/pages.ts).
  const clientDir = http.clientDir ?? defaultClientDir;
  const built = readBuiltPages(clientDir);
  const served = servePages(built, {
    vapi: config.vapi,
    leadRetentionDays: config.leadRetentionDays,
    conversationRetentionDays: config.assistants.conversationRetentionDays,
  });
  const pageHeaders = pageHeadersOf(config.vapi, inlineContentOf(everyPage(built)));
  app.setNotFoundHandler(notFoundHandler(served.pages, pageHeaders));

  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false, store: rateLimitStore(limits.counter) });

  // The admin API's gate is a hook on every request, so it goes before any route.
  await registerAdminApi(app, operators, notifications);
  const { guard } = operators;
  const { db, dialect } = database;
  await app.register(inboxRoutes, {
    db,
    dialect,
    guard,
    leads,
    outbox: notifications.outbox,
    manageUrl: services.meetingTokens.pageOf,
    meetingNotices: notifications.meetingNotices,
    stopCallback: notifications.stopCallback,
  });
  await app.register(exportRoutes, { db, dialect, guard });
  // A sample message through a notification channel, to try its setting (inbox/channel-routes.ts).
  await app.register(channelRoutes, { guard, sendSample: notifications.sendSample });
  // Each operator's calendar feed of the calls, at a secret address (meetings/calendar-feed.ts).
  await app.register(calendarFeedRoutes, { db, guard, signer: services.calendarFeeds, locale: config.notifications.operatorLocale, origin: config.linkOrigin });
  // The calls booked, for the operators, and what became of each (meetings/agenda-routes.ts).
  await app.register(agendaRoutes, { db, guard, noShowNotice: notifications.meetingNotices.noShow, notices: notifications.meetingNotices });
  await app.register(erasureRoutes, { db, dialect, guard, meetingNotices: notifications.meetingNotices, stopCallback: notifications.stopCallback });
  await app.register(healthRoutes, {
    store: leads,
    notifications: notifications.health,
    limits: () => ({ ...limits.health(), ...services.busyFeeds.health() }),
    ...(services.storage ? { storage: services.storage } : {}),
  });
  // Where Alex calls back (notifications/channels/callback.ts), the dialog offers it, and a booking that
  // asked for it is told when and from which number: from the channel's own settings, read as the
  // notifications read them.
  const callback = notifications.channels.includes('callback') ? channelSettingsOf(config.environment).callback : undefined;
  const offers = callback && callbackOffers(callback);
  // With the time trap off the dialog still gets a token, which no request is checked for.
  await app.register(formTokenRoutes, { tokens: services.formTokens ?? UNCHECKED_FORM_TOKENS, ...(offers ? { callbackOffer: offers.offer } : {}) });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  await app.register(discoveryCallRoutes, {
    store: leads,
    rateLimit: config.bookingRateLimit,
    noticeVersions: served.noticeVersions,
    ...(services.formTokens ? { formTokens: services.formTokens } : {}),
    claimFormToken: (tokenId, idempotencyKey) => claimFormToken(db, tokenId, idempotencyKey),
    onBooking: metrics.booking,
    meetingTokens: services.meetingTokens,
    callbacks: notifications.channels.includes('callback'),
    ...(offers ? { callbackOffers: offers } : {}),
  });
  // A time for the discovery call, picked by the visitor after the request (meetings/).
  await app.register(meetingRoutes, { desk, tokens: services.meetingTokens, limits: services.meetingLimits });
  // Alex and Lana's server URL, where they find times and book the call themselves, and the visit token
  // the page passes them (assistants/); none of it exists without VAPI_SERVER_SECRET.
  const { assistants } = config;
  if (assistants.serverSecret && services.assistants) {
    await app.register(assistantRoutes, {
      db,
      conversationEnded: notifications.conversationEnded,
      secret: assistants.serverSecret,
      tools: services.assistants.tools,
      visitTokens: services.assistants.visitTokens,
      chatAssistantId: config.vapi?.chatAssistantId,
      assistantId: config.vapi?.assistantId,
      ...(services.assistants.fetchChat ? { fetchChat: services.assistants.fetchChat } : {}),
      leadOf: services.assistants.leadOf,
    });
  }
  // The booking funnel's reports, and the inbox's view of them (funnel/funnel-routes.ts).
  await app.register(funnelRoutes, { db, rateLimit: config.eventsRateLimit, guard });
  // Where the visitor is decides the language of `/` and answers /api/location; one list for both.
  await app.register(locationRoutes, { sources: services.location });
  await app.register(openApiRoutes);
  await app.register(pageRoutes, {
    clientDir,
    pages: served.pages,
    headers: pageHeaders,
    sources: services.location,
    compressAtStart: http.compressPagesAtStart,
  });
  // The leads inbox's page, which answers 404 until an operator account exists, as the admin API does.
  await app.register(adminPageRoutes, { adminDir: http.adminDir ?? defaultAdminDir, hasOperators: guard.hasOperators });

  return app;
}
