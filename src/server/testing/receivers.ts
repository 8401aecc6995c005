// Receivers for the notification tests, on loopback: a webhook endpoint that answers as a test tells
// it, and an SMTP server (smtp-server) that keeps every mail. Both closed after the block's tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** A list of what arrived, and a way to wait until enough has. */
function arrivals<T>() {
  const waiting: { count: number; resolve: () => void }[] = [];
  const received: T[] = [];
  return {
    received,
    add(item: T) {
      received.push(item);
      for (const w of waiting.filter((x) => received.length >= x.count)) w.resolve();
    },
    until(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
  };
}

/** An HTTP server on a free loopback port for the block's tests; its base URL once they run. */
export function useLoopbackServer(server: http.Server): { readonly url: string } {
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    get url() {
      return url;
    },
  };
}

/** A receiver that takes requests and never answers until the test ends them (`end`). */
export function useSilentReceiver() {
  let arrived = 0;
  const server = http.createServer(() => {
    arrived++;
  });
  const base = useLoopbackServer(server);
  return {
    get url() {
      return `${base.url}/`;
    },
    get arrived() {
      return arrived;
    },
    end: () => server.closeAllConnections(),
  };
}

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HookReceiver {
  readonly url: string;
  received: ReceivedHook[];
  /** The status (or status and headers) to answer the next requests with, in turn; 200 once they run out. */
  answers: (number | { status: number; headers: Record<string, string> })[];
  /** Resolves once `count` requests have arrived in all. */
  until(count: number): Promise<void>;
}

export function useHookReceiver(): HookReceiver {
  const log = arrivals<ReceivedHook>();
  const answers: HookReceiver['answers'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = answers.shift() ?? 200;
      const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
      res.writeHead(status, status >= 300 && status < 400 ? { location: `${base.url}/elsewhere`, ...headers } : headers).end();
      log.add({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    });
  });
  const base = useLoopbackServer(server);
  return {
    get url() {
      return `${base.url}/hooks/lead`;
    },
    received: log.received,
    answers,
    until: log.until,
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface MailReceiver {
  readonly url: string;
  received: ReceivedMail[];
  /** Refuse the next `count` mails with 451. */
  refuse: number;
  until(count: number): Promise<void>;
}

export function useMailReceiver(): MailReceiver {
  let url = '';
  const log = arrivals<ReceivedMail>();
  const receiver: MailReceiver = {
    get url() {
      return url;
    },
    received: log.received,
    refuse: 0,
    until: log.until,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (receiver.refuse > 0) {
          receiver.refuse--;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        // The envelope is read before the answer: the session starts afresh after it.
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        callback();
        log.add(mail);
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return receiver;
}
