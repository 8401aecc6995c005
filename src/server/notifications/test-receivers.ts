// Receivers for the notification tests, on loopback: a webhook endpoint that answers as a test tells
// it, and an SMTP server (smtp-server) that keeps every mail. Both closed after the block's tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HookReceiver {
  readonly url: string;
  received: ReceivedHook[];
  /** The status to answer the next requests with, in turn; 200 once they run out. */
  answers: number[];
  /** Resolves once `count` requests have arrived in all. */
  until(count: number): Promise<void>;
}

export function useHookReceiver(): HookReceiver {
  let url = '';
  const waiting: { count: number; resolve: () => void }[] = [];
  const receiver: HookReceiver = {
    get url() {
      return url;
    },
    received: [],
    answers: [],
    until(count) {
      if (receiver.received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = receiver.answers.shift() ?? 200;
      res.writeHead(status, status >= 300 && status < 400 ? { location: `${url}/elsewhere` } : {}).end();
      for (const w of waiting.filter((x) => receiver.received.length >= x.count)) w.resolve();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/lead`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return receiver;
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
  const waiting: { count: number; resolve: () => void }[] = [];
  const receiver: MailReceiver = {
    get url() {
      return url;
    },
    received: [],
    refuse: 0,
    until(count) {
      if (receiver.received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
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
        receiver.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
        for (const w of waiting.filter((x) => receiver.received.length >= x.count)) w.resolve();
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
