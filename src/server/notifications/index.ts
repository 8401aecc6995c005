// Notifications wired from the configuration: which channels a lead's outbox entries go to and the
// senders behind them (both from the registry of channels, channels/index.ts), the deliverer and the
// reminder scan. main.ts starts it and stops it before the store
// closes; the lead store writes the entries through `storeOptions`; the health check reads `health`.
import type { Kysely } from 'kysely';
import { business } from '../../content/site.ts';
import { inboxLeadPath, OUTBOX_KINDS, type ChannelDescription } from '../../shared/inbox.ts';
import type { Database, Dialect } from '../store/database.ts';
import type { LeadStoreOptions } from '../leads/lead-store.ts';
import type { ChannelHealth } from '../core/health.ts';
import { silentLog, type Log } from '../core/log.ts';
import { createDeliverer, type Deliverer, type Send } from './deliverer.ts';
import { createOutbox, enqueue, outboxRows, type Outbox, type RetryPolicy, type SendOutcome } from './outbox.ts';
import { currentFacts } from './facts.ts';
import { callbackBook, callbackHeld, isReported, recordCallbackStop, settleCall } from '../leads/callbacks.ts';
import { TRIED_AGAIN } from '../../shared/callbacks.ts';
import { sendSample } from './sample.ts';
import { takesSamples } from './channels/channel.ts';
import { callbackRetryEntry, conversationEntries, leadCreatedEntries, meetingChangeEntries, noShowEntry, type MeetingChange, type MeetingRef, type NewEntry, type NotificationPlan } from './entries.ts';
import { createReminderScanner } from './reminders.ts';
import { periodicTask } from '../core/periodic.ts';
import type { Locale } from '../../shared/locale.ts';
import { usualHealth, type ChannelSender, type SenderContext } from './channels/channel.ts';
import { channelList, describeChannels, isChannelName, type ChannelSettings } from './channels/index.ts';

/** Where new leads are announced: the channels configured, and what they share. */
export interface NotificationSettings {
  /** Each configured channel's settings (channelSettingsOf reads them from the environment). */
  channels: ChannelSettings;
  /** The language of the operator's messages. */
  operatorLocale: Locale;
  /** Hours after which a lead still pending sends its reminder. */
  reminderHours: number;
}

/** Where the inbox shows a lead: on the site's public origin, the one its search data uses. */
export const leadInboxUrl = (id: string, origin: string = business.website): string => `${origin}${inboxLeadPath(id)}`;

export function notificationPlan(settings: NotificationSettings): NotificationPlan {
  const configured = channelList().filter((c) => settings.channels[c.name as keyof ChannelSettings] !== undefined);
  const visitor = settings.channels.visitor;
  return {
    operator: configured.filter((c) => c.audience === 'operator').map((c) => c.name),
    visitorConfirmation: visitor?.confirmation ?? false,
    // A visitor who picked a time asked for the invitation: it goes wherever mail can be sent.
    visitorMeetings: visitor !== undefined,
    callbackCountries: settings.channels.callback?.countries ?? [],
    ...(settings.channels.callback ? { callbackRetry: { attempts: settings.channels.callback.attempts, afterMs: settings.channels.callback.retryAfterMs } } : {}),
  };
}

/**
 * The entries, once each names a registered channel and a known kind: the database takes any text in
 * those columns (migration 022), so the code that writes them is what holds them to the lists.
 */
export function registered(entries: NewEntry[]): NewEntry[] {
  for (const e of entries) {
    if (!isChannelName(e.channel)) throw new Error(`no notification channel is named ${e.channel}`);
    if (!(OUTBOX_KINDS as readonly string[]).includes(e.kind)) throw new Error(`no notification is of the kind ${e.kind}`);
  }
  return entries;
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
  /** The signed reference to a lead a call Alex places carries (leads/lead-ref.ts); no call without it. */
  leadRef?: (leadId: string) => Promise<string>;
  /** Where the links to the inbox point (config.linkOrigin); the public origin without it. */
  origin?: string;
  /** A nodemailer transport in place of SMTP_URL's (tests). */
  transport?: SenderContext['transport'];
}

export interface Notifications {
  outbox: Outbox;
  deliverer: Deliverer;
  /** The channels configured, in the order their entries are written. */
  channels: readonly string[];
  /** Every registered channel with its names in both languages, whether it is configured and, if so, its state and last failure's words, for the inbox. */
  describe(): Promise<ChannelDescription[]>;
  /** Sends a sample message through a configured channel that takes one (sample.ts); undefined for any other. */
  sendSample(name: string): Promise<SendOutcome | undefined>;
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
  /**
   * For the assistants' route: once a conversation's report is stored, tells the operator's channels
   * of it (its summary) when it made or found a lead that is not spam; how many entries it wrote.
   */
  conversationEnded(callId: string): Promise<number>;
  /**
   * Stops Alex calling a lead: its call not yet placed is withdrawn and one Vapi holds for the calling
   * hours is taken back; how many of both.
   */
  stopCallback(leadId: string, why: string): Promise<number>;
  /** Each configured channel's own work beside sending, once (what the minute's timer runs); how much it did. */
  channelWork(): Promise<number>;
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

  const calls = callbackBook(db, now);
  const context: SenderContext = {
    operatorLocale: settings.operatorLocale,
    leadUrl: (id) => leadInboxUrl(id, options.origin),
    manageUrl: options.manageUrl ?? (() => Promise.resolve(options.origin ?? business.website)),
    now,
    leadRef: options.leadRef,
    callbacks: {
      ...calls,
      async placed(call) {
        const attempt = await calls.placed(call);
        // Vapi's report of the call came before its answer to POST /call: what came of it is read now.
        if (attempt > 0 && (await isReported(db, call.callId))) await conversationEnded(call.callId);
        return attempt;
      },
    },
    transport: options.transport,
  };
  // A sender for each configured channel.
  const active = channelList().filter((c) => settings.channels[c.name as keyof ChannelSettings] !== undefined);
  const built: Record<string, ChannelSender> = Object.fromEntries(
    active.map((c) => [c.name, c.sender(settings.channels[c.name as keyof ChannelSettings], context)]),
  );
  const senders: Record<string, Send> = Object.fromEntries(Object.entries(built).map(([name, s]) => [name, s.send]));
  const channels = active.map((c) => c.name);
  const health = async () => {
    const recent = await outbox.recentAttempts(channels);
    return { recent, states: Object.fromEntries(active.map((c) => [c.name, (c.health ?? usualHealth)(recent[c.name] ?? [])])) as Record<string, ChannelHealth> };
  };

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
  // Each channel's own work beside sending: Alex's calls waiting for the hours, taken back once their
  // lead is no longer to be phoned (booked, taken up, spam or erased).
  const ticks = Object.values(built).flatMap((s) => (s.tick ? [s.tick] : []));
  const channelWork = periodicTask(
    () => Promise.all(ticks.map((tick) => tick())),
    options.reminderEveryMs ?? 60_000,
    (err) => log.error({ err }, 'channel work failed'),
  );

  async function conversationEnded(callId: string): Promise<number> {
    // A call Alex placed: what came of it is kept, and a lead not reached is tried again.
    const settled = await settleCall(db, callId);
    let retried = 0;
    if (settled && TRIED_AGAIN.has(settled.outcome) && !(await callbackHeld(db, settled.leadId))) {
      const retry = callbackRetryEntry(settled.leadId, settled.attempt, plan, now());
      if (retry) retried = await enqueue(db, registered([retry]), now(), options.retry);
      if (retried > 0) deliverer.kick();
    }
    if (plan.operator.length === 0) return retried;
    const row = await db
      .selectFrom('conversations')
      .select(['lead_id', 'channel', 'summary', 'duration_seconds', 'ended_reason'])
      .where('call_id', '=', callId)
      .executeTakeFirst();
    if (!row?.lead_id) return 0;
    const at = now();
    const facts = await currentFacts(db, row.lead_id, null, at);
    if (!facts || facts.lead.spam_reason !== null) return 0;
    // A call taken back before it rang tells no one anything.
    if (settled?.outcome === 'stopped') return retried;
    const callback = settled && { outcome: settled.outcome, attempt: settled.attempt, nextTryMinutes: retried > 0 && plan.callbackRetry ? Math.round(plan.callbackRetry.afterMs / 60_000) : null };
    const conversation = { callId, channel: row.channel, summary: row.summary, durationSeconds: row.duration_seconds, endedReason: row.ended_reason, ...(callback ? { callback } : {}) };
    const written = await enqueue(db, registered(conversationEntries(facts.lead, conversation, plan, at)), at, options.retry);
    if (written > 0) deliverer.kick();
    return written + retried;
  }

  return {
    outbox,
    deliverer,
    channels,
    async describe() {
      const { recent, states } = await health();
      return describeChannels(settings.channels).map((c) => {
        const state = states[c.name];
        if (!state) return c;
        // The service's own words for what went wrong last, while the channel is failing.
        const lastError = state === 'failing' ? (recent[c.name]?.find((a) => !a.ok)?.error ?? null) : null;
        return { ...c, health: state, last_error: lastError };
      });
    },
    async sendSample(name) {
      const channel = channelList().find((c) => c.name === name);
      const own = settings.channels[name as keyof ChannelSettings];
      if (!channel || own === undefined || !takesSamples(channel)) return undefined;
      return sendSample(channel, own, context, options.origin ?? business.website);
    },
    storeOptions: {
      outboxFor: (lead) => {
        const at = now();
        return outboxRows(registered(leadCreatedEntries(lead, plan, at)), at, options.retry);
      },
      // Sent at once; with no channel configured a lead has nothing to send, and the deliverer stays
      // asleep rather than look for entries after every booking.
      ...(channels.length ? { afterCreate: () => deliverer.kick() } : {}),
    },
    meetingNotices: {
      entries: (kind, meeting) => registered(meetingChangeEntries(kind, meeting, plan)),
      noShow: (meeting) => (plan.visitorMeetings ? noShowEntry(meeting) : undefined),
      afterWrite: () => deliverer.kick(),
      invitesVisitor: plan.visitorMeetings,
    },
    async stopCallback(leadId, why) {
      // Kept first: a try enqueued, or a call placed, while this runs finds the lead held.
      await recordCallbackStop(db, leadId, why, now());
      const withdrawn = await db
        .updateTable('outbox')
        .set({ status: 'failed', last_error: `not placed: ${why}`, locked_until: null })
        .where('lead_id', '=', leadId)
        .where('channel', '=', 'callback')
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(withdrawn.numUpdatedRows) + ((await built.callback?.stopFor?.(leadId)) ?? 0);
    },
    channelWork: async () => (await Promise.all(ticks.map((tick) => tick()))).reduce((a, b) => a + b, 0),
    health: async () => (await health()).states,
    conversationEnded,
    scanReminders: () => reminders.scan(),
    start() {
      deliverer.start();
      reminders.start();
      if (ticks.length) channelWork.start();
    },
    async stop() {
      await reminders.stop();
      await channelWork.stop();
      await deliverer.stop();
      for (const sender of Object.values(built)) sender.close?.();
    },
  };
}
