// A test store with notifications wired as main.ts wires them, on a clock the test moves, with short
// delays so retries take milliseconds; opened before the block's tests and closed after them.
import { afterAll } from 'vitest';
import { openDatabase, type Dialect } from '../store/database.ts';
import { TEST_DATABASE_URL, useTestStore, type UsedStore } from './store.ts';
import { createNotifications, type NotificationSettings, type Notifications, type NotificationsOptions } from '../notifications/index.ts';
import type { ChannelSettings } from '../notifications/channels/index.ts';
import type { RetryPolicy } from '../notifications/outbox.ts';

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/**
 * A test's notification settings: no channel, English, a reminder after 20 hours, and what the test
 * sets. With `email` the visitor's mail goes through the same server, as the environment makes it
 * (channels/visitor.ts); `visitorConfirmation` turns the confirmation on.
 */
export const settingsOf = ({
  webhook,
  email,
  visitorConfirmation = false,
  ...over
}: Partial<Omit<NotificationSettings, 'channels'>> & Pick<ChannelSettings, 'webhook' | 'email'> & { visitorConfirmation?: boolean } = {}): NotificationSettings => ({
  channels: {
    ...(webhook ? { webhook } : {}),
    ...(email ? { email, visitor: { smtpUrl: email.smtpUrl, from: email.from, confirmation: visitorConfirmation } } : {}),
  },
  operatorLocale: 'en',
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
  readonly site: UsedStore;
  readonly notifications: Notifications;
  /** A further instance over the same database, as another server would be; stopped after the tests. */
  another(over?: Partial<Omit<NotificationsOptions, 'db' | 'dialect'>>): Notifications;
}

export function useNotifiedStore(
  dialect: Dialect,
  options: () => Omit<NotificationsOptions, 'db' | 'dialect'>,
): NotifiedStore {
  let notifications: Notifications | undefined;
  const others: { stop(): Promise<void>; close(): Promise<void> }[] = [];
  const site = useTestStore(dialect, (opened) => {
    notifications = createNotifications({ db: opened.db, dialect, ...options() });
    return notifications.storeOptions;
  });
  // Run before the store's cleanup (after-hooks run in the reverse of their order).
  afterAll(async () => {
    for (const other of others) {
      await other.stop();
      await other.close();
    }
    await notifications?.stop();
  });
  return {
    site,
    get notifications() {
      if (!notifications) throw new Error('The store opens in beforeAll: use it inside a hook or a test');
      return notifications;
    },
    another(over = {}) {
      // On PostgreSQL a pool of its own, as another server has; SQLite has one file and one writer.
      const { schema, db } = site;
      const own = schema ? openDatabase({ url: TEST_DATABASE_URL, schema }).db : undefined;
      const other = createNotifications({ db: own ?? db, dialect, ...options(), ...over });
      others.push({ stop: () => other.stop(), close: async () => own?.destroy() });
      return other;
    },
  };
}
