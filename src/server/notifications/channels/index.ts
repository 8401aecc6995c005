// The registry of notification channels: every channel the site can send through, each one module of
// this folder (channel.ts says what a module holds). Adding a channel is adding its file, a line here
// and its texts; everything else (the plan of who is told, the senders, the health check, the inbox's
// list of channels and its failing-channel alert) is derived from this list.
import type { z } from 'zod';
import { ConfigError, environmentProblems, presentVariables } from '../../config.ts';
import type { ChannelDescription } from '../../../shared/inbox.ts';
import { takesSamples, type NotificationChannel } from './channel.ts';
import { callbackChannel } from './callback.ts';
import { emailChannel } from './email.ts';
import { slackChannel } from './slack.ts';
import { teamsChannel } from './teams.ts';
import { telegramChannel } from './telegram.ts';
import { visitorChannel } from './visitor.ts';
import { webhookChannel } from './webhook.ts';

/** In the order their entries are written and listed. */
export const NOTIFICATION_CHANNELS = [webhookChannel, emailChannel, slackChannel, teamsChannel, telegramChannel, visitorChannel, callbackChannel] as const;

type Registered = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelName = Registered['name'];
type SettingsOf<C> = C extends NotificationChannel<string, z.ZodObject, infer S> ? S : never;

/** Each channel's settings; a channel left out is not configured. */
export type ChannelSettings = { [C in Registered as C['name']]?: SettingsOf<C> };

/** The channels as one list of their common shape, for what goes through them all. */
export const channelList = (): readonly NotificationChannel[] => NOTIFICATION_CHANNELS as unknown as readonly NotificationChannel[];

export const isChannelName = (name: string): name is ChannelName => NOTIFICATION_CHANNELS.some((c) => c.name === name);

/** Every variable the channels read, once each (docs/operating.md lists them). */
export const CHANNEL_VARIABLE_NAMES: readonly string[] = [...new Set(NOTIFICATION_CHANNELS.flatMap((c) => Object.keys(c.variables.shape)))];

/**
 * The channels' settings from the environment, each checked by its own variables' schema; refused,
 * like the rest of the configuration, with one line a variable naming its first problem.
 */
export function channelSettingsOf(env: Readonly<Record<string, string | undefined>>): ChannelSettings {
  const present = presentVariables(env);
  const settings: Record<string, unknown> = {};
  const issues: z.core.$ZodIssue[] = [];
  for (const channel of channelList()) {
    const result = channel.variables.safeParse(present);
    if (!result.success) {
      issues.push(...result.error.issues);
      continue;
    }
    const values = result.data as Record<string, unknown>;
    const missing = (channel.companions ?? []).filter(([name, other]) => values[name] !== undefined && values[other] === undefined);
    for (const [name, other] of missing) issues.push({ code: 'custom', path: [other], message: `must be set along with ${name}`, input: undefined });
    const own = missing.length ? undefined : channel.settings(result.data);
    if (own !== undefined) settings[channel.name] = own;
  }
  const problems = environmentProblems(issues);
  if (problems) throw new ConfigError(problems);
  return settings as ChannelSettings;
}

/** Every registered channel with its names in both languages and whether it is configured, for the inbox; its state unknown here. */
export const describeChannels = (settings: ChannelSettings): ChannelDescription[] =>
  channelList().map((c) => ({
    name: c.name,
    names: c.names,
    configured: c.name in settings,
    audience: c.audience,
    samples: takesSamples(c),
    health: null,
    last_error: null,
  }));
