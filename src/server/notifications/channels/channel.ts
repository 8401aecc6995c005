// What a notification channel is: one module under this folder that says everything about it (the
// environment variables it reads and how they become its settings, its sender, its names in both
// languages, how its health is judged) and is listed once in index.ts. The plan, the senders, the
// inbox's channel list, the health check and the failing-channel alert are derived from that list, so
// a new channel is a new file, a line in the list and its entry in docs/operating.md.
import type { Transporter } from 'nodemailer';
import type { z } from 'zod';
import type { ChannelHealth } from '../../core/health.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Send } from '../deliverer.ts';
import type { RecentAttempt } from '../outbox.ts';
import type { CallbackBook } from '../../leads/callbacks.ts';

/** A channel's names: alone (`Webhook`, a delivery's heading) and in a sentence (`the webhook is failing`). */
export interface ChannelNames {
  name: string;
  phrase: string;
}

/** What every sender may need from the site, beside its own settings. */
export interface SenderContext {
  /** The language of the operator's messages (OPERATOR_LOCALE). */
  operatorLocale: Locale;
  /** A lead's page in the inbox, on the public origin. */
  leadUrl(id: string): string;
  /** The visitor's page of their call, in their language (signed). */
  manageUrl(leadId: string, locale: Locale): Promise<string>;
  now(): Date;
  /** The signed reference to a lead that a call Alex places carries (leads/lead-ref.ts). */
  leadRef?: ((leadId: string) => Promise<string>) | undefined;
  /** The record of Alex's calls back (leads/callbacks.ts), for the channel that places them. */
  callbacks?: CallbackBook | undefined;
  /** A nodemailer transport in place of SMTP_URL's (tests). */
  transport?: Transporter | undefined;
}

export interface ChannelSender {
  send: Send;
  /** Frees what the sender holds (a mail transport's connections). */
  close?(): void;
  /** Work the channel does every minute beside sending (taking back calls no longer wanted); how much it did. */
  tick?(): Promise<number>;
  /** Takes back what the channel holds for a lead (a call waiting for the calling hours); how much. */
  stopFor?(leadId: string): Promise<number>;
}

/** The status an answer gives when the address will never take anything again. */
export const GONE_STATUS = 410;

/**
 * The usual rule: failing when its last three attempts all failed, or when the last was answered
 * "gone" (a receiver that will never take anything again; a 410 before attempts recorded it).
 */
export const usualHealth = (recent: readonly RecentAttempt[]): ChannelHealth =>
  (recent.length >= 3 && recent.slice(0, 3).every((a) => !a.ok)) || recent[0]?.gone === true || recent[0]?.statusCode === GONE_STATUS ? 'failing' : 'ok';

export interface NotificationChannel<Name extends string = string, Variables extends z.ZodObject = z.ZodObject, Settings = unknown> {
  /** Its name in the outbox, the delivery attempts, the timeline and the API. */
  name: Name;
  /** Who reads it: the agency, or the visitor who booked. */
  audience: 'operator' | 'visitor';
  /**
   * The environment variables it reads, each with the message a wrong value gets. Several channels may
   * read one variable (the visitor's mail uses the email's SMTP server); it is reported once.
   */
  variables: Variables;
  /**
   * Variables that need another: `[a, b]` refuses `a` set without `b`, naming `b`; alone, a setting
   * would silently send nothing. Checked once every value is well formed.
   */
  companions?: readonly (readonly [string, string])[];
  /** Its settings from its variables as checked; undefined while it is not configured. */
  settings(values: z.output<Variables>): Settings | undefined;
  names: Record<Locale, ChannelNames>;
  sender(settings: Settings, context: SenderContext): ChannelSender;
  /** False when a sample message must not be sent to try it (a receiver that acts on every event); the agency's channels take one otherwise. */
  samples?: boolean;
  /** How its recent attempts make its health; the usual rule without one. */
  health?(recent: readonly RecentAttempt[]): ChannelHealth;
}

/** Whether a channel may be tried with a sample message (../sample.ts): the agency's own, unless it says no. */
export const takesSamples = (channel: NotificationChannel): boolean => channel.audience === 'operator' && channel.samples !== false;

/** A channel as its module writes it, with its types kept for the registry. */
export const defineChannel = <const Name extends string, Variables extends z.ZodObject, Settings>(
  channel: NotificationChannel<Name, Variables, Settings>,
): NotificationChannel<Name, Variables, Settings> => channel;
