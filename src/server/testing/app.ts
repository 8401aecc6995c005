// The app as the API tests drive it, after fastify/demo's test/helper.ts: a client folder of its own
// with the two pages, a store on each database the run has (SQLite, and PostgreSQL where
// TEST_DATABASE_URL names one), inject() instead of a port, and all of it closed and removed after the
// tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe } from 'vitest';
import { INBOX_API } from '../../shared/inbox.ts';
import type { Locale } from '../../shared/locale.ts';
import { pageFileOf } from '../../shared/site-pages.ts';
import { buildApp, type HttpOptions } from '../app.ts';
import type { Config } from '../config.ts';
import type { ChannelHealth } from '../core/health.ts';
import { createLogger, type LogDestination } from '../http/logging.ts';
import { createServices, type ServiceOverrides, type Services } from '../services.ts';
import { testConfig } from './config.ts';
import { addOperator, clearOperators, OPERATOR, TEST_COST } from './operators.ts';
import type { Dialect } from '../store/database.ts';
import type { StorageState } from '../store/storage-check.ts';
import type { LeadStore } from '../leads/lead-store.ts';
import type { Operator } from '../operators/operator-store.ts';
import { TEST_DIALECTS, useTestStore, type UsedStore } from './store.ts';

export type App = Awaited<ReturnType<typeof buildApp>>;

/** The two prerendered home pages of a client folder, and the pages beside them where a test needs them. */
export interface TestPages {
  english: string;
  bulgarian: string;
  privacy?: Partial<Record<Locale, string>>;
  notFound?: Partial<Record<Locale, string>>;
  meeting?: Partial<Record<Locale, string>>;
}

/** The pages unless a test brings its own; the English one is large enough to be compressed. */
export const TEST_PAGES: TestPages = {
  english: `<!doctype html><html lang="en"><body>English page${' '.repeat(2048)}</body></html>`,
  bulgarian: '<!doctype html><html lang="bg"><body>Българска страница</body></html>',
};

/** A hashed script beside the pages, as the build leaves one. */
export const TEST_ASSET = '/assets/entry-3f2a9c1b.js';
/** What the hashed asset holds. */
export const TEST_ASSET_TEXT = 'console.log(1)';
/** Its brotli and gzip copies beside it, as the build writes them (scripts/compress-assets.ts). */
export const TEST_ASSET_COPIES = { br: brotliCompressSync(TEST_ASSET_TEXT), gzip: gzipSync(TEST_ASSET_TEXT) } as const;

/** The leads inbox's page and one of its scripts, as its build leaves them (under dist/admin). */
export const TEST_ADMIN_PAGE = '<!doctype html><html lang="en"><head><script type="module" src="/admin/assets/admin-5d1e.js"></script></head><body><div id="root"></div></body></html>';
export const TEST_ADMIN_ASSET = '/admin/assets/admin-5d1e.js';

/** A temporary folder for the tests of the block it is called in, removed after them. */
export function useTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** What a test may set; the rest is a quiet app (no log) without a rate limit, on the test's own store. */
export type BuildOptions = Partial<Config> &
  Omit<HttpOptions, 'clientDir' | 'adminDir'> &
  Pick<ServiceOverrides, 'geoIp' | 'limits' | 'hashGate' | 'busyFeeds'> & {
    /** Where the app's log lines go: nowhere unless a test brings a stream. */
    logger?: false | LogDestination;
    /** A lead store in place of the services' (one that fails, or one that notifies). */
    store?: LeadStore;
    /** The notification channels' states, in place of the outbox's. */
    notificationHealth?: () => Promise<Record<string, ChannelHealth>>;
    /** The data folder's state, as the health check reads it, in place of none (the store is not in DATA_DIR). */
    storage?: () => StorageState;
    /** Sends the notifications as main.ts does (the deliverer started), stopping them when the app closes. */
    deliver?: boolean;
  };

export interface TestApp {
  dialect: Dialect;
  /** The store and its database, to look at what requests stored; open from beforeAll on. */
  readonly store: UsedStore;
  /** An app serving the pages from the store; closed after the block's tests. */
  build(options?: BuildOptions): Promise<App>;
  /** The services an app was built on, to drive what a timer would (the notifications' minute). */
  servicesOf(app: App): Services;
}

/** The app for the tests of the block it is called in, on one database. */
export function useTestApp(dialect: Dialect, pages: TestPages = TEST_PAGES): TestApp {
  // The built pages may not exist in unit tests, and a test may need pages of its own.
  const clientDir = useTempDir('app-test-');
  fs.mkdirSync(path.join(clientDir, 'bg'));
  fs.mkdirSync(path.join(clientDir, path.dirname(TEST_ASSET)));
  fs.writeFileSync(path.join(clientDir, 'index.html'), pages.english);
  fs.writeFileSync(path.join(clientDir, 'bg', 'index.html'), pages.bulgarian);
  fs.writeFileSync(path.join(clientDir, TEST_ASSET), TEST_ASSET_TEXT);
  // Its copies as the build writes them (scripts/compress-assets.ts).
  fs.writeFileSync(path.join(clientDir, `${TEST_ASSET}.br`), TEST_ASSET_COPIES.br);
  fs.writeFileSync(path.join(clientDir, `${TEST_ASSET}.gz`), TEST_ASSET_COPIES.gzip);
  for (const [page, html] of [['privacy', pages.privacy], ['not-found', pages.notFound], ['meeting', pages.meeting]] as const) {
    for (const [locale, text] of Object.entries(html ?? {}) as [Locale, string][]) {
      const file = path.join(clientDir, pageFileOf(page, locale));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  }
  const adminDir = useTempDir('app-test-admin-');
  fs.mkdirSync(path.join(adminDir, 'assets'));
  fs.writeFileSync(path.join(adminDir, 'admin.html'), TEST_ADMIN_PAGE);
  fs.writeFileSync(path.join(adminDir, 'assets', path.basename(TEST_ADMIN_ASSET)), 'console.log("inbox")');

  const store = useTestStore(dialect);
  const apps: App[] = [];
  const built = new WeakMap<App, Services>();
  // After-hooks run in the reverse of their order (vitest's sequence.hooks, 'stack'): the apps close
  // before the store's cleanup removes their database.
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  return {
    dialect,
    store,
    async build({ store: other, geoIp, hashGate, notificationHealth, storage, limits, timeouts, logger = false, compressPagesAtStart, busyFeeds, deliver, ...config } = {}) {
      const services = await createServices(testConfig(config), createLogger(logger), {
        database: { db: store.db, dialect },
        operatorCost: TEST_COST,
        ...(busyFeeds ? { busyFeeds } : {}),
        ...(other ? { leads: other } : {}),
        ...(geoIp ? { geoIp } : {}),
        ...(limits ? { limits } : {}),
        ...(hashGate ? { hashGate } : {}),
      });
      const app = await buildApp(
        {
          ...services,
          ...(notificationHealth ? { notifications: { ...services.notifications, health: notificationHealth } } : {}),
          ...(storage ? { storage } : {}),
        },
        { clientDir, adminDir, ...(timeouts ? { timeouts } : {}), ...(compressPagesAtStart ? { compressPagesAtStart } : {}) },
      );
      if (deliver) {
        services.notifications.start();
        app.addHook('onClose', () => services.notifications.stop());
      }
      apps.push(app);
      built.set(app, services);
      return app;
    },
    servicesOf(app) {
      const services = built.get(app);
      if (!services) throw new Error('the app was not built here');
      return services;
    },
  };
}

/** The site's own origin as inject() presents it: the admin API takes a write from it for the site's. */
export const INJECT_ORIGIN = 'http://localhost';

/** Logs an operator in through the API; the session cookie (`name=value`) for later requests. */
export async function logIn(app: App, email: string, password: string): Promise<string> {
  const login = await app.inject({ method: 'POST', url: INBOX_API.login, headers: { origin: INJECT_ORIGIN }, payload: { email, password } });
  if (login.statusCode !== 204) throw new Error(`log-in answered ${login.statusCode}: ${login.body}`);
  return String(login.headers['set-cookie']).split(';')[0]!;
}

/** An app and the session of the operator logged in to it. */
export interface LoggedIn {
  app: App;
  /** The session cookie (`name=value`) for later requests. */
  cookie: string;
  operator: Operator;
}

/**
 * An app with OPERATOR logged in, the database's only account: the accounts and sessions before it are
 * removed, then it is added, the app built with `options`, and the operator logged in through the API.
 */
export async function loggedInApp(site: TestApp, options: BuildOptions = {}): Promise<LoggedIn> {
  await clearOperators(site.store.db);
  const operator = await addOperator(site.store.db);
  const app = await site.build(options);
  return { app, cookie: await logIn(app, OPERATOR.email, OPERATOR.password), operator };
}

type Body = (app: TestApp) => void;

/** A describe block run once on each database of the run, named with the dialect, with its app. */
export function describeApp(title: string, ...args: [body: Body] | [pages: TestPages, body: Body]): void {
  const [pages, body] = args.length === 1 ? [TEST_PAGES, args[0]] : args;
  describe.each(TEST_DIALECTS)(`${title} on %s`, (dialect) => body(useTestApp(dialect, pages)));
}
