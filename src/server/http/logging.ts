// What the server's JSON log lines may hold: never a visitor's email or phone, at any level
// (docs/decisions/018-bad-input-timeouts-and-logs.md). The routes log ids, never what a visitor typed;
// this file covers what they do not write themselves: the URLs Fastify logs with every request, the
// errors logged with their fields, and, last, any email address that reaches a line anyway (an SMTP
// server's refusal names its recipient). Every logger of the app is built here.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type LoggerOptions } from 'pino';

/** The levels LOG_LEVEL may name, pino's own. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Where the log lines go and from which level: a test's own stream, or stdout at LOG_LEVEL. */
export interface LogDestination {
  level?: (typeof LOG_LEVELS)[number];
  stream?: { write(line: string): unknown };
}

/** What stands for a query parameter's value in a logged URL. */
export const HIDDEN_VALUE = '…';

/**
 * The addresses whose last part is a key: the meeting page's token, in any language (shared/site-pages.ts,
 * meetingPagePrefix), and an operator's calendar feed (meetings/calendar-feed.ts).
 */
const MEETING_PAGE = /^(\/(?:(?:[a-z]{2}\/)?meeting|calendar)\/)[^/?#]+/;

/**
 * A request's URL as it is logged: the path, and of the query only the parameters' names. A value may
 * be anything a visitor or an operator put in a link or a search (the inbox's `?q=` is often an email
 * address or a phone number; a newsletter's link may carry `?email=`). A name that is not a plain word
 * is hidden as well. The meeting page's token (`/meeting/<token>`), a key to the visitor's call, and a
 * calendar feed's address (`/calendar/<key>.ics`) are hidden like a value.
 */
export function loggedUrl(given: string): string {
  const url = given.replace(MEETING_PAGE, (_, prefix: string) => `${prefix}${HIDDEN_VALUE}`);
  const start = url.indexOf('?');
  if (start < 0) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=')[0] ?? '')
    .map((name) => (/^[\w.[\]-]{1,40}$/.test(name) ? name : HIDDEN_VALUE));
  return `${url.slice(0, start)}?${names.map((name) => `${name}=${HIDDEN_VALUE}`).join('&')}`;
}

/**
 * Fields of an error that can hold stored values: PostgreSQL's `detail` quotes a whole row when a
 * constraint refuses it ("Failing row contains (…, elena@…, +359 …)"). The code, the constraint, the
 * table and the message stay, which say what went wrong.
 */
const ERROR_FIELDS_NOT_LOGGED = new Set(['detail']);

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: unknown;
  [field: string]: unknown;
}

/** An error as a log line shows it: its type, message and stack, its own fields but those above, its cause. */
export function loggedError(err: Error, depth = 0): LoggedError {
  const fields = Object.fromEntries(Object.entries(err).filter(([key]) => !ERROR_FIELDS_NOT_LOGGED.has(key)));
  const logged: LoggedError = { ...fields, type: err.constructor.name, message: err.message, stack: err.stack ?? '' };
  if (err.cause instanceof Error && depth < 5) logged.cause = loggedError(err.cause, depth + 1);
  else if (err.cause !== undefined) logged.cause = String(err.cause);
  return logged;
}

/**
 * An email address anywhere in a finished log line, for the last step before it is written: its
 * first character and domain stay (`e***@example.bg`, as `maskedEmail` writes it), enough to tell
 * whose it was without keeping it; in a URL its `@` may be written `%40`. The local part is taken as
 * addresses are written in practice (letters, digits, `. _ + - ' ! # $ * ~`; not `/ = ? &`, which
 * would take in a URL's path or query name), and is at most 64 characters (RFC 5321), which also keeps
 * the search linear on a long line.
 */
const EMAIL_IN_LINE = /([\w.!#$'*+~-])[\w.!#$'*+~-]{0,63}(@|%40)((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})/gi;

export function withoutEmails(line: string): string {
  return line.includes('@') || line.includes('%40') ? line.replace(EMAIL_IN_LINE, '$1***$2$3') : line;
}

/**
 * The server's one logger (main.ts makes it; the services and the app write to it): JSON lines at
 * `level`, to `stream` (stdout by default); `false` writes nothing (a test's quiet app).
 */
export function createLogger(destination: LogDestination | false): FastifyBaseLogger {
  if (destination === false) return pino({ level: 'silent' });
  const { level = 'info', stream } = destination;
  const options: LoggerOptions = {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // Whatever is logged as `err`: pino passes it here whether or not it is an Error.
      err: (err: Error) => (err instanceof Error ? loggedError(err) : err),
    },
    hooks: { streamWrite: withoutEmails },
  };
  return stream ? pino(options, stream) : pino(options);
}

/**
 * Fastify's own log lines, but each request's two (its arrival, its answer) at debug rather than info:
 * at the default level a booking writes one line, its lead's (booking/discovery-calls.ts), and what goes
 * wrong is logged as before, at warn or error.
 */
export class RequestLinesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
