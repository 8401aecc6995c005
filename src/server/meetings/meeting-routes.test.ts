import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { parseOpeningHours } from '../../shared/opening-hours.ts';
import type { MeetingSlotsJson } from '../../shared/meetings.ts';
import { useTestApp, type App } from '../testing/app.ts';
import { visitor } from '../testing/leads.ts';
import { TEST_DIALECTS } from '../testing/store.ts';
import { format } from '../../content/i18n/format.ts';
import { business } from '../../content/site.ts';
import { meetingOfRow } from '../notifications/meeting-mail.ts';
import { bookMeeting, cancelMeeting } from './meeting-store.ts';
import { testConfig } from '../testing/config.ts';
import { eraseLeads } from '../privacy/erasure.ts';

/** Round the clock, no notice: there are slots whenever the tests run. */
const meetings = (seats = 1) => ({
  hours: parseOpeningHours(['Mo-Su 00:00-23:59']),
  lengthMinutes: 30,
  minNoticeMinutes: 0,
  daysAhead: 3,
  seats,
  closedOnHolidays: false,
  busyCalendars: [], busyCalendarHosts: [],
});

let n = 0;
/** A booking through the API, as the dialog sends it: its lead id and meeting token. */
async function book(app: App): Promise<{ id: string; meetingToken: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/discovery-calls', payload: visitor(1000 + n++) });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const slots = async (app: App, tz = 'Europe/Sofia') => (await app.inject(`/api/meeting-slots?tz=${encodeURIComponent(tz)}`)).json<MeetingSlotsJson>().slots;
const pick = (app: App, token: string, start: string, extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: '/api/meetings', payload: { token, start, timeZone: 'Asia/Kathmandu', ...extra } });

describe.each(TEST_DIALECTS)('meetings on %s', (dialect) => {
  const site = useTestApp(dialect);

  it('lists the free slots of the days ahead for a known zone, and refuses an unknown one in the asker\'s language', async () => {
    const app = await site.build({ meetings: meetings() });
    const res = await app.inject('/api/meeting-slots?tz=Asia/Kathmandu');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<MeetingSlotsJson>();
    expect(body.timeZone).toBe('Asia/Kathmandu');
    expect(body.slots.length).toBeGreaterThan(100);
    expect(Date.parse(body.slots[1]!.start) - Date.parse(body.slots[0]!.start)).toBe(30 * 60_000);
    expect(body.slots[0]!.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:[03]0:00\.000Z$/);

    const unknown = await app.inject({ url: '/api/meeting-slots?tz=Mars/Olympus', headers: { 'accept-language': 'bg' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: apiMessages.bg.unknownTimeZone });
    expect((await app.inject('/api/meeting-slots')).statusCode).toBe(400);
  });

  it('says a call whose request was erased no longer exists, which a changed link never says', async () => {
    const app = await site.build({ meetings: meetings() });
    const { id, meetingToken } = await book(app);
    const [slot] = await slots(app);
    expect((await pick(app, meetingToken, slot!.start)).statusCode).toBe(201);
    await site.store.db.transaction().execute((trx) => eraseLeads(trx, [id], { reason: 'request', operatorId: null, at: new Date() }));
    for (const locale of ['en', 'bg'] as const) {
      const gone = await app.inject({ url: `/api/meeting?token=${meetingToken}`, headers: { 'accept-language': locale } });
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toEqual({ error: apiMessages[locale].meetingGone });
    }
    const changed = await app.inject(`/api/meeting?token=${meetingToken.slice(0, -2)}xx`);
    expect(changed.statusCode).toBe(403);
  });

  it('books a slot with the token of the booking\'s answer: the lead is scheduled and the slot is no longer offered', async () => {
    const app = await site.build({ meetings: meetings() });
    const { id, meetingToken } = await book(app);
    expect(meetingToken).toMatch(new RegExp(`^${id}\\.[\\w-]{43}$`));
    const [, slot] = await slots(app);
    const res = await pick(app, meetingToken, slot!.start, { locale: 'bg' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ start: slot!.start, end: slot!.end, manageUrl: `${testConfig().linkOrigin}/bg/meeting/${meetingToken}`, invited: false });
    expect((await slots(app)).map((s) => s.start)).not.toContain(slot!.start);

    const lead = await site.store.db.selectFrom('discovery_calls').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(lead.status).toBe('scheduled');
    const [meeting] = await site.store.db.selectFrom('meetings').selectAll().where('lead_id', '=', id).execute();
    expect(meeting).toMatchObject({ status: 'booked', seat: 0, time_zone: 'Asia/Kathmandu', sequence: 0 });

    // The same request again is the same meeting; another time is a reschedule, not a second meeting.
    expect((await pick(app, meetingToken, slot!.start)).statusCode).toBe(201);
    const other = (await slots(app))[5]!;
    const again = await pick(app, meetingToken, other.start);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(apiMessages.en.alreadyBooked);
    expect(await site.store.db.selectFrom('meetings').select('id').where('lead_id', '=', id).execute()).toHaveLength(1);
  });

  it('answers 403 to a token it did not sign, and 400 with the free slots to a time that is no slot', async () => {
    const app = await site.build({ meetings: meetings() });
    const { id, meetingToken } = await book(app);
    const [slot] = await slots(app);
    for (const token of [undefined, '', 'x', `${id}.${'A'.repeat(43)}`, meetingToken.replace(id, '01900000-0000-7000-8000-000000000000')]) {
      const res = await pick(app, token as string, slot!.start);
      expect(res.statusCode, String(token)).toBe(403);
      expect(res.json()).toEqual({ error: apiMessages.en.badMeetingToken });
    }
    for (const start of ['tomorrow', new Date(Date.parse(slot!.start) + 60_000).toISOString(), '2020-01-01T10:00:00.000Z', 42]) {
      const res = await pick(app, meetingToken, start as string);
      expect(res.statusCode, String(start)).toBe(400);
      expect(res.json().error).toBe(apiMessages.en.notASlot);
      expect(res.json().slots.length).toBeGreaterThan(0);
    }
  });

  it('gives one slot to exactly one of 50 visitors asking at once, and tells the others with the fresh list', async () => {
    const app = await site.build({ meetings: meetings() });
    const visitors = [];
    for (let i = 0; i < 50; i++) visitors.push(await book(app));
    const [, , slot] = await slots(app);
    const answers = await Promise.all(visitors.map((v) => pick(app, v.meetingToken, slot!.start)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const taken = answers.find((a) => a.statusCode === 409)!.json();
    expect(taken.error).toBe(apiMessages.en.slotTaken);
    expect(taken.slots.map((s: { start: string }) => s.start)).not.toContain(slot!.start);
    const held = await site.store.db.selectFrom('meetings').select('id').where('starts_at', '=', slot!.start).where('status', '=', 'booked').execute();
    expect(held).toHaveLength(1);
  });

  it('lets as many visitors as there are seats have one time', async () => {
    const app = await site.build({ meetings: meetings(2) });
    const visitors = [await book(app), await book(app), await book(app)];
    // One no other test here books (they share the database).
    const slot = (await slots(app)).at(-1);
    const codes = (await Promise.all(visitors.map((v) => pick(app, v.meetingToken, slot!.start)))).map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 409]);
    expect((await slots(app)).map((s) => s.start)).not.toContain(slot!.start);
  });

  const post = (app: App, url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, payload });
  const shown = async (app: App, token: string) => (await app.inject(`/api/meeting?token=${encodeURIComponent(token)}`)).json();

  it('shows, moves and cancels a meeting by its token: each time freed at once, a cancelled call waiting for a call again', async () => {
    const app = await site.build({ meetings: meetings() });
    const { id, meetingToken } = await book(app);
    expect(await shown(app, meetingToken)).toEqual({ meeting: null });
    const free = await slots(app);
    const [first, second] = [free.at(-3)!, free.at(-4)!];
    expect((await pick(app, meetingToken, first.start)).statusCode).toBe(201);
    expect(await shown(app, meetingToken)).toEqual({ meeting: { start: first.start, end: first.end, status: 'booked', timeZone: 'Asia/Kathmandu' } });

    const moved = await post(app, '/api/meetings/reschedule', { token: meetingToken, start: second.start, timeZone: 'Asia/Tokyo', locale: 'bg' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ start: second.start, end: second.end, manageUrl: `${testConfig().linkOrigin}/bg/meeting/${meetingToken}`, invited: false });
    const now = (await slots(app)).map((s) => s.start);
    expect(now).toContain(first.start);
    expect(now).not.toContain(second.start);
    // Moved again to where it is (a retry): the same answer, no new version.
    expect((await post(app, '/api/meetings/reschedule', { token: meetingToken, start: second.start })).statusCode).toBe(200);
    const row = await site.store.db.selectFrom('meetings').selectAll().where('lead_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sequence: 1, time_zone: 'Asia/Tokyo', status: 'booked' });

    const cancelled = await post(app, '/api/meetings/cancel', { token: meetingToken });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ meeting: { start: second.start, end: second.end, status: 'cancelled', timeZone: 'Asia/Tokyo' } });
    expect((await slots(app)).map((s) => s.start)).toContain(second.start);
    expect((await post(app, '/api/meetings/cancel', { token: meetingToken })).json()).toEqual(cancelled.json());
    expect(await shown(app, meetingToken)).toEqual(cancelled.json());
    const lead = await site.store.db.selectFrom('discovery_calls').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(lead.status).toBe('pending');

    // Nothing left to move; a new time can be booked with the same link.
    const late = await post(app, '/api/meetings/reschedule', { token: meetingToken, start: first.start });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: apiMessages.en.noMeeting });
    expect((await pick(app, meetingToken, first.start)).statusCode).toBe(201);
    expect((await shown(app, meetingToken)).meeting).toMatchObject({ start: first.start, status: 'booked' });
  });

  it('refuses a bad token on every meeting route, a move to a taken time with the fresh list, and a move to no slot', async () => {
    const app = await site.build({ meetings: meetings() });
    const bad = `${'01900000-0000-7000-8000-000000000000'}.${'A'.repeat(43)}`;
    expect((await app.inject(`/api/meeting?token=${bad}`)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/meeting', headers: { 'accept-language': 'bg' } })).json()).toEqual({ error: apiMessages.bg.badMeetingToken });
    for (const url of ['/api/meetings/reschedule', '/api/meetings/cancel']) {
      const res = await post(app, url, { token: bad, start: (await slots(app))[0]!.start });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: apiMessages.en.badMeetingToken });
    }
    const [a, b] = [await book(app), await book(app)];
    const free = await slots(app);
    const [one, two] = [free.at(-6)!, free.at(-7)!];
    expect((await pick(app, a.meetingToken, one.start)).statusCode).toBe(201);
    expect((await pick(app, b.meetingToken, two.start)).statusCode).toBe(201);
    const clash = await post(app, '/api/meetings/reschedule', { token: b.meetingToken, start: one.start });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe(apiMessages.en.slotTaken);
    expect(clash.json().slots.map((s: { start: string }) => s.start)).not.toContain(one.start);
    const nowhere = await post(app, '/api/meetings/reschedule', { token: b.meetingToken, start: '2020-01-01T10:00:00.000Z' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error).toBe(apiMessages.en.notASlot);
  });

  it('moves exactly one of 20 meetings asked at once onto one free time', async () => {
    const app = await site.build({ meetings: meetings() });
    const visitors = [];
    for (let i = 0; i < 20; i++) visitors.push(await book(app));
    const free = await slots(app);
    await Promise.all(visitors.map(async (v, i) => expect((await pick(app, v.meetingToken, free[10 + i]!.start)).statusCode).toBe(201)));
    const target = free[40]!;
    const answers = await Promise.all(visitors.map((v) => post(app, '/api/meetings/reschedule', { token: v.meetingToken, start: target.start })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const held = await site.store.db.selectFrom('meetings').select('id').where('starts_at', '=', target.start).where('status', '=', 'booked').execute();
    expect(held).toHaveLength(1);
  });

  it('works the free slots out once for requests that come together, and shows another instance’s booking within two seconds', async () => {
    const app = await site.build({ meetings: meetings() });
    const [a, b] = await Promise.all([app.inject('/api/meeting-slots?tz=Asia/Tokyo'), app.inject('/api/meeting-slots?tz=UTC')]);
    expect(a.json<MeetingSlotsJson>().timeZone).toBe('Asia/Tokyo');
    expect(b.json<MeetingSlotsJson>().timeZone).toBe('UTC');
    expect(a.json<MeetingSlotsJson>().slots).toEqual(b.json<MeetingSlotsJson>().slots);
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');

    // Another instance books a time straight in the store this instance shares.
    const { id } = await book(app);
    const target = (await slots(app)).at(-9)!;
    const booked = await bookMeeting(site.store.db, { leadId: id, slot: { start: new Date(target.start), end: new Date(target.end) }, seats: 1, timeZone: 'UTC' });
    expect(booked).not.toBe('taken');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await slots(app)).map((s) => s.start)).not.toContain(target.start);
  });

  describe('bounded, so they cannot mail someone over and over or hold every time', () => {
    const limited = (changes = { max: 3, windowMs: 86_400_000 }, network = { max: 100, windowMs: 86_400_000 }, held = 100) =>
      site.build({ meetings: meetings(), meetingLimits: { changesPerLink: changes, changesPerNetwork: network, heldPerNetwork: held } });
    const from = (ip: string) => ({ remoteAddress: ip });

    it('refuses a link\'s changes over its day\'s count with 429, Retry-After and the visitor\'s language; retries are free', async () => {
      const app = await limited();
      const { meetingToken } = await book(app);
      const free = await slots(app);
      expect((await pick(app, meetingToken, free[0]!.start)).statusCode).toBe(201);
      // The same answer again changes nothing and counts nothing.
      expect((await pick(app, meetingToken, free[0]!.start)).statusCode).toBe(201);
      expect((await post(app, '/api/meetings/reschedule', { token: meetingToken, start: free[1]!.start })).statusCode).toBe(200);
      expect((await post(app, '/api/meetings/reschedule', { token: meetingToken, start: free[1]!.start })).statusCode).toBe(200);
      expect((await post(app, '/api/meetings/reschedule', { token: meetingToken, start: free[2]!.start })).statusCode).toBe(200);
      for (const locale of ['en', 'bg'] as const) {
        const refused = await post(app, '/api/meetings/reschedule', { token: meetingToken, start: free[3]!.start, locale });
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(80_000);
        expect(refused.json().error).toBe(format(apiMessages[locale].tooManyMeetingChanges, { hours: '24', email: business.email }));
      }
      const refusedCancel = await post(app, '/api/meetings/cancel', { token: meetingToken });
      expect(refusedCancel.statusCode).toBe(429);
      const stored = await site.store.db.selectFrom('meetings').select(['starts_at', 'sequence']).where('status', '=', 'booked').execute();
      expect(stored.map((m) => [new Date(m.starts_at).toISOString(), m.sequence])).toContainEqual([free[2]!.start, 2]);
    });

    it('counts a client network\'s changes whatever links it uses, an IPv6 network by its /64', async () => {
      const app = await limited({ max: 100, windowMs: 86_400_000 }, { max: 2, windowMs: 86_400_000 });
      const free = await slots(app);
      const statuses = [];
      for (const [i, ip] of ['2001:db8:1:2::1', '2001:db8:1:2::abcd', '2001:db8:1:2:ffff::9'].entries()) {
        const { meetingToken } = await book(app);
        const res = await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: meetingToken, start: free[i]!.start }, ...from(ip) });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      // Refused, and nothing booked behind the refusal.
      expect(await site.store.db.selectFrom('meetings').select('id').where('starts_at', '=', free[2]!.start).where('status', '=', 'booked').execute()).toEqual([]);
      const { meetingToken } = await book(app);
      expect((await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: meetingToken, start: free[5]!.start }, ...from('2001:db8:1:3::1') })).statusCode).toBe(201);
    });

    it('lets one network hold so many future calls at once, in the visitor\'s language', async () => {
      const app = await limited(undefined, undefined, 2);
      const free = await slots(app);
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const { meetingToken } = await book(app);
        answers.push(await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: meetingToken, start: free[i]!.start, locale: 'bg' }, ...from('198.51.100.7') }));
      }
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 429]);
      expect(answers[2]!.json().error).toBe(format(apiMessages.bg.tooManyMeetingsHeld, { email: business.email }));
      // Another network is not held back, and the stored meetings keep no address.
      const { meetingToken } = await book(app);
      expect((await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: meetingToken, start: free[3]!.start }, ...from('198.51.100.8') })).statusCode).toBe(201);
      const rows = await site.store.db.selectFrom('meetings').select('booked_from').where('starts_at', 'in', free.slice(0, 4).map((f) => f.start)).where('status', '=', 'booked').execute();
      expect(rows).toHaveLength(3);
      expect(JSON.stringify(rows)).not.toContain('198.51.100');
      expect(new Set(rows.map((r) => r.booked_from)).size).toBe(2);
    });

    it('closes the link of a call an operator cancelled, and of a lead marked lost: no time is booked through it again', async () => {
      const app = await site.build({ meetings: meetings() });
      const { id, meetingToken } = await book(app);
      const free = await slots(app);
      expect((await pick(app, meetingToken, free[0]!.start)).statusCode).toBe(201);
      const [meeting] = await site.store.db.selectFrom('meetings').selectAll().where('lead_id', '=', id).execute();
      await cancelMeeting(site.store.db, meetingOfRow(meeting!), { closeLink: true });
      for (const locale of ['en', 'bg'] as const) {
        const again = await pick(app, meetingToken, free[0]!.start, { locale });
        expect(again.statusCode).toBe(410);
        expect(again.json().error).toBe(format(apiMessages[locale].meetingClosed, { email: business.email }));
      }
      expect((await app.inject(`/api/meeting?token=${meetingToken}`)).json()).toMatchObject({ meeting: { status: 'cancelled' }, closed: true });

      const other = await book(app);
      await site.store.db.updateTable('discovery_calls').set({ status: 'lost' }).where('id', '=', other.id).execute();
      expect((await pick(app, other.meetingToken, free[1]!.start)).statusCode).toBe(410);
      expect((await post(app, '/api/meetings/reschedule', { token: other.meetingToken, start: free[1]!.start })).statusCode).toBe(410);
      expect((await app.inject(`/api/meeting?token=${other.meetingToken}`)).json()).toEqual({ meeting: null, closed: true });
    });
  });
});
