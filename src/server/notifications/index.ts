// Notifications wired from the configuration: which channels a lead's outbox entries go to, the senders
// behind them, the deliverer and the reminder scan. main.ts starts it and stops it before the store
// closes; the lead store writes the entries through `storeOptions`; the health check reads `health`.
import type { Kysely } from 'kysely';
import type { NotificationSettings } from '../config.ts';
import { business } from '../../content/site.ts';
import { inboxLeadPath, type Channel } from '../../shared/inbox.ts';
import type { Database, Dialect } from '../store/database.ts';
import type { LeadStoreOptions } from '../leads/lead-store.ts';
import type { ChannelHealth } from '../core/health.ts';
import { silentLog, type Log } from '../core/log.ts';
import { createDeliverer, type Deliverer, type Send } from './deliverer.ts';
import { createEmailSenders } from './email.ts';
import { createOutbox, outboxRows, type Outbox, type RetryPolicy } from './outbox.ts';
import { leadCreatedEntries, meetingChangeEntries, noShowEntry, type MeetingChange, type MeetingRef, type NewEntry, type NotificationPlan } from './entries.ts';
import { createReminderScanner } from './reminders.ts';
import type { Locale } from '../../shared/locale.ts';
import { createWebhookSender } from './webhook.ts';

/** Where the inbox shows a lead: on the site's public origin, the one its search data uses. */
export const leadInboxUrl = (id: string, origin: string = business.website): string => `${origin}${inboxLeadPath(id)}`;

export function notificationPlan(settings: NotificationSettings): NotificationPlan {
  return {
    operator: [...(settings.webhook ? (['webhook'] as const) : []), ...(settings.email ? (['email'] as const) : [])],
    visitorConfirmation: settings.visitorConfirmation && settings.email !== undefined,
    // A visitor who picked a time asked for the invitation: it goes wherever mail can be sent.
    visitorMeetings: settings.email !== undefined,
  };
}

export interface NotificationsOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  settings: NotificationSettings;
  log?: Log;
  /** The clock and the delays, for tests. */
  now?: () => Date;
  retry?: RetryPolicy;
  pollMs?: number;
  reminderEveryMs?: number;
  /** The link to a lead's meeting page in its language; without it the meeting mails link to the site. */
  manageUrl?: (leadId: string, locale: Locale) => Promise<string>;
  /** Where the links to the inbox point (config.linkOrigin); the public origin without it. */
  origin?: string;
  /** A nodemailer transport in place of SMTP_URL's (tests). */
  transport?: Parameters<typeof createEmailSenders>[0]['transport'];
}

export interface Notifications {
  outbox: Outbox;
  deliverer: Deliverer;
  /** The channels configured, in the order their entries are written. */
  channels: readonly Channel[];
  /** For createLeadStore: writes a new lead's entries in its transaction and sends them at once. */
  storeOptions: LeadStoreOptions;
  /** For the meetings: the entries a meeting's change writes in its transaction, sent at once. */
  meetingNotices: {
    entries(kind: MeetingChange, meeting: MeetingRef): NewEntry[];
    /** The visitor's "book another time" after a missed call; undefined when the visitor cannot be mailed. */
    noShow(meeting: Pick<MeetingRef, 'id' | 'leadId'>): NewEntry | undefined;
    afterWrite(): void;
    invitesVisitor: boolean;
  };
  /** Each configured channel's state, for GET /api/health and the inbox's banner. */
  health(): Promise<Record<string, ChannelHealth>>;
  /** Writes the reminders now due; how many. */
  scanReminders(): Promise<number>;
  /** Sends what is due, then every poll; scans for reminders now and every minute. */
  start(): void;
  /** Waits for the sends and the scan under way; call before the store closes. */
  stop(): Promise<void>;
}

export function createNotifications(options: NotificationsOptions): Notifications {
  const { db, settings } = options;
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  const plan = notificationPlan(settings);
  const outbox = createOutbox(db, options.dialect, { now, ...(options.retry ? { retry: options.retry } : {}) });

  const senders: Partial<Record<Channel, Send>> = {};
  if (settings.webhook) {
    senders.webhook = createWebhookSender({ ...settings.webhook, leadUrl: (id) => leadInboxUrl(id, options.origin), now });
  }
  const mail = settings.email
    ? createEmailSenders({
        transport: options.transport ?? settings.email.smtpUrl,
        from: settings.email.from,
        to: settings.email.to,
        operatorLocale: settings.operatorLocale,
        leadUrl: (id) => leadInboxUrl(id, options.origin),
        manageUrl: options.manageUrl ?? (() => Promise.resolve(options.origin ?? business.website)),
      })
    : undefined;
  if (mail) {
    senders.email = mail.email;
    if (plan.visitorConfirmation || plan.visitorMeetings) senders.visitor = mail.visitor;
  }
  const channels: Channel[] = [...plan.operator, ...(plan.visitorConfirmation || plan.visitorMeetings ? (['visitor'] as const) : [])];

  const deliverer = createDeliverer({
    outbox,
    senders,
    log,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
  });
  const reminders = createReminderScanner({
    db,
    plan,
    hours: settings.reminderHours,
    now,
    ...(options.reminderEveryMs !== undefined ? { everyMs: options.reminderEveryMs } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    onEnqueued: () => deliverer.kick(),
    onError: (err) => log.error({ err }, 'reminder scan failed'),
  });

  return {
    outbox,
    deliverer,
    channels,
    storeOptions: {
      outboxFor: (lead) => {
        const at = now();
        return outboxRows(leadCreatedEntries(lead, plan, at), at, options.retry);
      },
      // Sent at once; with no channel configured a lead has nothing to send, and the deliverer stays
      // asleep rather than look for entries after every booking.
      ...(channels.length ? { afterCreate: () => deliverer.kick() } : {}),
    },
    meetingNotices: {
      entries: (kind, meeting) => meetingChangeEntries(kind, meeting, plan),
      noShow: (meeting) => (plan.visitorMeetings ? noShowEntry(meeting) : undefined),
      afterWrite: () => deliverer.kick(),
      invitesVisitor: plan.visitorMeetings,
    },
    health: () => outbox.health(channels),
    scanReminders: () => reminders.scan(),
    start() {
      deliverer.start();
      reminders.start();
    },
    async stop() {
      await reminders.stop();
      await deliverer.stop();
      mail?.close();
    },
  };
}
