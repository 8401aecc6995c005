// Bad input: generated requests to every public endpoint. Each must be refused with a 4xx and a clear
// message (a JSON `error` in the language the request asked for), store nothing, and leave the server
// up. fast-check builds the bodies and headers (testing/bad-input.ts): wrong types, missing and extra
// fields, huge and empty text, lone surrogates, direction marks, joiners and NUL, nested objects and
// arrays, `__proto__` and `constructor` keys, SQL and HTML metacharacters, other content types and
// charsets, malformed JSON. A failing input is shrunk to the smallest that still fails, and printed
// with the seed that replays it. The counts are printed at the end, per database.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { FUNNEL_PATH, FUNNEL_STEPS } from '../../shared/funnel.ts';
import { LIMITS, parseDiscoveryCall, PRODUCTS, SERVICES, type Field } from '../../shared/booking.ts';
import { localeFromAcceptLanguage } from '../../shared/language.ts';
import type { Locale } from '../../shared/locale.ts';
import { storableText } from '../../shared/text.ts';
import { BODY_LIMIT } from '../booking/discovery-calls.ts';
import { addOperator, OPERATOR as DEFAULT_OPERATOR } from '../testing/operators.ts';
import type { Database } from '../store/database.ts';
import { describeApp, INJECT_ORIGIN, type App } from '../testing/app.ts';
import { GEORGI } from '../testing/leads.ts';
import {
  acceptLanguage,
  anyBody,
  anyText,
  contentType,
  headerText,
  hostileText,
  jsonText,
  jsonTree,
  languagesOf,
  otherHeaders,
  wrongType,
  type JsonTree,
} from '../testing/bad-input.ts';

/** The operator, with a password no generator writes, so no generated log-in can be the right one. */
const OPERATOR = { email: DEFAULT_OPERATOR.email, password: 'a password no generator writes 7f3a' };

/** Generated requests per endpoint and property, on each database: 2 properties × 3 endpoints × 1,000. */
const RUNS = 1_000;
/** Valid bookings with hostile text, on each database. */
const VALID_RUNS = 100;
/** A property passes in seconds; a failing one also shrinks its input, which takes longer. */
const PROPERTY_TIMEOUT = 120_000;

type Answer = Awaited<ReturnType<App['inject']>>;

/** A body of an endpoint's own shape, wrong in a way the generator knows: `wrong` says which. */
interface WrongBody {
  json: string;
  wrong: string;
}

/**
 * A public endpoint and how to get it wrong. Every endpoint here gets both properties below: a new one is
 * one more entry in ENDPOINTS: its URL, the tables it writes, bodies of its shape each wrong in a known
 * way, and what its refusal of one must show.
 */
interface PublicEndpoint {
  name: string;
  url: string;
  /** What a page of the site sends besides the body; the generated headers may replace these. */
  headers: Record<string, string>;
  /** The tables a request to it could add to: none may gain a row. */
  tables: (keyof Database)[];
  /** Bodies of its own shape, each wrong in a known way; `locale` is the language the request asks for. */
  wrongBodies(locale: Locale): fc.Arbitrary<WrongBody>;
  /** That the answer to such a body refused it for what was wrong with it (throws if not). */
  refusedFor(answer: Answer, body: WrongBody, locale: Locale): void;
}

/** A JSON object written entry by entry, extra entries first: JSON.parse keeps a repeated key's last value. */
const objectText = (extra: [string, JsonTree][], fields: [string, JsonTree | undefined][]) =>
  jsonText({ entries: [...extra, ...fields.filter((entry): entry is [string, JsonTree] => entry[1] !== undefined)] });

/** Entries a body may carry besides its fields: the server must ignore or refuse them, never use them. */
const extraEntries = fc.array(
  fc.tuple(
    fc.constantFrom('status', 'id', 'created_at', 'idempotency_key', '__proto__', 'constructor', 'isAdmin', 'x'),
    jsonTree,
  ),
  { maxLength: 3 },
);

/**
 * Whether JSON text carries what Fastify refuses as prototype poisoning, answering 400 before the
 * route: a `__proto__` key, or a `constructor` key holding an object with a `prototype` key.
 */
function poisoned(json: string): boolean {
  const visit = (value: unknown): boolean => {
    if (value === null || typeof value !== 'object') return false;
    for (const [key, v] of Object.entries(value)) {
      if (key === '__proto__') return true;
      if (key === 'constructor' && v !== null && typeof v === 'object' && Object.hasOwn(v, 'prototype')) return true;
      if (visit(v)) return true;
    }
    return false;
  };
  return visit(JSON.parse(json));
}

// --- Booking: POST /api/discovery-calls ---------------------------------------------------------

/** Fields with a rule of their own that a value can break; product and custom_service follow the service. */
const CHECKED_FIELDS = ['first_name', 'email', 'phone', 'business_name', 'service'] as const satisfies readonly Field[];
type CheckedField = (typeof CHECKED_FIELDS)[number];

const digitsIn = (text: string) => text.match(/\d/g)?.length ?? 0;

/** A value `field` must refuse, whatever the other fields hold; undefined: the field is left out. */
function wrongValue(field: CheckedField): fc.Arbitrary<JsonTree | undefined> {
  const limit = field === 'service' ? 0 : LIMITS[field];
  const own: Record<CheckedField, fc.Arbitrary<string>> = {
    first_name: fc.constant(''),
    business_name: fc.constant(''),
    email: hostileText.filter((text) => !text.includes('@')),
    phone: hostileText.filter((text) => digitsIn(storableText(text)) < 6),
    service: hostileText.filter((text) => !(SERVICES as readonly string[]).includes(storableText(text).trim())),
  };
  return fc.oneof(
    fc.constant(undefined),
    wrongType,
    fc.constantFrom('', '   ', '\t\n', '\u0000', ' \u0000\u0000 '),
    own[field],
    ...(limit ? [hostileText.map((text) => `${'x'.repeat(limit + 1)}${text}`)] : []),
  );
}

/** A value a field may hold when another field is the wrong one: right (a visitor's), or hostile. */
const RIGHT_VALUES = Object.fromEntries(CHECKED_FIELDS.map((field) => [field, GEORGI[field]])) as Record<CheckedField, string>;

const booking: PublicEndpoint = {
  name: 'booking (POST /api/discovery-calls)',
  url: '/api/discovery-calls',
  headers: {},
  tables: ['discovery_calls', 'lead_events', 'outbox'],
  wrongBodies: (locale) =>
    fc
      .record({
        wrong: fc.constantFrom(...CHECKED_FIELDS),
        others: fc.record(Object.fromEntries(CHECKED_FIELDS.map((f) => [f, fc.oneof(fc.constant(RIGHT_VALUES[f]), anyText, wrongType)])) as Record<CheckedField, fc.Arbitrary<JsonTree>>),
        product: fc.oneof(fc.constant(PRODUCTS['Call Automation Systems'][0] as string), anyText, wrongType),
        customService: fc.oneof(fc.constant('Night-time calls'), anyText, wrongType),
        // The form's language: this request's, or something that is no language of ours.
        locale: fc.oneof(fc.constant<JsonTree>(locale), fc.constant<JsonTree>('de'), wrongType, fc.constant(undefined)),
        extra: extraEntries,
      })
      .chain(({ wrong, others, product, customService, locale: formLocale, extra }) =>
        wrongValue(wrong).map((value) => ({
          wrong,
          json: objectText(extra, [
            ...CHECKED_FIELDS.map((f): [string, JsonTree | undefined] => [f, f === wrong ? value : others[f]]),
            ['product', product],
            ['custom_service', customService],
            ['locale', formLocale],
          ]),
        })),
      ),
  refusedFor(answer, body, locale) {
    expect(answer.statusCode).toBe(400);
    const json = answer.json<{ error: string; fields?: Record<string, string> }>();
    // Fastify refuses a prototype-poisoning key before the route reads the body.
    if (poisoned(body.json) && !json.fields) return expect(json.error).toBe(apiMessages[locale].invalidJson);
    expect(Object.keys(json.fields ?? {})).toContain(body.wrong);
  },
};

// --- Log-in: POST /api/admin/login --------------------------------------------------------------

const login: PublicEndpoint = {
  name: 'log-in (POST /api/admin/login)',
  url: '/api/admin/login',
  // The admin API refuses a write from another site (403); a page of the site sends its origin.
  headers: { origin: INJECT_ORIGIN },
  tables: ['operator_sessions', 'operators'],
  wrongBodies: () => {
    const email = fc.oneof(fc.constant(OPERATOR.email), fc.constant(` ${OPERATOR.email.toUpperCase()}\u0000 `), hostileText);
    const password = fc.oneof(hostileText, fc.constant(OPERATOR.password.toUpperCase()), fc.constant(`${OPERATOR.password}\u0000`));
    const tooLong = fc.oneof(hugeEmail(), hostileText.map((t) => `${'x'.repeat(4097)}${t}`));
    return fc.oneof(
      // Well-formed, with credentials that are not the operator's: 401 (429 once the account's limit is reached).
      fc.record({ email, password, extra: extraEntries }).map(({ email: e, password: p, extra }) => ({
        wrong: 'credentials',
        json: objectText(extra, [['email', e], ['password', p]]),
      })),
      // Not a log-in at all: a field missing, of another type, or too long.
      fc
        .record({
          email: fc.oneof(email, fc.constant(undefined), wrongType, tooLong),
          password: fc.oneof(password, fc.constant(undefined), wrongType, tooLong),
          extra: extraEntries,
        })
        .filter(({ email: e, password: p }) => !(typeof e === 'string' && e.length <= 254 && typeof p === 'string' && p.length <= 4096))
        .map(({ email: e, password: p, extra }) => ({ wrong: 'shape', json: objectText(extra, [['email', e], ['password', p]]) })),
    );
  },
  refusedFor(answer, body) {
    if (body.wrong === 'shape' || poisoned(body.json)) return expect(answer.statusCode).toBe(400);
    expect([401, 429]).toContain(answer.statusCode);
  },
};

function hugeEmail(): fc.Arbitrary<string> {
  return fc.integer({ min: 255, max: 3000 }).map((n) => `${'e'.repeat(n)}@example.bg`);
}

// --- The funnel: POST /api/events ----------------------------------------------------------------

const isStep = (value: JsonTree | undefined) => typeof value === 'string' && (FUNNEL_STEPS as readonly string[]).includes(value);

const events: PublicEndpoint = {
  name: 'funnel (POST /api/events)',
  url: FUNNEL_PATH,
  // A browser's, so that a report would be counted (bots' are answered alike and not counted).
  headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
  tables: ['funnel_days'],
  wrongBodies: (locale) =>
    fc
      .record({
        wrong: fc.constantFrom('step', 'locale', 'extra'),
        step: fc.oneof(fc.constantFrom<JsonTree>(...FUNNEL_STEPS), hostileText, wrongType),
        locale: fc.oneof(fc.constant<JsonTree>(locale), fc.constant<JsonTree>('de'), wrongType),
        source: fc.oneof(fc.constant(undefined), anyText, wrongType),
        extra: extraEntries,
      })
      .map(({ wrong, step, locale: formLocale, source, extra }) => {
        // Whatever else it holds, the body is wrong in the way `wrong` names.
        const badStep = wrong === 'step' ? (isStep(step) ? undefined : step) : step;
        const badLocale = wrong === 'locale' ? (formLocale === locale ? 'de' : formLocale) : formLocale;
        const entries: [string, JsonTree][] = wrong === 'extra' ? [['email', 'maria@example.com'], ...extra] : extra;
        return { wrong, json: objectText(entries, [['step', badStep], ['locale', badLocale], ['source', source]]) };
      }),
  refusedFor(answer, body, locale) {
    // Too long for a report (over 512 bytes) is refused before it is read.
    if (answer.statusCode === 413) return expect(body.json.length).toBeGreaterThan(0);
    expect(answer.statusCode).toBe(400);
    const { error } = answer.json<{ error: string }>();
    expect([apiMessages[locale].invalidEvent, apiMessages[locale].invalidJson]).toContain(error);
  },
};

/** Every public endpoint: what a visitor can reach without logging in and that writes or reads the database. */
const ENDPOINTS: PublicEndpoint[] = [booking, login, events];

// --- The suite ----------------------------------------------------------------------------------

/** A generated request: its body and headers, and the language its answer must be in. */
interface Request {
  payload: string | Buffer;
  headers: Record<string, string>;
  locale: Locale;
}

/** The headers of a request: generated ones over the endpoint's own, without those left unset. */
function headersOf(...sets: Record<string, string | undefined>[]): Record<string, string> {
  const merged = Object.assign({}, ...sets) as Record<string, string | undefined>;
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

/** An answer that refuses clearly: a 4xx, JSON, an `error` of ours in the request's language, nothing internal. */
function expectClearRefusal(answer: Answer, locale: Locale) {
  expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
  expect(answer.statusCode, answer.body).toBeLessThan(500);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const { error } = answer.json<{ error: unknown }>();
  expect(typeof error).toBe('string');
  expect(languagesOf(error as string), `"${String(error)}" is not one of our ${locale} messages`).toEqual([locale]);
  expect(error).not.toBe(apiMessages[locale].internal);
  expect(answer.body).not.toMatch(/\bat .*\.(js|ts):\d|stack|select |insert |sqlite|postgres/i);
}

describeApp('bad input', (site) => {
  let app: App;
  /** Generated requests sent, per endpoint; every one of them must be refused. */
  const sent = new Map<string, number>();
  const statuses = new Map<number, number>();
  /** Rows the refused requests added, all tables together: 0 unless something is wrong. */
  let gained = 0;
  /** Valid bookings with hostile text that were stored (each also replayed once). */
  let validStored = 0;
  let addresses = 0;
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    await addOperator(site.store.db, OPERATOR.email, OPERATOR.password);
    app = await site.build();
  });

  afterAll(() => {
    const total = [...sent.values()].reduce((a, b) => a + b, 0);
    const byEndpoint = [...sent].map(([name, n]) => `${name} ${n}`).join(', ');
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `bad input on ${site.dialect}: ${total} generated requests, each a body with its headers (${byEndpoint}); ` +
        `answers ${byStatus}; rows gained ${gained}; and ${validStored} valid bookings of hostile text stored as sent and replayed; ${seconds} s`,
    );
  });

  const countRows = async (tables: (keyof Database)[]) =>
    Object.fromEntries(
      await Promise.all(
        tables.map(async (table) => {
          const { n } = await site.store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
          return [table, Number(n)] as const;
        }),
      ),
    );

  /** Sends one generated request from an address of its own: log-in counts attempts per address. */
  const send = async (endpoint: PublicEndpoint, request: Request) => {
    addresses += 1;
    const answer = await app.inject({
      method: 'POST',
      url: endpoint.url,
      headers: request.headers,
      payload: request.payload,
      remoteAddress: `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`,
    });
    sent.set(endpoint.name, (sent.get(endpoint.name) ?? 0) + 1);
    statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
    return answer;
  };

  /** Runs a property over generated requests, then checks that no row was gained and the server is up. */
  const holds = async (endpoint: PublicEndpoint, property: fc.IAsyncPropertyWithHooks<[Request & { body?: WrongBody }]>) => {
    const before = await countRows(endpoint.tables);
    await fc.assert(property, { numRuns: RUNS });
    const after = await countRows(endpoint.tables);
    gained += endpoint.tables.reduce((sum, table) => sum + (after[table] ?? 0) - (before[table] ?? 0), 0);
    expect(after).toEqual(before);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // Nothing set on Object.prototype by a `__proto__` key.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  };

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: refuses bodies of its own shape, each wrong in a known way`, async () => {
      const requests = fc
        .tuple(acceptLanguage, otherHeaders)
        .chain(([language, other]) => {
          const locale = localeFromAcceptLanguage(language);
          return endpoint.wrongBodies(locale).map((body) => ({
            body,
            payload: body.json,
            locale,
            headers: headersOf(endpoint.headers, other, { 'content-type': 'application/json', 'accept-language': language }),
          }));
        });
      await holds(
        endpoint,
        fc.asyncProperty(requests, async (request) => {
          const answer = await send(endpoint, request);
          expectClearRefusal(answer, request.locale);
          // Over the body limit, it is refused before anything reads it.
          if (Buffer.byteLength(request.payload) > BODY_LIMIT) expect(answer.statusCode).toBe(413);
          else endpoint.refusedFor(answer, request.body, request.locale);
        }),
      );
    }, PROPERTY_TIMEOUT);

    it(`${endpoint.name}: refuses any other body, content type and header`, async () => {
      const requests = fc
        .record({
          payload: anyBody,
          type: contentType,
          language: acceptLanguage,
          other: otherHeaders,
          origin: fc.oneof({ weight: 4, arbitrary: fc.constant(endpoint.headers.origin) }, { weight: 1, arbitrary: fc.oneof(headerText, fc.constant('null'), fc.constant(undefined)) }),
        })
        .map(({ payload, type, language, other, origin }) => ({
          payload,
          locale: localeFromAcceptLanguage(language),
          headers: headersOf(endpoint.headers, other, { origin, 'content-type': type, 'accept-language': language }),
        }));
      await holds(
        endpoint,
        fc.asyncProperty(requests, async (request) => expectClearRefusal(await send(endpoint, request), request.locale)),
      );
    }, PROPERTY_TIMEOUT);
  }

  it('stores a valid booking with hostile text exactly as it answered, and replays it', async () => {
    /** Hostile text that is still a valid value for a field of `max` characters. */
    const validText = (max: number) =>
      hostileText.map((text) => `Ok ${text}`.slice(0, max)).filter((text) => storableText(text).trim().length > 0);
    const bookings = fc.record({
      first_name: validText(LIMITS.first_name),
      email: fc.constantFrom("o'brien@example.com", 'a+tag@example.bg', 'x.y-z@sub.example.co.uk', 'UPPER@EXAMPLE.BG'),
      // A phone holds digits and the marks numbers are written with, never text (shared/booking.ts).
      phone: fc.constantFrom('+359 88 765 4321', '0888 123 456', '(088) 812-3456', '+44 20 7946 0958', '00359.88.765.4321', '+1 (415) 555/0132'),
      business_name: validText(LIMITS.business_name),
      choice: fc.constantFrom(...SERVICES),
      custom_service: validText(LIMITS.custom_service),
      locale: fc.constantFrom('en', 'bg'),
    });
    const before = await countRows(['discovery_calls']);
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(bookings, async ({ choice, ...fields }) => {
        const body = { ...fields, service: choice, product: PRODUCTS[choice][0] ?? '' };
        const parsed = parseDiscoveryCall(body);
        expect(parsed.ok, 'the generator makes valid bookings only').toBe(true);
        if (!parsed.ok) return;
        const headers = { 'content-type': 'application/json', 'idempotency-key': `hostile-${stored}-${site.dialect}` };
        const answer = await app.inject({ method: 'POST', url: booking.url, headers, payload: JSON.stringify(body) });
        expect(answer.statusCode, answer.body).toBe(201);
        stored += 1;
        validStored += 1;
        const { id } = answer.json<{ id: string }>();
        const row = await site.store.db.selectFrom('discovery_calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        // The attribution is columns of the row (none here), not a field of it.
        const { attribution: _none, ...columns } = parsed.value;
        expect(row).toMatchObject(columns);
        // The same request again is the same lead, not "other details".
        const replay = await app.inject({ method: 'POST', url: booking.url, headers, payload: JSON.stringify(body) });
        expect(replay.statusCode, replay.body).toBe(200);
        expect(replay.json<{ id: string }>().id).toBe(id);
      }),
      { numRuns: VALID_RUNS },
    );
    const after = await countRows(['discovery_calls']);
    expect(after.discovery_calls).toBe((before.discovery_calls ?? 0) + stored);
  }, PROPERTY_TIMEOUT);
});
