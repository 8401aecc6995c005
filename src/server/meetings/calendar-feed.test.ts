// An operator's calendar feed: a secret address shown in the inbox, serving the booked calls as an
// iCalendar a calendar app subscribes to, refusing a changed address, and stopping when renewed.
import ical, { type VEvent } from 'node-ical';
import { expect, it } from 'vitest';
import { INBOX_API } from '../../shared/inbox.ts';
import { parseOpeningHours } from '../../shared/opening-hours.ts';
import { describeApp, INJECT_ORIGIN, loggedInApp } from '../testing/app.ts';
import { visitor } from '../testing/leads.ts';
import { testConfig } from '../testing/config.ts';
import { hasPythonIcalendar, linesWithoutCrlf, readWithPython } from '../testing/python-icalendar.ts';

const meetings = { hours: parseOpeningHours(['Mo-Su 00:00-23:59']), lengthMinutes: 30, minNoticeMinutes: 0, daysAhead: 3, seats: 1, closedOnHolidays: false, busyCalendars: [], busyCalendarHosts: [] };

describeApp('an operator’s calendar feed', (site) => {
  it('lists the booked calls at a secret address, refuses a changed one, and stops the old one when renewed', async () => {
    const { app, cookie } = await loggedInApp(site, { meetings });
    const lead = (await app.inject({ method: 'POST', url: '/api/discovery-calls', payload: { ...visitor(8801), first_name: 'Feedora' } })).json<{ id: string; meetingToken: string }>();
    const slot = (await app.inject('/api/meeting-slots?tz=UTC')).json<{ slots: { start: string; end: string }[] }>().slots.at(-2)!;
    expect((await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: lead.meetingToken, start: slot.start } })).statusCode).toBe(201);

    expect((await app.inject(INBOX_API.calendar)).statusCode).toBe(401);
    const { url } = (await app.inject({ url: INBOX_API.calendar, headers: { cookie } })).json<{ url: string }>();
    // At the links' origin: here this server's, while the public one is the placeholder (http/link-origin.ts).
    expect(url.startsWith(`${testConfig().linkOrigin}/calendar/`)).toBe(true);
    expect(url).toMatch(/\/calendar\/[0-9a-f-]{36}\.\d+\.[\w-]{43}\.ics$/);
    // The same address each time it is shown.
    expect((await app.inject({ url: INBOX_API.calendar, headers: { cookie } })).json()).toEqual({ url });

    const path = new URL(url).pathname;
    const feed = await app.inject(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['referrer-policy']).toBe('no-referrer');
    const events = Object.values(ical.sync.parseICS(feed.body)).filter((c): c is VEvent => c?.type === 'VEVENT');
    const mine = events.find((e) => String(e.summary).startsWith('Feedora'));
    expect(mine).toBeDefined();
    expect(new Date(mine!.start!).toISOString()).toBe(slot.start);
    expect(String(mine!.description)).toContain(`/admin/leads/${lead.id}`);
    // A second parser, not the one that wrote it, reads the same: every line ended by CRLF.
    expect(linesWithoutCrlf(feed.body)).toEqual([]);
    if (hasPythonIcalendar() || process.env.CI) {
      const read = readWithPython(feed.body);
      expect(read.method).toBe('PUBLISH');
      const theirs = read.events.find((e) => e.summary.startsWith('Feedora'));
      expect(theirs && new Date(theirs.start!).toISOString()).toBe(slot.start);
    }

    const changed = path.replace(/\.([\w-]{43})\.ics$/, (_, sig: string) => `.${sig.slice(0, 42)}${sig.endsWith('A') ? 'B' : 'A'}.ics`);
    expect((await app.inject(changed)).statusCode).toBe(404);
    expect((await app.inject('/calendar/nothing.ics')).statusCode).toBe(404);

    const renewed = await app.inject({ method: 'POST', url: INBOX_API.calendarRenew, headers: { cookie, origin: INJECT_ORIGIN } });
    const next = renewed.json<{ url: string }>().url;
    expect(next).not.toBe(url);
    expect((await app.inject(path)).statusCode).toBe(404);
    expect((await app.inject(new URL(next).pathname)).statusCode).toBe(200);
  });
});
