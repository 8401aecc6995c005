import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOperator, OPERATOR } from '../testing/operators.ts';
import { HIDDEN_VALUE, loggedError, loggedUrl, withoutEmails } from './logging.ts';
import { describeApp, INJECT_ORIGIN, type App } from '../testing/app.ts';
import { GEORGI } from '../testing/leads.ts';

/** What visitors sent: none of it may appear in the log, whatever the level. */
const VISITOR = { email: 'elena.petrova@example.bg', phone: '+359 88 765 4321' };
const OTHER = { email: 'ivan.ivanov@example.com', phone: '0899 111 222' };
/** The escaping tests' two cases: what a log viewer that renders HTML or a spreadsheet could run. */
const HOSTILE = { html: '<img src=x onerror=alert(1)>', formula: '=HYPERLINK("http://x","y")' };

const booking = { ...GEORGI, ...VISITOR };

/** Every form a phone number could be logged in: as typed, without spaces, as digits only. */
const phoneForms = (phone: string) => [phone, phone.replace(/\s/g, ''), phone.replace(/\D/g, '')];

describe('loggedUrl', () => {
  it('hides the token of the meeting page, in every language', () => {
    expect(loggedUrl('/meeting/0193a1b2-0000-7000-8000-000000000000.abcDEF-_x?from=mail')).toBe(`/meeting/${HIDDEN_VALUE}?from=${HIDDEN_VALUE}`);
    expect(loggedUrl('/bg/meeting/0193a1b2-0000-7000-8000-000000000000.abc')).toBe(`/bg/meeting/${HIDDEN_VALUE}`);
    expect(loggedUrl('/api/meeting-slots?tz=Asia/Tokyo')).toBe(`/api/meeting-slots?tz=${HIDDEN_VALUE}`);
    expect(loggedUrl('/calendar/0193a1b2-0000-7000-8000-000000000000.3.abcDEF.ics')).toBe(`/calendar/${HIDDEN_VALUE}`);
  });

  it('keeps the path and the query parameters\' names, never their values', () => {
    expect(loggedUrl('/api/admin/leads')).toBe('/api/admin/leads');
    expect(loggedUrl('/api/admin/leads?q=elena%40example.bg&status=pending')).toBe(`/api/admin/leads?q=${HIDDEN_VALUE}&status=${HIDDEN_VALUE}`);
    expect(loggedUrl('/?email=elena@example.bg&utm_source=mail')).toBe(`/?email=${HIDDEN_VALUE}&utm_source=${HIDDEN_VALUE}`);
    expect(loggedUrl('/?')).toBe('/?');
  });

  it('hides a name that is not a plain word', () => {
    expect(loggedUrl('/?elena@example.bg&%2B359887654321=1')).toBe(`/?${HIDDEN_VALUE}=${HIDDEN_VALUE}&${HIDDEN_VALUE}=${HIDDEN_VALUE}`);
  });
});

describe('withoutEmails', () => {
  it('keeps of an email address in a line its first character and its domain, as maskedEmail does', () => {
    expect(withoutEmails('{"error":"550 5.1.1 <elena.petrova@example.bg>: Recipient address rejected"}')).toBe(
      '{"error":"550 5.1.1 <e***@example.bg>: Recipient address rejected"}',
    );
    expect(withoutEmails('a+tag@sub.example.co.uk and O\'Brien@Example.COM')).toBe('a***@sub.example.co.uk and O***@Example.COM');
    expect(withoutEmails('{"url":"/elena.petrova%40example.bg"}')).toBe('{"url":"/e***%40example.bg"}');
  });

  it('leaves a masked address, and a line without one, as they are', () => {
    for (const line of ['{"account":"m***@nexa-ai.example"}', '{"msg":"@fastify/compress","n":1}', '{"a":"x@localhost"}']) {
      expect(withoutEmails(line)).toBe(line);
    }
  });
});

describe('loggedError', () => {
  it('keeps type, message, stack, code and cause, and drops PostgreSQL\'s detail, which quotes the row', () => {
    const err = Object.assign(new Error('new row violates check constraint "status_check"'), {
      code: '23514',
      constraint: 'status_check',
      detail: `Failing row contains (1, Elena, ${VISITOR.email}, ${VISITOR.phone}).`,
      cause: new TypeError('inner'),
    });
    const logged = loggedError(err);
    expect(logged).toMatchObject({ type: 'Error', message: err.message, code: '23514', constraint: 'status_check', cause: { type: 'TypeError', message: 'inner' } });
    expect(logged.stack).toContain('http/logging.test.ts');
    expect(JSON.stringify(logged)).not.toContain(VISITOR.email);
  });
});

describeApp('the log', (site) => {
  const lines: string[] = [];
  const logger = { level: 'trace' as const, stream: new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }) };
  let app: App;

  beforeAll(async () => {
    await addOperator(site.store.db);
    app = await site.build({ logger });
  });

  const post = (target: App, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    target.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: INJECT_ORIGIN, ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('holds no email or phone a visitor sent, at trace level, whatever happened to the request', async () => {
    const key = { 'idempotency-key': 'log-test-1' };
    const answers: Record<string, number> = {};
    answers.booked = (await post(app, '/api/discovery-calls', booking, key)).statusCode;
    answers.replayed = (await post(app, '/api/discovery-calls', booking, key)).statusCode;
    answers.conflict = (await post(app, '/api/discovery-calls', { ...booking, email: OTHER.email, phone: OTHER.phone }, key)).statusCode;
    // What a visitor typed is not logged at all, so no stored text can reach a log viewer raw.
    answers.hostile = (await post(app, '/api/discovery-calls', { ...booking, first_name: HOSTILE.html, business_name: HOSTILE.formula })).statusCode;
    // An email in the wrong field, a phone in another; broken JSON and another content type holding both.
    answers.invalid = (await post(app, '/api/discovery-calls', { ...booking, phone: OTHER.email, first_name: OTHER.phone, service: 'x' })).statusCode;
    answers.malformed = (await post(app, '/api/discovery-calls', `{"email":"${OTHER.email}","phone":"${OTHER.phone}"`)).statusCode;
    answers.form = (await post(app, '/api/discovery-calls', `email=${OTHER.email}&phone=${OTHER.phone}`, { 'content-type': 'application/x-www-form-urlencoded' })).statusCode;

    // The store failing with an error that quotes the lead, as PostgreSQL's constraint errors do.
    const failing = await site.build({
      logger,
      store: {
        ...site.store.store,
        create: () =>
          Promise.reject(
            Object.assign(new Error(`insert failed for ${VISITOR.email}`), {
              code: '23514',
              detail: `Failing row contains (Elena, ${VISITOR.email}, ${VISITOR.phone}).`,
              cause: new Error(`connection lost while writing ${OTHER.email}`),
            }),
          ),
      },
    });
    answers.unavailable = (await post(failing, '/api/discovery-calls', booking)).statusCode;

    // Log-in with a visitor's address, wrong, until over the limit; then the operator's own.
    for (let i = 0; i < 6; i++) answers.login = (await post(app, '/api/admin/login', { email: VISITOR.email, password: 'wrong password!' })).statusCode;
    answers.operator = (await post(app, '/api/admin/login', { email: OPERATOR.email, password: OPERATOR.password }, {})).statusCode;

    // The inbox's search and any page can carry an address or a number in their query strings.
    for (const q of [VISITOR.email, VISITOR.phone, OTHER.email]) {
      await app.inject({ method: 'GET', url: `/api/admin/leads?q=${encodeURIComponent(q)}` });
      await app.inject({ method: 'GET', url: `/api/admin/leads/export.csv?q=${encodeURIComponent(q)}&status=pending` });
    }
    await app.inject({ method: 'GET', url: `/?email=${encodeURIComponent(VISITOR.email)}&phone=${encodeURIComponent(VISITOR.phone)}` });
    await app.inject({ method: 'GET', url: `/${encodeURIComponent(VISITOR.email)}` });
    // A notification channel's failure quoting its recipient, as an SMTP server's refusal does.
    app.log.child({ component: 'notifications' }).warn({ error: `550 5.1.1 <${VISITOR.email}>: Recipient address rejected` }, 'notification not delivered; will retry');

    expect(answers).toEqual({ booked: 201, replayed: 200, conflict: 422, hostile: 201, invalid: 400, malformed: 400, form: 415, unavailable: 503, login: 429, operator: 204 });
    const log = lines.join('');
    // The log was written, at every level, with the requests in it.
    for (const entry of ['discovery call requested', 'idempotency key reused', 'lead store unavailable', 'log-in refused', 'incoming request', 'language chosen']) {
      expect(log).toContain(entry);
    }
    expect(log).toContain(`q=${HIDDEN_VALUE}&status=${HIDDEN_VALUE}`);
    expect(log).toContain('e***@example.bg');
    for (const secret of [VISITOR.email, OTHER.email, ...phoneForms(VISITOR.phone), ...phoneForms(OTHER.phone), OPERATOR.password, 'onerror', 'HYPERLINK']) {
      expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });
});

describeApp('the log at the default level', (site) => {
  it('holds one line per booking, its lead’s, and no line per request', async () => {
    const lines: string[] = [];
    const logger = { level: 'info' as const, stream: new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }) };
    const app = await site.build({ logger });
    const answer = await app.inject({ method: 'POST', url: '/api/discovery-calls', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(booking) });
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(201);
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; leadId?: string });
    expect(logged).toEqual([expect.objectContaining({ level: 30, msg: 'discovery call requested', leadId: (answer.json() as { id: string }).id })]);
  });
});

describeApp('a path that climbs out of the site', (site) => {
  it('is not found, logged once at warn without a stack, never as our failure', async () => {
    const lines: string[] = [];
    const logger = { level: 'info' as const, stream: new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }) };
    const app = await site.build({ logger });
    const probes = ['/%2e%2e/etc/passwd', '/..%5c..%5cetc', '/assets/%2e%2e/%2e%2e/etc/passwd', '/bg/%2e%2e/%2e%2e/etc/passwd'];
    for (const url of probes) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Something went wrong');
    }
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { stack?: string } });
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('"stack"');
    for (const line of logged) expect(line).toMatchObject({ level: 40, msg: 'request refused' });
  });
});
