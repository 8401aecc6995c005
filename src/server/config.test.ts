import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { channelSettingsOf } from './notifications/channels/index.ts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000, loopback, ./data, SQLite', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, trustProxy: false });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('says each bad setting once, in words a person reads', () => {
    // The configuration's variables, then the notification channels' own, as the server reads them at start.
    const message = (env: NodeJS.ProcessEnv) => {
      const lines: string[] = [];
      for (const read of [() => loadConfig(env), () => channelSettingsOf(env)]) {
        try {
          read();
        } catch (err) {
          lines.push(...(err as Error).message.split('\n').slice(1));
        }
      }
      return lines.length ? ['Invalid environment:', ...lines].join('\n') : 'accepted';
    };
    expect(message({ PORT: 'abc' })).toBe('Invalid environment:\n  PORT: must be a whole number from 0 to 65535');
    expect(message({ PORT: '70000' })).toBe('Invalid environment:\n  PORT: must be a whole number from 0 to 65535');
    expect(message({ BOOKING_MIN_FILL_SECONDS: 'soon' })).toBe(
      'Invalid environment:\n  BOOKING_MIN_FILL_SECONDS: must be a whole number from 0 to 600',
    );
    // Wrong in two ways at once (not base64, and of a length base64 never has): one line.
    expect(message({ LEAD_WEBHOOK_URL: 'https://hooks.example/leads', LEAD_WEBHOOK_SECRET: 'whsec_abc!' })).toBe(
      'Invalid environment:\n  LEAD_WEBHOOK_SECRET: must be whsec_ followed by base64, such as whsec_$(openssl rand -base64 32)',
    );
    // Every variable given nonsense: one line each, none in a parser's words.
    const junk = Object.fromEntries(
      ['PORT', 'BOOKING_MIN_FILL_SECONDS', 'LEAD_WEBHOOK_SECRET', 'LEAD_WEBHOOK_URL', 'REDIS_URL', 'LOG_LEVEL', 'SMTP_URL', 'LEAD_REMINDER_HOURS'].map(
        (name) => [name, 'x y!'],
      ),
    );
    const lines = message(junk).split('\n').slice(1);
    expect(lines.map((l) => l.trim().split(':')[0]).sort()).toEqual(Object.keys(junk).sort());
    for (const line of lines) expect(line).not.toMatch(/NaN|expected|received|Invalid input/i);
  });

  it("reads the meetings' hours, notice, days ahead and seats, with the profile's hours by default", () => {
    expect(loadConfig({}).meetings).toEqual({
      hours: [{ days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' }],
      lengthMinutes: 30,
      minNoticeMinutes: 120,
      daysAhead: 14,
      seats: 1,
      closedOnHolidays: true,
      busyCalendars: [], busyCalendarHosts: [],
    });
    const c = loadConfig({ MEETING_HOURS: 'Mo-Th 10:00-16:00; Fr 10:00-13:00', MEETING_MIN_NOTICE_HOURS: '24', MEETING_DAYS_AHEAD: '30', MEETING_SEATS: '2' });
    expect(c.meetings).toMatchObject({
      hours: [
        { days: ['Mo', 'Tu', 'We', 'Th'], opens: '10:00', closes: '16:00' },
        { days: ['Fr'], opens: '10:00', closes: '13:00' },
      ],
      minNoticeMinutes: 1440,
      daysAhead: 30,
      seats: 2,
    });
    expect(() => loadConfig({ MEETING_HOURS: 'weekdays 9-6' })).toThrow('MEETING_HOURS: must be days and hours such as "Mo-Fr 09:00-18:00; Sa 10:00-13:00"');
    expect(() => loadConfig({ MEETING_SEATS: '0' })).toThrow('MEETING_SEATS: must be a whole number from 1 to 20');
    expect(() => loadConfig({ MEETING_DAYS_AHEAD: '365' })).toThrow('MEETING_DAYS_AHEAD: must be a whole number from 1 to 90');
    // The operators' calendars: spaces or lines between them, webcal:// read as https://.
    const busy = loadConfig({ MEETING_BUSY_ICS_URLS: ' https://calendar.google.com/calendar/ical/a%40x/private-1/basic.ics\n webcal://outlook.office365.com/owa/calendar/2/calendar.ics ' });
    expect(busy.meetings.busyCalendars).toEqual([
      'https://calendar.google.com/calendar/ical/a%40x/private-1/basic.ics',
      'https://outlook.office365.com/owa/calendar/2/calendar.ics',
    ]);
    expect(() => loadConfig({ MEETING_BUSY_ICS_URLS: 'https://ok.example/a.ics ftp://files.example/b.ics' })).toThrow(
      'MEETING_BUSY_ICS_URLS: address 2 must be an https:// (or webcal://) iCalendar address',
    );
  });

  it('refuses TRUST_PROXY=true, which would let any client write its own address, and says what to give', () => {
    for (const value of ['true', 'TRUE', ' true']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        "TRUST_PROXY: true would take any client's X-Forwarded-For as its address; give the proxy's addresses (such as 127.0.0.1,10.0.0.0/8) or how many proxies are in front (such as 1)",
      );
    }
  });

  it('reads TRUST_PROXY as off, an address list or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (a: string, i: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
  });

  it('reads BOOKING_RATE_LIMIT as a count per time, 5 per 10 minutes by default, 0 or off for none', () => {
    expect(loadConfig({}).bookingRateLimit).toEqual({ max: 5, windowMs: 600_000 });
    expect(loadConfig({ BOOKING_RATE_LIMIT: '30/90s' }).bookingRateLimit).toEqual({ max: 30, windowMs: 90_000 });
    expect(loadConfig({ BOOKING_RATE_LIMIT: '100/1h' }).bookingRateLimit).toEqual({ max: 100, windowMs: 3_600_000 });
    expect(loadConfig({ BOOKING_RATE_LIMIT: '0' }).bookingRateLimit).toBeUndefined();
    expect(loadConfig({ BOOKING_RATE_LIMIT: 'off' }).bookingRateLimit).toBeUndefined();
    for (const bad of ['5', '5/m', '5/10d', '0/10m', '5/0m', '-1/10m', '5 / 10m', 'on']) {
      expect(() => loadConfig({ BOOKING_RATE_LIMIT: bad })).toThrow(/BOOKING_RATE_LIMIT: must be a count per time, such as 5\/10m/);
    }
  });

  it('reads REDIS_URL, refusing what is not a Redis URL', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380' }).redisUrl).toBe('rediss://:secret@cache.internal:6380');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('reads GEO_COUNTRY_HEADER in lower case, as Node presents request headers, and refuses a non-name', () => {
    expect(loadConfig({}).geoCountryHeader).toBeUndefined();
    expect(loadConfig({ GEO_COUNTRY_HEADER: 'CF-IPCountry' }).geoCountryHeader).toBe('cf-ipcountry');
    expect(() => loadConfig({ GEO_COUNTRY_HEADER: 'CF IPCountry:' })).toThrow(/GEO_COUNTRY_HEADER: must be a header name/);
  });

  it('refuses a GEOIP_DB that is not a file, naming it', () => {
    expect(loadConfig({}).geoIpDb).toBeUndefined();
    expect(() => loadConfig({ GEOIP_DB: '/nowhere/GeoLite2-City.mmdb' })).toThrow(
      /GEOIP_DB: no database file at \/nowhere\/GeoLite2-City\.mmdb/,
    );
    expect(() => loadConfig({ GEOIP_DB: os.tmpdir() })).toThrow(/GEOIP_DB/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geoip-config-'));
    try {
      fs.writeFileSync(path.join(dir, 'city.mmdb'), '');
      expect(loadConfig({ GEOIP_DB: path.join(dir, 'city.mmdb') }).geoIpDb).toBe(path.join(dir, 'city.mmdb'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the Vapi settings with either assistant, and names what is missing', () => {
    expect(loadConfig({}).vapi).toBeUndefined();
    expect(loadConfig({ VAPI_PUBLIC_KEY: 'pk-1', VAPI_ASSISTANT_ID: 'asst-1' }).vapi).toEqual({
      publicKey: 'pk-1',
      assistantId: 'asst-1',
    });
    expect(() => loadConfig({ VAPI_PUBLIC_KEY: 'pk-1' })).toThrow(
      /VAPI_PUBLIC_KEY: needs VAPI_ASSISTANT_ID \(the voice demo\) or VAPI_CHAT_ASSISTANT_ID/,
    );
    expect(() => loadConfig({ VAPI_ASSISTANT_ID: 'asst-1' })).toThrow(
      /VAPI_PUBLIC_KEY: must be set along with VAPI_ASSISTANT_ID/,
    );
    expect(() => loadConfig({ VAPI_PUBLIC_KEY: 'pk 1', VAPI_ASSISTANT_ID: 'a' })).toThrow(/VAPI_PUBLIC_KEY: must be the public key/);
  });

  it('reads VAPI_API_URL as an http(s) URL without a trailing slash', () => {
    const env = { VAPI_PUBLIC_KEY: 'pk', VAPI_ASSISTANT_ID: 'a' };
    expect(loadConfig({ ...env, VAPI_API_URL: 'http://127.0.0.1:3306/' }).vapi?.apiUrl).toBe('http://127.0.0.1:3306');
    expect(() => loadConfig({ ...env, VAPI_API_URL: 'ftp://x' })).toThrow(/VAPI_API_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ ...env, VAPI_API_URL: 'api.vapi.ai' })).toThrow(/VAPI_API_URL/);
  });
});

describe('Lana chat settings', () => {
  const voice = { VAPI_PUBLIC_KEY: 'pk', VAPI_ASSISTANT_ID: 'alex' };
  it('adds the chat assistant to the page settings', () => {
    expect(loadConfig({ ...voice, VAPI_CHAT_ASSISTANT_ID: 'lana' }).vapi).toMatchObject({ chatAssistantId: 'lana' });
    expect(loadConfig(voice).vapi).not.toHaveProperty('chatAssistantId');
  });
  it('stands alone: a deployment may have the chat without the voice demo', () => {
    expect(loadConfig({ VAPI_PUBLIC_KEY: 'pk', VAPI_CHAT_ASSISTANT_ID: 'lana' }).vapi).toEqual({
      publicKey: 'pk',
      chatAssistantId: 'lana',
    });
  });
  it('refuses a chat assistant without the public key', () => {
    expect(() => loadConfig({ VAPI_CHAT_ASSISTANT_ID: 'lana' })).toThrow(
      /VAPI_PUBLIC_KEY: must be set along with VAPI_CHAT_ASSISTANT_ID/,
    );
  });
});

describe('the settings the notification channels share, and the other limits', () => {
  it('has English, a reminder after 20 hours, and keeps closed leads two years by default', () => {
    expect(loadConfig({}).notifications).toEqual({ operatorLocale: 'en', reminderHours: 20 });
    expect(loadConfig({}).leadRetentionDays).toBe(730);
    expect(loadConfig({ LEAD_RETENTION_DAYS: '365' }).leadRetentionDays).toBe(365);
    expect(loadConfig({ OPERATOR_LOCALE: 'bg', LEAD_REMINDER_HOURS: '23' }).notifications).toEqual({ operatorLocale: 'bg', reminderHours: 23 });
  });

  it('keeps the environment it read, without the empty variables, for the channels to read theirs', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: '' }).environment).toEqual({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  });

  it.each([
    [{ OPERATOR_LOCALE: 'de' }, /OPERATOR_LOCALE: must be one of en, bg/],
    [{ LEAD_REMINDER_HOURS: '24' }, /LEAD_REMINDER_HOURS: must be a whole number of hours from 1 to 23/],
    [{ LEAD_REMINDER_HOURS: '0' }, /LEAD_REMINDER_HOURS/],
    [{ LEAD_REMINDER_HOURS: '2.5' }, /LEAD_REMINDER_HOURS/],
    [{ LEAD_RETENTION_DAYS: '0' }, /LEAD_RETENTION_DAYS: must be a whole number of days/],
    [{ LEAD_RETENTION_DAYS: '30d' }, /LEAD_RETENTION_DAYS/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be 24 or more printable characters without spaces/],
    [{ METRICS_TOKEN: 'a token with spaces in it, long enough' }, /METRICS_TOKEN/],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
