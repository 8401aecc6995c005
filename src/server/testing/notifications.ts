// A test store with notifications wired as main.ts wires them, on a clock the test moves, with short
// delays so retries take milliseconds; opened before the block's tests and closed after them.
import { afterAll, beforeAll } from 'vitest';
import type { DiscoveryCallInput } from '../../shared/booking.ts';
import type { NotificationSettings } from '../config.ts';
import { attributionColumns, type Lead } from '../leads/lead-store.ts';
import { openDatabase, type Dialect } from '../store/database.ts';
import { createTestStore, TEST_DATABASE_URL, type TestStore } from './store.ts';
import { createNotifications, type Notifications, type NotificationsOptions } from '../notifications/index.ts';
import type { RetryPolicy } from '../notifications/outbox.ts';

export const GEORGI: DiscoveryCallInput = {
  first_name: 'Georgi',
  email: 'georgi.ivanov@example.bg',
  phone: '+359 87 123 4567',
  business_name: 'Ivanov <Auto> & Sons',
  service: 'Call Automation Systems',
  product: 'Inbound Phone Caller (appointments & support)',
  custom_service: '',
  locale: 'bg',
};

/** Georgi's request as the store hands it out, for the senders' tests. */
export const STORED_LEAD: Lead = {
  ...GEORGI,
  id: 'b3c0c6e4-5f1a-4e39-9d0e-2f1f5d3a9c11',
  status: 'pending',
  idempotency_key: null,
  spam_reason: null,
  privacy_notice_version: '3f2a9c1b7d4e',
  privacy_notice_locale: 'bg',
  ...attributionColumns({ utm_source: 'google', utm_campaign: 'call-automation', referrer_host: 'www.google.com', landing_path: '/bg/' }),
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

/** Another visitor each time, so the confirmation's one-a-day rule does not hide a lead's entries. */
export const visitor = (n: number): DiscoveryCallInput => ({ ...GEORGI, email: `visitor${n}@example.bg` });

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const settingsOf = (over: Partial<NotificationSettings> = {}): NotificationSettings => ({
  webhook: undefined,
  email: undefined,
  operatorLocale: 'en',
  visitorConfirmation: false,
  reminderHours: 20,
  ...over,
});

/** Milliseconds instead of seconds: the shape of the real policy, quick enough for a test. */
export const QUICK_RETRY: RetryPolicy = { firstDelayMs: 20, maxDelayMs: 200, giveUpAfterMs: 60_000, leaseMs: 5_000 };

export interface Clock {
  now: () => Date;
  /** Moves the clock on; `undefined` lets it follow real time again. */
  set(at: Date | undefined): void;
  advance(ms: number): void;
}

export function testClock(): Clock {
  let fixed: Date | undefined;
  return {
    now: () => (fixed ? new Date(fixed) : new Date()),
    set: (at) => {
      fixed = at;
    },
    advance: (ms) => {
      fixed = new Date((fixed ?? new Date()).getTime() + ms);
    },
  };
}

export interface NotifiedStore {
  readonly site: TestStore;
  readonly notifications: Notifications;
  /** A further instance over the same database, as another server would be; stopped after the tests. */
  another(over?: Partial<Omit<NotificationsOptions, 'db' | 'dialect'>>): Notifications;
}

export function useNotifiedStore(
  dialect: Dialect,
  options: () => Omit<NotificationsOptions, 'db' | 'dialect'>,
): NotifiedStore {
  let site: TestStore | undefined;
  let notifications: Notifications | undefined;
  const others: { stop(): Promise<void>; close(): Promise<void> }[] = [];
  beforeAll(async () => {
    site = await createTestStore(dialect, (opened) => {
      notifications = createNotifications({ db: opened.db, dialect, ...options() });
      return notifications.storeOptions;
    });
  });
  afterAll(async () => {
    for (const other of others) {
      await other.stop();
      await other.close();
    }
    await notifications?.stop();
    await site?.cleanup();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The store opens in beforeAll: use it inside a hook or a test');
    return value;
  };
  return {
    get site() {
      return opened(site);
    },
    get notifications() {
      return opened(notifications);
    },
    another(over = {}) {
      // On PostgreSQL a pool of its own, as another server has; SQLite has one file and one writer.
      const schema = opened(site).schema;
      const own = schema ? openDatabase({ url: TEST_DATABASE_URL, schema }).db : undefined;
      const other = createNotifications({ db: own ?? opened(site).db, dialect, ...options(), ...over });
      others.push({ stop: () => other.stop(), close: async () => own?.destroy() });
      return other;
    },
  };
}
