// The operators' calendars as busy time: a feed served on loopback with a recurring event (an exception
// left out, a free event ignored) takes those times out of the slots and refuses a booking at them; a
// feed that fails keeps its last copy and turns health `degraded`, and `ok` once it answers again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import type { MeetingSlotsJson } from '../../shared/meetings.ts';
import { parseOpeningHours } from '../../shared/opening-hours.ts';
import { useTestApp } from '../testing/app.ts';
import { visitor } from '../testing/leads.ts';
import { busyIntervalsOf } from './busy-intervals.ts';
import { busyIntervalsOffThread, createBusyFeeds } from './busy-feeds.ts';
import { fetchFeed } from './feed-fetch.ts';
import { isPrivateAddress } from '../http/outbound-address.ts';
import { loadConfig } from '../config.ts';

const ics = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Busy//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

describe('busyIntervalsOf', () => {
  it('expands a weekly event on Sofia’s clock without its exception, keeps a one-off, and ignores what is free or cancelled', () => {
    const text = ics(
      event('UID:weekly@test', 'DTSTAMP:20261101T000000Z', 'DTSTART;TZID=Europe/Sofia:20261201T100000', 'DTEND;TZID=Europe/Sofia:20261201T110000', 'RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;TZID=Europe/Sofia:20261208T100000', 'SUMMARY:Team'),
      event('UID:once@test', 'DTSTAMP:20261101T000000Z', 'DTSTART:20261203T143000Z', 'DTEND:20261203T150000Z', 'SUMMARY:Dentist'),
      event('UID:free@test', 'DTSTAMP:20261101T000000Z', 'DTSTART:20261204T080000Z', 'DTEND:20261204T090000Z', 'TRANSP:TRANSPARENT', 'SUMMARY:Reminder'),
      event('UID:off@test', 'DTSTAMP:20261101T000000Z', 'DTSTART:20261205T080000Z', 'DTEND:20261205T090000Z', 'STATUS:CANCELLED', 'SUMMARY:Called off'),
    );
    const busy = busyIntervalsOf(text, new Date('2026-11-30T00:00:00Z'), new Date('2027-01-31T00:00:00Z'));
    expect(busy.map((b) => [b.start.toISOString(), b.end.toISOString()])).toEqual([
      ['2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00.000Z'],
      ['2026-12-03T14:30:00.000Z', '2026-12-03T15:00:00.000Z'],
      ['2026-12-15T08:00:00.000Z', '2026-12-15T09:00:00.000Z'],
      ['2026-12-22T08:00:00.000Z', '2026-12-22T09:00:00.000Z'],
    ]);
  });
});

describe('a busy calendar on loopback', () => {
  // A daily hour, 10:00 to 11:00 in Sofia, from tomorrow for five days: two half-hour slots a day.
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + 86_400_000))
    .replaceAll('-', '');
  const feed = { status: 200, body: ics(event('UID:daily@test', 'DTSTAMP:20261101T000000Z', `DTSTART;TZID=Europe/Sofia:${tomorrow}T100000`, `DTEND;TZID=Europe/Sofia:${tomorrow}T110000`, 'RRULE:FREQ=DAILY;COUNT=5')) };
  const server = http.createServer((_req, res) => res.writeHead(feed.status, { 'content-type': 'text/calendar' }).end(feed.status === 200 ? feed.body : 'no'));
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/secret-address/basic.ics`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const site = useTestApp('sqlite');
  const settings = { hours: parseOpeningHours(['Mo-Su 00:00-23:59']), lengthMinutes: 30, minNoticeMinutes: 0, daysAhead: 7, seats: 1, closedOnHolidays: false, busyCalendars: [], busyCalendarHosts: [] };

  it('takes its times out of the slots, refuses a booking at them, and keeps its last copy while it fails', async () => {
    const busyFeeds = createBusyFeeds({ urls: [url], daysAhead: 7, allowedHosts: ['127.0.0.1'] });
    await busyFeeds.refresh();
    const app = await site.build({ meetings: settings, busyFeeds });
    const slots = async () => (await app.inject('/api/meeting-slots?tz=Europe/Sofia')).json<MeetingSlotsJson>().slots.map((s) => s.start);
    const sofia = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sofia', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

    const free = await slots();
    expect(busyFeeds.busyBetween(new Date(), new Date(Date.now() + 8 * 86_400_000))).toHaveLength(5);
    // Tomorrow's 10:00 and 10:30 are gone; 09:30 and 11:00 stay.
    const tomorrowSlots = free.filter((s) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(new Date(s)).replaceAll('-', '') === tomorrow).map(sofia);
    expect(tomorrowSlots).toContain('09:30');
    expect(tomorrowSlots).toContain('11:00');
    expect(tomorrowSlots).not.toContain('10:00');
    expect(tomorrowSlots).not.toContain('10:30');

    // Asked for anyway: taken, with the fresh list.
    const { meetingToken } = (await app.inject({ method: 'POST', url: '/api/discovery-calls', payload: visitor(7001) })).json<{ meetingToken: string }>();
    const busyStart = busyFeeds.busyBetween(new Date(), new Date(Date.now() + 8 * 86_400_000))[0]!.start.toISOString();
    const refused = await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: meetingToken, start: busyStart } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(apiMessages.en.slotTaken);
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok', calendars: 'ok' });

    // The feed fails: its last copy still holds the times, and health says so.
    feed.status = 500;
    await busyFeeds.refresh();
    expect(await slots()).toEqual(free);
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'degraded', calendars: 'failing' });
    feed.status = 200;
    await busyFeeds.refresh();
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok', calendars: 'ok' });
  });
});

describe('fetching a feed, whose address could point anywhere', () => {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/same') return res.writeHead(302, { location: '/calendar.ics' }).end();
    if (req.url === '/away') return res.writeHead(302, { location: 'https://calendar.example/other.ics' }).end();
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics());
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const options = (allowedHosts: string[] = []) => ({ allowedHosts, timeoutMs: 5_000, maxBytes: 1_000_000 });

  it('refuses http, a private or loopback address and a name that resolves to one, unless the host is allowed', async () => {
    await expect(fetchFeed(`${origin}/calendar.ics`, options())).rejects.toThrow('not an https address');
    await expect(fetchFeed('https://127.0.0.1:9/calendar.ics', options())).rejects.toThrow('a private or loopback address');
    await expect(fetchFeed('https://[::1]:9/calendar.ics', options())).rejects.toThrow('a private or loopback address');
    // A name, resolved when the connection is made: loopback gets no further.
    await expect(fetchFeed(`https://localhost:${new URL(origin).port}/calendar.ics`, options())).rejects.toThrow(/private or loopback/);
    expect(hits).toEqual([]);
    expect(await fetchFeed(`${origin}/calendar.ics`, options(['127.0.0.1']))).toContain('BEGIN:VCALENDAR');
    for (const address of ['10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1']) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '2a00:1450:4017::200e', '::ffff:8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('follows a redirect within the same origin, and none to another', async () => {
    hits.length = 0;
    expect(await fetchFeed(`${origin}/same`, options(['127.0.0.1']))).toContain('BEGIN:VCALENDAR');
    await expect(fetchFeed(`${origin}/away`, options(['127.0.0.1']))).rejects.toThrow('another address');
    expect(hits).toEqual(['/same', '/calendar.ics', '/away']);
  });

  it('is refused at start when MEETING_BUSY_ICS_URLS holds such an address, naming the setting that allows it', () => {
    expect(() => loadConfig({ MEETING_BUSY_ICS_URLS: 'http://calendar.example/a.ics' })).toThrow(/address 1 is not an https address; name its host in MEETING_BUSY_ICS_ALLOW_HOSTS/);
    expect(() => loadConfig({ MEETING_BUSY_ICS_URLS: 'https://10.0.0.5/a.ics' })).toThrow(/private or loopback/);
    expect(loadConfig({ MEETING_BUSY_ICS_URLS: 'http://calendar.lan/a.ics', MEETING_BUSY_ICS_ALLOW_HOSTS: 'calendar.lan' }).meetings.busyCalendarHosts).toEqual(['calendar.lan']);
  });
});

describe('reading a feed', () => {
  const from = new Date('2026-12-01T00:00:00Z');
  const to = new Date('2026-12-17T00:00:00Z');

  it('leaves out rules that repeat within the hour, which no one is busy by and which cost seconds to expand', () => {
    const text = ics(
      event('UID:minutely@test', 'DTSTAMP:20261101T000000Z', 'DTSTART:20200101T000000Z', 'DTEND:20200101T000100Z', 'RRULE:FREQ=MINUTELY'),
      event('UID:real@test', 'DTSTAMP:20261101T000000Z', 'DTSTART:20261203T100000Z', 'DTEND:20261203T110000Z'),
    );
    expect(busyIntervalsOf(text, from, to).map((b) => b.start.toISOString())).toEqual(['2026-12-03T10:00:00.000Z']);
  });

  it('reads in a worker thread, which a feed too slow to read is stopped in', async () => {
    const text = ics(event('UID:one@test', 'DTSTAMP:20261101T000000Z', 'DTSTART:20261203T100000Z', 'DTEND:20261203T110000Z'));
    expect((await busyIntervalsOffThread(text, from, to)).map((b) => b.end.toISOString())).toEqual(['2026-12-03T11:00:00.000Z']);
    const many = ics(...Array.from({ length: 40_000 }, (_, i) => event(`UID:e${i}@test`, 'DTSTAMP:20261101T000000Z', 'DTSTART:20261203T100000Z', 'DTEND:20261203T110000Z', `SUMMARY:Event number ${i}`)));
    await expect(busyIntervalsOffThread(many, from, to, 20)).rejects.toThrow('not read within');
  });
});
