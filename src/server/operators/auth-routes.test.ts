import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeApp, INJECT_ORIGIN, useTestApp, type App } from '../testing/app.ts';
import { maskedEmail } from './auth-routes.ts';
import { addOperator, ADMIN_API_ERRORS, clearOperators, OPERATOR, testOperatorStore } from '../testing/operators.ts';

const { email: EMAIL, password: PASSWORD } = OPERATOR;

const EN = {
  ...ADMIN_API_ERRORS,
  loginFailed: { error: 'The email or password is not correct.' },
};

type Headers = Record<string, string>;
const login = (app: App, body: unknown, headers: Headers = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/admin/login', headers: { origin: INJECT_ORIGIN, ...headers }, payload: body as object, remoteAddress });
const logout = (app: App, headers: Headers = {}) =>
  app.inject({ method: 'POST', url: '/api/admin/logout', headers: { origin: INJECT_ORIGIN, ...headers } });
const me = (app: App, headers: Headers = {}) => app.inject({ method: 'GET', url: '/api/admin/me', headers });

const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
};
/** The session cookie a response set, as a Cookie header to send back. */
const cookieOf = (res: { headers: Record<string, unknown> }): string => {
  const [cookie] = setCookies(res);
  if (!cookie) throw new Error('no cookie set');
  return cookie.split(';')[0]!;
};

describeApp('the admin API', (site) => {
  let app: App;

  beforeEach(async () => {
    await clearOperators(site.store.db);
    await addOperator(site.store.db);
    // A fresh app each time: the log-in limits start from zero.
    app = await site.build();
  });

  const sessionRows = () => site.store.db.selectFrom('operator_sessions').selectAll().execute();

  describe('without any operator account', () => {
    it('answers 404 on every admin route, as if there were none', async () => {
      await site.store.db.deleteFrom('operators').execute();
      for (const res of [await login(app, { email: EMAIL, password: PASSWORD }), await logout(app), await me(app)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(EN.notFound);
      }
      // Even a cross-site write: the admin area is not there to refuse it.
      expect((await login(app, { email: EMAIL, password: PASSWORD }, { origin: 'https://evil.example' })).statusCode).toBe(404);
    });
  });

  describe('POST /api/admin/login', () => {
    it('logs in: 204 and an HttpOnly, SameSite=Strict session cookie for 12 hours, not Secure over http', async () => {
      const res = await login(app, { email: '  Maria@NEXA-AI.example ', password: PASSWORD });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(setCookies(res)).toEqual([
        expect.stringMatching(/^session=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/),
        // The device cookie, for the log-in limits: half a year.
        expect.stringMatching(/^device=[\w-]{22}\.[\w-]{43}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Strict$/),
      ]);
      expect(await sessionRows()).toHaveLength(1);
      const whoami = await me(app, { cookie: cookieOf(res) });
      expect(whoami.statusCode).toBe(200);
      expect(whoami.json()).toMatchObject({ email: EMAIL, failing_channels: [] });
    });

    it('gives the same 401 for a wrong password and an unknown account, with no cookie', async () => {
      const wrong = await login(app, { email: EMAIL, password: `${PASSWORD}!` });
      const unknown = await login(app, { email: 'nobody@nexa-ai.example', password: PASSWORD });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(EN.loginFailed);
        expect(setCookies(res)).toEqual([]);
      }
      expect(wrong.headers['content-length']).toBe(unknown.headers['content-length']);
      expect(await sessionRows()).toEqual([]);
    });

    it('answers in the language the browser asks for', async () => {
      const res = await login(app, { email: EMAIL, password: 'wrong password' }, { 'accept-language': 'bg-BG,bg;q=0.9' });
      expect(res.json()).toEqual({ error: 'Имейлът или паролата не са верни.' });
    });

    it('refuses a body that is not an email and a password with 400', async () => {
      for (const payload of [{ email: EMAIL }, { email: 1, password: PASSWORD }, { email: EMAIL, password: 'x'.repeat(5000) }]) {
        const res = await login(app, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'The request could not be read.' });
      }
    });

    it('replaces the session the browser still carried', async () => {
      const first = cookieOf(await login(app, { email: EMAIL, password: PASSWORD }));
      const second = cookieOf(await login(app, { email: EMAIL, password: PASSWORD }, { cookie: first }));
      expect(second).not.toBe(first);
      expect((await me(app, { cookie: first })).statusCode).toBe(401);
      expect((await me(app, { cookie: second })).statusCode).toBe(200);
      expect(await sessionRows()).toHaveLength(1);
    });
  });

  describe('log-in limits', () => {
    const tooMany = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('900');
      expect(res.json()).toEqual({ error: 'Too many log-in attempts. Please try again in 15 min.', retryable: true });
    };

    it('allows 5 attempts per account in 15 minutes, then refuses even the right password', async () => {
      for (let i = 0; i < 5; i++) expect((await login(app, { email: EMAIL, password: `wrong ${i} password` }, {}, `10.0.0.${i}`)).statusCode).toBe(401);
      tooMany(await login(app, { email: 'MARIA@nexa-ai.example', password: PASSWORD }, {}, '10.0.1.1'));
      expect((await login(app, { email: 'other@nexa-ai.example', password: PASSWORD }, {}, '10.0.1.1')).statusCode).toBe(401);
    });

    it('limits an unknown account exactly as a known one, so a 429 tells nothing', async () => {
      for (let i = 0; i < 5; i++) expect((await login(app, { email: 'nobody@nexa-ai.example', password: PASSWORD }, {}, `10.0.0.${i}`)).statusCode).toBe(401);
      tooMany(await login(app, { email: 'nobody@nexa-ai.example', password: PASSWORD }, {}, '10.0.1.1'));
    });

    it('allows 10 attempts per address in 15 minutes, whichever accounts they try', async () => {
      for (let i = 0; i < 10; i++) expect((await login(app, { email: `guess${i}@nexa-ai.example`, password: PASSWORD }, {}, '10.0.0.9')).statusCode).toBe(401);
      tooMany(await login(app, { email: EMAIL, password: PASSWORD }, {}, '10.0.0.9'));
      expect((await login(app, { email: EMAIL, password: PASSWORD }, {}, '10.0.0.10')).statusCode).toBe(204);
    });

    /** The device cookie a log-in set, as a Cookie header to send back. */
    const deviceOf = (res: { headers: Record<string, unknown> }) => setCookies(res)[1]!.split(';')[0]!;

    it('cannot be used by a stranger to lock the operator out: her browser logs in by its device cookie', async () => {
      const device = deviceOf(await login(app, { email: EMAIL, password: PASSWORD }, {}, '192.0.2.10'));
      // A stranger, from many addresses, with wrong passwords: the account is locked for clients without a device cookie.
      for (let i = 0; i < 12; i++) await login(app, { email: EMAIL, password: `guess ${i} password` }, {}, `10.9.0.${i}`);
      tooMany(await login(app, { email: EMAIL, password: PASSWORD }, {}, '192.0.2.10'));
      // The operator's own browser, from the same address or a new one, still gets in.
      expect((await login(app, { email: EMAIL, password: PASSWORD }, { cookie: device }, '192.0.2.10')).statusCode).toBe(204);
      expect((await login(app, { email: EMAIL, password: PASSWORD }, { cookie: device }, '198.51.100.3')).statusCode).toBe(204);
    });

    it('counts a device cookie on its own: five wrong passwords lock that cookie, which then counts for nothing', async () => {
      const device = deviceOf(await login(app, { email: EMAIL, password: PASSWORD }));
      const other = deviceOf(await login(app, { email: EMAIL, password: PASSWORD }));
      for (let i = 0; i < 5; i++) expect((await login(app, { email: EMAIL, password: 'stolen cookie guess' }, { cookie: device }, `10.8.0.${i}`)).statusCode).toBe(401);
      // Past its limit the cookie is no better than none: the address and the account are counted again.
      expect((await login(app, { email: EMAIL, password: PASSWORD }, { cookie: device }, '10.8.1.1')).statusCode).toBe(204);
      // The other browser was never touched.
      expect((await login(app, { email: EMAIL, password: PASSWORD }, { cookie: other }, '10.8.1.2')).statusCode).toBe(204);
    });

    it('takes a device cookie for its own account only, and nothing forged or altered', async () => {
      await addOperator(site.store.db, 'petar@nexa-ai.example', 'another long password');
      const maria = deviceOf(await login(app, { email: EMAIL, password: PASSWORD }));
      for (let i = 0; i < 5; i++) await login(app, { email: 'petar@nexa-ai.example', password: `guess ${i} password` }, {}, `10.7.0.${i}`);
      const [name, value] = maria.split('=') as [string, string];
      const altered = `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
      for (const cookie of [maria, altered, `${name}=${'A'.repeat(22)}.${'B'.repeat(43)}`, `${name}=nonsense`]) {
        tooMany(await login(app, { email: 'petar@nexa-ai.example', password: 'another long password' }, { cookie }, '10.7.1.1'));
      }
    });

    it('counts the addresses of one IPv6 network (/64) as one', async () => {
      for (let i = 0; i < 10; i++) {
        expect((await login(app, { email: `guess${i}@nexa-ai.example`, password: PASSWORD }, {}, `2001:db8:1:2::${i.toString(16)}`)).statusCode).toBe(401);
      }
      tooMany(await login(app, { email: EMAIL, password: PASSWORD }, {}, '2001:db8:1:2:ffff:ffff:ffff:ffff'));
      expect((await login(app, { email: EMAIL, password: PASSWORD }, {}, '2001:db8:1:3::1')).statusCode).toBe(204);
    });

    it('refuses a log-in at once, 429 with Retry-After, while as many password checks are under way and waiting as may be', async () => {
      const full = await site.build({ hashGate: { atOnce: 0, waiting: 0 } });
      for (const [headers, message] of [
        [{}, 'Many log-ins are being checked right now. Please try again in a few seconds.'],
        [{ 'accept-language': 'bg' }, 'В момента се проверяват много опити за вход. Моля, опитайте отново след няколко секунди.'],
      ] as const) {
        const res = await login(full, { email: EMAIL, password: PASSWORD }, headers);
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({ error: message, retryable: true });
        expect(setCookies(res)).toEqual([]);
      }
      expect(await sessionRows()).toEqual([]);
    });

    it('forgets an account\'s failed attempts once it logs in', async () => {
      for (let i = 0; i < 4; i++) await login(app, { email: EMAIL, password: 'a typo password' }, {}, `10.0.0.${i}`);
      expect((await login(app, { email: EMAIL, password: PASSWORD }, {}, '10.0.0.5')).statusCode).toBe(204);
      for (let i = 0; i < 4; i++) expect((await login(app, { email: EMAIL, password: 'a typo password' }, {}, `10.0.2.${i}`)).statusCode).toBe(401);
    });
  });

  describe('GET /api/admin/me', () => {
    it('answers 401 without a session cookie', async () => {
      const res = await me(app);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(EN.loginRequired);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(setCookies(res)).toEqual([]);
    });

    it('answers 401 and removes the cookie when its session is unknown or expired', async () => {
      const made = await login(app, { email: EMAIL, password: PASSWORD });
      await site.store.db.updateTable('operator_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
      for (const cookie of [cookieOf(made), 'session=q3Yt0sQ1m2Xb8ZcLkP9vR4eN7wA5uD6fG0hJ1iK2lM3', 'session=nonsense']) {
        const res = await me(app, { cookie });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(EN.loginRequired);
        expect(setCookies(res)).toEqual(['session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict']);
      }
    });

    it('renews the cookie when the session slides on', async () => {
      const cookie = cookieOf(await login(app, { email: EMAIL, password: PASSWORD }));
      expect(setCookies(await me(app, { cookie }))).toEqual([]);
      const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
      await site.store.db.updateTable('operator_sessions').set({ last_seen_at: hourAgo }).execute();
      const res = await me(app, { cookie });
      expect(res.statusCode).toBe(200);
      expect(setCookies(res)).toEqual([`${cookie}; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict`]);
    });

    it('answers 401 once the password was reset or the operator removed', async () => {
      const cookie = cookieOf(await login(app, { email: EMAIL, password: PASSWORD }));
      const accounts = testOperatorStore(site.store.db);
      await accounts.setPassword(EMAIL, 'a brand new password');
      expect((await me(app, { cookie })).statusCode).toBe(401);
      const again = cookieOf(await login(app, { email: EMAIL, password: 'a brand new password' }));
      await addOperator(site.store.db, 'other@nexa-ai.example');
      await accounts.remove(EMAIL);
      expect((await me(app, { cookie: again })).statusCode).toBe(401);
    });
  });

  describe('POST /api/admin/logout', () => {
    it('ends the session for good and removes the cookie', async () => {
      const cookie = cookieOf(await login(app, { email: EMAIL, password: PASSWORD }));
      const res = await logout(app, { cookie });
      expect(res.statusCode).toBe(204);
      expect(setCookies(res)).toEqual(['session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict']);
      expect(await sessionRows()).toEqual([]);
      expect((await me(app, { cookie })).statusCode).toBe(401);
    });

    it('answers the same without a session', async () => {
      expect((await logout(app)).statusCode).toBe(204);
    });
  });

  describe('a state-changing request from another site', () => {
    it.each([
      ['no Origin or Referer', { origin: '' }],
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['the same host on another scheme', { origin: 'https://localhost' }],
      ['the same host on another port', { origin: 'http://localhost:8080' }],
      ['an opaque Origin', { origin: 'null' }],
      ['a foreign Referer and no Origin', { origin: '', referer: 'https://evil.example/page' }],
    ])('is refused with 403 for %s, and changes nothing', async (_what, headers) => {
      const cookie = cookieOf(await login(app, { email: EMAIL, password: PASSWORD }));
      // Exactly these headers, none of the helpers' own.
      const sent = (h: Headers) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== ''));
      const tried = await app.inject({ method: 'POST', url: '/api/admin/login', headers: sent(headers), payload: { email: EMAIL, password: PASSWORD } });
      const out = await app.inject({ method: 'POST', url: '/api/admin/logout', headers: sent({ ...headers, cookie }) });
      for (const res of [tried, out]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(EN.crossSite);
        expect(setCookies(res)).toEqual([]);
      }
      expect(await sessionRows()).toHaveLength(1);
      expect((await me(app, { cookie })).statusCode).toBe(200);
    });

    it('goes through with the site\'s own Referer when the browser sent no Origin', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { referer: `${INJECT_ORIGIN}/admin/` },
        payload: { email: EMAIL, password: PASSWORD },
      });
      expect(res.statusCode).toBe(204);
    });

    it('is said in the language the browser asks for', async () => {
      const res = await login(app, { email: EMAIL, password: PASSWORD }, { origin: 'https://evil.example', 'accept-language': 'bg' });
      expect(res.json()).toEqual({ error: 'Заявката трябва да идва от самия сайт.' });
    });
  });

  describe('behind an https proxy (TRUST_PROXY)', () => {
    const viaProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'nexa-ai.example', origin: 'https://nexa-ai.example' };

    it('sets a __Host- cookie with Secure, reads only that one, and checks the public origin', async () => {
      const proxied = await site.build({ trustProxy: '127.0.0.1' });
      const res = await login(proxied, { email: EMAIL, password: PASSWORD }, viaProxy);
      expect(res.statusCode).toBe(204);
      const [cookie, device] = setCookies(res);
      expect(cookie).toMatch(/^__Host-session=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
      expect(device).toMatch(/^__Host-device=[\w-]{22}\.[\w-]{43}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
      const token = cookieOf(res).split('=')[1];
      expect((await me(proxied, { ...viaProxy, cookie: cookieOf(res) })).json()).toMatchObject({ email: EMAIL, failing_channels: [] });
      expect((await me(proxied, { ...viaProxy, cookie: `session=${token}` })).statusCode).toBe(401);
      expect((await login(proxied, { email: EMAIL, password: PASSWORD }, { ...viaProxy, origin: INJECT_ORIGIN })).statusCode).toBe(403);
    });
  });
});

describe('the admin API\'s logs', () => {
  const site = useTestApp('sqlite');

  it('never hold a password, a token or a full email', async () => {
    const lines: string[] = [];
    await addOperator(site.store.db);
    const app = await site.build({
      logLevel: 'info',
      logger: { level: 'info', stream: new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }) },
    });
    const refused = await login(app, { email: EMAIL, password: 'a wrong password' });
    const made = await login(app, { email: EMAIL, password: PASSWORD });
    const token = cookieOf(made).split('=')[1]!;
    await logout(app, { cookie: cookieOf(made) });
    for (let i = 0; i < 6; i++) await login(app, { email: EMAIL, password: 'a wrong password' });
    await app.close();

    expect(refused.statusCode).toBe(401);
    const log = lines.join('');
    expect(log).toContain('"account":"m***@nexa-ai.example"');
    expect(log).toContain('operator logged in');
    expect(log).toContain('log-in attempts over the limit');
    for (const secret of [PASSWORD, 'a wrong password', token, EMAIL]) expect(log).not.toContain(secret);
  });

  it('mask an email to its first letter and domain', () => {
    expect(maskedEmail('maria@nexa-ai.example')).toBe('m***@nexa-ai.example');
    expect(maskedEmail('@nexa-ai.example')).toBe('***');
    expect(maskedEmail('no-at-sign')).toBe('***');
  });
});
