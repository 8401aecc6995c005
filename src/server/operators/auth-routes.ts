// Log-in, log-out and who is logged in, under /api/admin/ (admin-requests.ts has already answered 404
// on a site without operators, and refused a write from another site).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminMessages } from '../../content/i18n/admin-messages.ts';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { format } from '../../content/i18n/index.ts';
import { INBOX_API, inboxSession, type ChannelDescription, type InboxSession } from '../../shared/inbox.ts';
import { storableText } from '../../shared/text.ts';
import type { ChannelHealth } from '../core/health.ts';
import { addressKey } from '../limits/address-key.ts';
import type { DeviceCookies } from './device-cookie.ts';
import { BUSY_RETRY_SECONDS, HashGateFull, type HashGate } from './hash-gate.ts';
import { isSecure, type OperatorGuard } from './guard.ts';
import type { LoginLimits } from './login-limiter.ts';
import type { OperatorStore } from './operator-store.ts';
import { MAX_PASSWORD_LENGTH } from './passwords.ts';
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from './session-cookie.ts';
import type { SessionStore } from './sessions.ts';
import { localeOf } from '../http/messages.ts';
import { adminRoute, empty, json, refusal } from '../http/route-schemas.ts';

/** What the inbox learns of the notification channels: each one's names, and each configured one's state. */
export interface NotificationChannels {
  describe(): Promise<ChannelDescription[]>;
  health(): Promise<Record<string, ChannelHealth>>;
}

export interface AuthRoutesOptions {
  accounts: OperatorStore;
  sessions: SessionStore;
  devices: DeviceCookies;
  hashGate: HashGate;
  limits: LoginLimits;
  guard: OperatorGuard;
  /** The notification channels, with their names and states, for the inbox (notifications/index.ts); none when unset. */
  channels?: NotificationChannels | undefined;
}

// Characters as UTF-16 units here: four per character covers any password the accounts accept. The
// email is looked up, so it is made text the database can compare (a NUL failed the query on PostgreSQL).
const loginBody = z.object({
  email: z.string().max(254).transform((e) => storableText(e).trim().toLowerCase()),
  password: z.string().max(MAX_PASSWORD_LENGTH * 4),
});

/** `m***@example.com`: enough to recognise in a log whose attempts these were, not to harvest it. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

export async function operatorAuthRoutes(
  app: FastifyInstance,
  { accounts, sessions, devices, hashGate, limits, guard, channels }: AuthRoutesOptions,
) {
  const loginSchema = {
    ...adminRoute(
      { summary: 'Log an operator in', write: true, public: true },
      {
        204: empty('Logged in: the session cookie and a device cookie are set.'),
        400: refusal('Not an email and a password.'),
        401: refusal('A wrong password and an unknown account alike.'),
        429: refusal('Over the log-in limits, or too many password checks under way; Retry-After.'),
      },
    ),
    body: loginBody,
  };
  app.post('/api/admin/login', { schema: loginSchema }, async (request, reply) => {
    const locale = localeOf(request);
    const body = loginBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: apiMessages[locale].invalidJson });
    const { email, password } = body.data;

    const secure = isSecure(request);
    // A browser this account has logged in with is counted by its device cookie alone, while that
    // cookie is within its limit; any other client per address (the address first: a source over its
    // limit does not get to use up an account's attempts) and per account.
    const device = await devices.of(request.headers.cookie, email, secure);
    let wait = device ? await limits.perDevice.consume(device) : 0;
    const trusted = device !== undefined && wait === 0;
    if (!trusted) wait = (await limits.perAddress.consume(addressKey(request.ip))) || (await limits.perAccount.consume(email));
    if (wait) {
      request.log.warn({ account: maskedEmail(email) }, 'log-in attempts over the limit');
      return reply
        .code(429)
        .header('retry-after', String(wait))
        .send({ error: format(adminMessages[locale].tooManyLogins, { minutes: Math.ceil(wait / 60) }), retryable: true });
    }

    let operator: Awaited<ReturnType<OperatorStore['authenticate']>>;
    try {
      operator = await hashGate.run(() => accounts.authenticate(email, password));
    } catch (err) {
      if (!(err instanceof HashGateFull)) throw err;
      request.log.warn('log-in refused: too many password checks under way');
      return reply
        .code(429)
        .header('retry-after', String(BUSY_RETRY_SECONDS))
        .send({ error: adminMessages[locale].loginsBusy, retryable: true });
    }
    if (!operator) {
      request.log.info({ account: maskedEmail(email) }, 'log-in refused');
      return reply.code(401).send({ error: adminMessages[locale].loginFailed });
    }
    await (trusted ? limits.perDevice.reset(device) : limits.perAccount.reset(email));

    // A session the browser still carried is replaced, not left behind.
    const previous = sessionTokenOf(request.headers.cookie, secure);
    if (previous) await sessions.end(previous);
    const { token } = await sessions.create(operator.id);
    request.log.info({ operatorId: operator.id }, 'operator logged in');
    // A fresh device cookie with every log-in, for this account.
    return reply
      .code(204)
      .header('set-cookie', [sessionCookie(token, secure), await devices.issue(email, secure)])
      .send();
  });

  const logoutSchema = adminRoute(
    { summary: 'Log out', write: true, public: true },
    { 204: empty('The session is ended and its cookie removed; alike without a session.') },
  );
  app.post('/api/admin/logout', { schema: logoutSchema }, async (request, reply) => {
    const secure = isSecure(request);
    const token = sessionTokenOf(request.headers.cookie, secure);
    if (token) await sessions.end(token);
    // Answered alike with or without a session: logging out twice is not an error.
    return reply.code(204).header('set-cookie', clearedSessionCookie(secure)).send();
  });

  // Who is logged in, the channels by name, and which keep failing: the inbox shows its warning from this answer.
  const meSchema = adminRoute(
    { summary: 'Who is logged in, the notification channels with their names, and those whose last deliveries failed' },
    { 200: json(inboxSession, "The operator's email, the failing channels, and every channel with its names in both languages.") },
  );
  app.get(INBOX_API.me, { preHandler: guard.requireOperator, schema: meSchema }, async (request): Promise<InboxSession> => {
    const [health, described] = channels ? await Promise.all([channels.health(), channels.describe()]) : [{}, []];
    const failing = Object.entries(health).filter(([, state]) => state === 'failing');
    return { email: guard.operatorOf(request).email, failing_channels: failing.map(([channel]) => channel), channels: described };
  });
}
