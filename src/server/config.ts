// The environment, checked once at start: a bad value stops the server with a message naming it.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LOCALES } from '../shared/locale.ts';
import { businessProfile } from '../content/profile.ts';
import { parseOpeningHours } from '../shared/opening-hours.ts';
import { DEFAULT_CONVERSATION_RETENTION_DAYS, DEFAULT_LEAD_RETENTION_DAYS, DISCOVERY_CALL_MINUTES } from '../shared/promises.ts';
import { DEFAULT_MIN_FILL_SECONDS } from '../shared/spam.ts';
import type { VapiSettings } from '../shared/runtime-config.ts';
import { LIMIT_SYNTAX, parseLimit } from './limits/limiter.ts';
import { feedAddressProblem } from './http/outbound-address.ts';
import { linkOrigin } from './http/link-origin.ts';
import { LOG_LEVELS } from './http/logging.ts';

/** `true`, an address list (`127.0.0.1,10.0.0.0/8`) or a hop count, as Fastify's trustProxy. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/** Five requests in ten minutes: a visitor fixing a typo or two, never a script. */
export const DEFAULT_BOOKING_RATE_LIMIT = '5/10m';

/**
 * Funnel reports one address may send in a window: a visit sends at most five, so this leaves room for
 * an office of colleagues behind one address, and none for a script inflating the counts.
 */
export const DEFAULT_EVENTS_RATE_LIMIT = '60/10m';

/** Changes to one call a day through its link (a booking, a few moves, a cancellation): never a mail bomb. */
export const DEFAULT_MEETING_CHANGE_LIMIT = '6/24h';

/** Changes to calls from one client network a day: an office of a few people, never a script. */
export const DEFAULT_MEETING_NETWORK_CHANGE_LIMIT = '20/24h';

const limit = (fallback: string) =>
  z
    .string()
    .regex(LIMIT_SYNTAX, 'must be a count per time, such as 5/10m (units s, m, h), or 0 / off')
    .default(fallback)
    .transform(parseLimit);

/** A whole number within bounds, said so when it is not (a coerced number would say "received NaN"). */
export const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max, `must be a whole number from ${min} to ${max}`)
    .transform(Number);


/** The meeting hours when MEETING_HOURS is unset: the business's own. */
export const MEETING_HOURS_DEFAULT = businessProfile.meetingHours.join('; ');

/** Days and hours on Sofia's clock, as in profile.ts ("Mo-Fr 09:00-18:00; Sa 10:00-13:00"); `fallback` when unset. */
export const openingHoursVariable = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      try {
        return parseOpeningHours(v.split(';').map((e) => e.trim()).filter(Boolean));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be days and hours such as "Mo-Fr 09:00-18:00; Sa 10:00-13:00"' });
        return z.NEVER;
      }
    });

/** Vapi's settings the server reads, which Alex's calling back (notifications/channels/callback.ts) reads too. */
export const vapiVariables = {
  VAPI_ASSISTANT_ID: z.string().regex(/^\S+$/, 'must be the assistant id, without spaces').optional(),
  // Vapi's API host, for a proxy or the browser tests' mock; the SDK's own host when unset.
  VAPI_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, such as https://api.vapi.ai' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  VAPI_PRIVATE_KEY: z.string().regex(/^\S+$/, 'must be the private key, without spaces').optional(),
};

const variables = z.object({
  PORT: wholeNumber(0, 65535, 3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Behind a reverse proxy, the proxy's addresses (or how many proxies are in front) so that rate limits
  // and logs see the visitor's address from X-Forwarded-For instead of the proxy's. Never `true`: that
  // trusts every hop, so the leftmost address, which the client writes itself, would be taken.
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => v.trim().toLowerCase() !== 'true',
      "true would take any client's X-Forwarded-For as its address; give the proxy's addresses (such as 127.0.0.1,10.0.0.0/8) or how many proxies are in front (such as 1)",
    )
    .optional()
    .transform((v): TrustProxy => {
      if (v === undefined || v === '' || v === 'false') return false;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        return (_address, hop) => hop < hops;
      }
      return v;
    }),
  // Booking requests one address may send in a window (`5/10m`: s, m or h); `0` or `off` turns the limit
  // off (browser tests, benchmarks).
  BOOKING_RATE_LIMIT: limit(DEFAULT_BOOKING_RATE_LIMIT),
  // Reports of the booking funnel (POST /api/events) one address may send in a window; same syntax.
  EVENTS_RATE_LIMIT: limit(DEFAULT_EVENTS_RATE_LIMIT),
  // The booking form's time trap: a request sent sooner than this after the dialog opened is taken for
  // spam (server/booking/); 0 turns the trap off, token and all (the browser tests, which type faster than
  // anyone).
  BOOKING_MIN_FILL_SECONDS: wholeNumber(0, 600, DEFAULT_MIN_FILL_SECONDS),
  // Redis, where every instance counts the limits; each counts its own without it.
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // The header a trusted CDN or proxy sets to the visitor's country (Cloudflare: CF-IPCountry). Only
  // set it when every request passes that proxy: a visitor could otherwise send it and pick a language.
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be a header name, such as CF-IPCountry')
    .transform((v) => v.toLowerCase())
    .optional(),
  // A MaxMind City or Country database (.mmdb); opened at start by site/location.ts, checked here first so a
  // typo stops the server with the variable's name.
  GEOIP_DB: z
    .string()
    .transform((v) => path.resolve(v))
    .superRefine((file, ctx) => {
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
        ctx.addIssue({ code: 'custom', message: `no database file at ${file}` });
      }
    })
    .optional(),
  // Vapi, for the voice demo (Alex) and the web chat (Lana). All are public by design: the page sends
  // them to Vapi from the browser. Never put Vapi's private key here. Each assistant is optional: the
  // voice demo shows as not available without VAPI_ASSISTANT_ID, and the chat box keeps its example
  // conversation without VAPI_CHAT_ASSISTANT_ID.
  VAPI_PUBLIC_KEY: z.string().regex(/^\S+$/, 'must be the public key, without spaces').optional(),
  VAPI_ASSISTANT_ID: vapiVariables.VAPI_ASSISTANT_ID,
  VAPI_CHAT_ASSISTANT_ID: z.string().regex(/^\S+$/, 'must be the chat assistant id, without spaces').optional(),
  VAPI_API_URL: vapiVariables.VAPI_API_URL,
  // The assistants' server URL, POST /api/vapi (server/assistants/): Vapi sends this secret with every
  // message, in the x-vapi-secret header or as the key of an HMAC signature; without it the endpoint does
  // not exist. Private, like the next one: neither ever reaches a page.
  VAPI_SERVER_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{24,256}$/, 'must be 24 or more printable characters without spaces, such as $(openssl rand -hex 24)')
    .optional(),
  // Vapi's private API key: the chat's transcript is fetched with it when a tool call does not carry it,
  // and `npm run vapi -- sync` sets the assistants up with it.
  VAPI_PRIVATE_KEY: vapiVariables.VAPI_PRIVATE_KEY,
  // Leads the assistants may make in an hour, all calls together (the booking limit per address does not
  // apply: every message comes from Vapi's addresses); 0 stops them making any.
  ASSISTANT_LEADS_PER_HOUR: wholeNumber(0, 100_000, 30),
  // Days a conversation with the assistants that made no lead is kept; one that did is kept with its lead.
  CONVERSATION_RETENTION_DAYS: wholeNumber(1, 3650, DEFAULT_CONVERSATION_RETENTION_DAYS),
  // The notification channels read their own variables (src/server/notifications/channels/); these are
  // what they share: the language of the operator's messages, and when a pending lead is recalled.
  OPERATOR_LOCALE: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }).default('en'),
  // A lead still pending this many hours after it came in sends one reminder (the call-back promise is 24 h).
  LEAD_REMINDER_HOURS: z
    .string()
    .regex(/^([1-9]|1\d|2[0-3])$/, 'must be a whole number of hours from 1 to 23')
    .default('20')
    .transform(Number),
  // The bearer token a Prometheus scraper sends for GET /metrics; without it there is no /metrics.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,256}$/, 'must be 24 or more printable characters without spaces, such as $(openssl rand -hex 24)')
    .optional(),
  // The meetings a visitor may book (server/meetings/): the hours on Sofia's clock, as in profile.ts
  // ("Mo-Fr 09:00-18:00; Sa 10:00-13:00"), the least notice, how many days ahead, and how many calls
  // at one time.
  MEETING_HOURS: openingHoursVariable(MEETING_HOURS_DEFAULT),
  MEETING_MIN_NOTICE_HOURS: wholeNumber(0, 168, 2),
  MEETING_DAYS_AHEAD: wholeNumber(1, 90, 14),
  MEETING_SEATS: wholeNumber(1, 20, 1),
  // What the visitors' meeting routes allow: changes a day per call's link and per client network (same
  // syntax as BOOKING_RATE_LIMIT), and the future calls one client network may hold at once (0: no bound).
  MEETING_CHANGE_LIMIT: limit(DEFAULT_MEETING_CHANGE_LIMIT),
  MEETING_NETWORK_CHANGE_LIMIT: limit(DEFAULT_MEETING_NETWORK_CHANGE_LIMIT),
  MEETINGS_PER_NETWORK: wholeNumber(0, 1000, 3),
  // The operators' own calendars, as busy time: their secret iCal addresses (Google Calendar's "secret
  // address in iCal format", Outlook's published ICS), separated by spaces. webcal:// is read as https://.
  MEETING_BUSY_ICS_URLS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const urls = v.split(/\s+/).filter(Boolean).map((u) => u.replace(/^webcal:\/\//i, 'https://'));
      for (const [i, url] of urls.entries()) {
        if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
          ctx.addIssue({ code: 'custom', message: `address ${i + 1} must be an https:// (or webcal://) iCalendar address; addresses are separated by spaces` });
          return z.NEVER;
        }
      }
      return urls;
    }),
  // Hosts a busy calendar may be fetched from over http:// and at a private or loopback address (an
  // on-premises calendar server), separated by spaces; every other feed is https at a public address.
  MEETING_BUSY_ICS_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(/\s+/).filter(Boolean).map((h) => h.toLowerCase())),
  // Days a closed lead (won or lost) is kept before the daily sweep erases it; the privacy notice says the same.
  LEAD_RETENTION_DAYS: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, 'must be a whole number of days from 1 to 99999')
    .default(String(DEFAULT_LEAD_RETENTION_DAYS))
    .transform(Number),
});

/** Every variable the site reads; `.env.example` lists each (deploy/compose.test.ts holds it to that). */
export const VARIABLE_NAMES = Object.keys(variables.shape);

/** The variables as checked, before they become the configuration. */
type Env = z.output<typeof variables>;

function vapiSettingsOf(e: Env): VapiSettings | undefined {
  if (!e.VAPI_PUBLIC_KEY) return undefined;
  return {
    publicKey: e.VAPI_PUBLIC_KEY,
    ...(e.VAPI_API_URL ? { apiUrl: e.VAPI_API_URL } : {}),
    ...(e.VAPI_ASSISTANT_ID ? { assistantId: e.VAPI_ASSISTANT_ID } : {}),
    ...(e.VAPI_CHAT_ASSISTANT_ID ? { chatAssistantId: e.VAPI_CHAT_ASSISTANT_ID } : {}),
  };
}

const envSchema = variables.superRefine((env, ctx) => {
  // Half a configuration is a mistake worth stopping for: the demo or the chat would silently stay off.
  if (env.VAPI_PUBLIC_KEY && !env.VAPI_ASSISTANT_ID && !env.VAPI_CHAT_ASSISTANT_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['VAPI_PUBLIC_KEY'],
      message: 'needs VAPI_ASSISTANT_ID (the voice demo) or VAPI_CHAT_ASSISTANT_ID (the chat), or both',
    });
  }
  for (const name of ['VAPI_ASSISTANT_ID', 'VAPI_CHAT_ASSISTANT_ID'] as const) {
    if (env[name] && !env.VAPI_PUBLIC_KEY) {
      ctx.addIssue({ code: 'custom', path: ['VAPI_PUBLIC_KEY'], message: `must be set along with ${name}` });
    }
  }
  for (const [i, url] of env.MEETING_BUSY_ICS_URLS.entries()) {
    const problem = feedAddressProblem(new URL(url), env.MEETING_BUSY_ICS_ALLOW_HOSTS);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['MEETING_BUSY_ICS_URLS'], message: `address ${i + 1} is ${problem}; name its host in MEETING_BUSY_ICS_ALLOW_HOSTS if that is meant` });
    }
  }
}).transform((e) => ({
  port: e.PORT,
  host: e.HOST,
  /** Where the links the site sends point: the public origin, or this server while that is the placeholder (http/link-origin.ts). */
  linkOrigin: linkOrigin(e.HOST, e.PORT),
  dataDir: path.resolve(e.DATA_DIR),
  databaseUrl: e.DATABASE_URL,
  trustProxy: e.TRUST_PROXY,
  /** Undefined when the limit is off. */
  bookingRateLimit: e.BOOKING_RATE_LIMIT,
  /** Undefined when the limit is off. */
  eventsRateLimit: e.EVENTS_RATE_LIMIT,
  /** The time trap's least time between the dialog opening and its request, in ms; 0 when it is off. */
  minFillMs: e.BOOKING_MIN_FILL_SECONDS * 1000,
  redisUrl: e.REDIS_URL,
  logLevel: e.LOG_LEVEL,
  /** Lower-cased, as Node presents request headers. */
  geoCountryHeader: e.GEO_COUNTRY_HEADER,
  geoIpDb: e.GEOIP_DB,
  /** Vapi's public settings, sent to the page; undefined when neither assistant is configured. */
  vapi: vapiSettingsOf(e),
  /** What the notification channels share; each reads its own settings (notifications/channels/). */
  notifications: { operatorLocale: e.OPERATOR_LOCALE, reminderHours: e.LEAD_REMINDER_HOURS },
  /** The assistants' server side (server/assistants/); `serverSecret` undefined means POST /api/vapi does not exist. */
  assistants: {
    serverSecret: e.VAPI_SERVER_SECRET,
    privateKey: e.VAPI_PRIVATE_KEY,
    apiUrl: e.VAPI_API_URL,
    leadsPerHour: e.ASSISTANT_LEADS_PER_HOUR,
    conversationRetentionDays: e.CONVERSATION_RETENTION_DAYS,
  },
  /** Days a closed lead is kept (LEAD_RETENTION_DAYS). */
  leadRetentionDays: e.LEAD_RETENTION_DAYS,
  /** The bearer token of GET /metrics; no such route without it. */
  metricsToken: e.METRICS_TOKEN,
  /** When meetings may be booked (meetings/availability.ts). */
  meetings: {
    hours: e.MEETING_HOURS,
    lengthMinutes: DISCOVERY_CALL_MINUTES,
    minNoticeMinutes: e.MEETING_MIN_NOTICE_HOURS * 60,
    daysAhead: e.MEETING_DAYS_AHEAD,
    seats: e.MEETING_SEATS,
    closedOnHolidays: true,
    busyCalendars: e.MEETING_BUSY_ICS_URLS,
    busyCalendarHosts: e.MEETING_BUSY_ICS_ALLOW_HOSTS,
  },
  /** What the visitors' meeting routes allow (meetings/meeting-routes.ts); a limit undefined when off. */
  meetingLimits: {
    changesPerLink: e.MEETING_CHANGE_LIMIT,
    changesPerNetwork: e.MEETING_NETWORK_CHANGE_LIMIT,
    heldPerNetwork: e.MEETINGS_PER_NETWORK === 0 ? undefined : e.MEETINGS_PER_NETWORK,
  },
}));

export type Config = z.output<typeof envSchema> & {
  /**
   * The environment as read (empty variables left out): the notification channels take their own
   * variables from it (notifications/channels/index.ts).
   */
  environment: Readonly<Record<string, string>>;
};

export class ConfigError extends Error {}

/** The variables that are set: an empty one means "not set", as shells and orchestrators often export empty values. */
export const presentVariables = (env: Readonly<Record<string, string | undefined>>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));

/** The message of a refused environment: one line a variable, its first problem (a value wrong in two ways needs one fix); undefined without issues. */
export function environmentProblems(issues: readonly z.core.$ZodIssue[]): string | undefined {
  if (issues.length === 0) return undefined;
  const first = new Map<string, string>();
  for (const i of issues) {
    const name = i.path.join('.');
    if (!first.has(name)) first.set(name, i.message);
  }
  const lines = [...first].map(([name, message]) => `  ${name}: ${message}`);
  return `Invalid environment:\n${lines.join('\n')}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = presentVariables(env);
  const result = envSchema.safeParse(present);
  if (!result.success) throw new ConfigError(environmentProblems(result.error.issues));
  return { ...result.data, environment: Object.freeze(present) };
}

/**
 * Reads `.env` from the folder the server or a command is started in, when there is one: each variable
 * it sets that the environment leaves unset (what the environment sets always wins, so a deployment's
 * own settings are never overridden by a file left beside it). Node's own reader (`process.loadEnvFile`).
 */
export function readEnvFile(file = path.resolve('.env')): boolean {
  if (!fs.existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/** The configuration for a command run from a terminal: undefined, its problem printed, when it is wrong. */
export function commandConfig(): Config | undefined {
  try {
    readEnvFile();
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return undefined;
    }
    throw err;
  }
}
