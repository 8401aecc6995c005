// A meeting's life as the visitor's calendar and the agency see it: the invitation, its update and its
// cancellation under one UID with a rising SEQUENCE, read back by a calendar parser (node-ical) from the
// mails as an SMTP server received them; the operator's webhook of each change; the reminders, once each.
import { simpleParser, type ParsedMail } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import { Webhook as SvixWebhook } from 'svix';
import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';
import { business } from '../../content/site.ts';
import { leadEvents } from '../leads/lead-timeline.ts';
import { enqueueMeetingReminders } from '../notifications/reminders.ts';
import { QUICK_RETRY, SECRET, settingsOf, testClock, useNotifiedStore } from '../testing/notifications.ts';
import { visitor } from '../testing/leads.ts';
import { useHookReceiver, useMailReceiver } from '../testing/receivers.ts';
import { TEST_DIALECTS } from '../testing/store.ts';
import { hasPythonIcalendar, linesWithoutCrlf, readWithPython } from '../testing/python-icalendar.ts';
import { erasePerson } from '../privacy/erasure.ts';
import { bookMeeting, cancelMeeting, rescheduleMeeting, type Meeting } from './meeting-store.ts';

const HOUR = 3_600_000;
const slot = (iso: string) => ({ start: new Date(iso), end: new Date(new Date(iso).getTime() + 30 * 60_000) });

/** The mail's calendar part, as a calendar app reads it: the method and the one event. */
async function invitationOf(raw: string): Promise<{ mail: ParsedMail; method: string; event: VEvent }> {
  const mail = await simpleParser(raw);
  const match = /Content-Type: text\/calendar; charset=utf-8; method=(\w+)/i.exec(raw);
  const calendarPart = mail.attachments.find((a) => a.contentType === 'text/calendar');
  const text = calendarPart ? calendarPart.content.toString('utf8') : '';
  const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  expect(text).toContain(`METHOD:${match?.[1]}`);
  // A second, independent parser reads the same invitation, every line ended by CRLF.
  expect(linesWithoutCrlf(text)).toEqual([]);
  if (hasPythonIcalendar() || process.env.CI) {
    const read = readWithPython(text);
    expect(read.method).toBe(match?.[1]);
    expect(read.events).toEqual([
      expect.objectContaining({ uid: events[0]!.uid, sequence: Number(events[0]!.sequence), start: expect.stringMatching(/[+Z]/) }),
    ]);
    expect(new Date(read.events[0]!.start!).toISOString()).toBe(new Date(events[0]!.start!).toISOString());
  }
  return { mail, method: match?.[1] ?? '', event: events[0]! };
}

describe.each(TEST_DIALECTS)('a meeting’s notices on %s', (dialect) => {
  const mail = useMailReceiver();
  const hooks = useHookReceiver();
  const clock = testClock();
  const ctx = useNotifiedStore(dialect, () => ({
    settings: settingsOf({
      webhook: { url: hooks.url, secret: SECRET },
      email: { smtpUrl: mail.url, to: 'owner@nexa-ai.example', from: 'Nexa AI <site@nexa-ai.example>' },
    }),
    manageUrl: (leadId, locale) => Promise.resolve(`https://nexa-ai.example${locale === 'bg' ? '/bg' : ''}/meeting/${leadId}.sig`),
    now: clock.now,
    retry: QUICK_RETRY,
    pollMs: 10,
  }));

  beforeEach(async () => {
    await ctx.notifications.stop();
    for (const table of ['delivery_attempts', 'outbox', 'lead_events', 'meetings', 'discovery_calls'] as const) await ctx.site.db.deleteFrom(table).execute();
    mail.received.length = 0;
    hooks.received.length = 0;
    clock.set(undefined);
  });

  const visitorMails = () => mail.received.filter((m) => m.to.includes('georgi.ivanov@example.bg'));
  /** The webhooks of the meeting's changes (the new lead's comes too). */
  const meetingHooks = () =>
    hooks.received.map((h) => JSON.parse(h.body) as { type: string; data: Record<string, unknown> }).filter((h) => h.type.startsWith('meeting.'));

  it('invites, updates and cancels under one UID with SEQUENCE 0, 1, 2, at the instants chosen, in the visitor’s language and zone', async () => {
    const notices = ctx.notifications.meetingNotices;
    ctx.notifications.start();
    const { lead } = await ctx.site.store.create({ ...visitor(1), email: 'georgi.ivanov@example.bg', locale: 'bg' as const }, 'k-1');
    const first = await bookMeeting(ctx.site.db, { leadId: lead.id, slot: slot('2026-12-01T08:30:00.000Z'), seats: 1, timeZone: 'America/New_York', notices });
    expect(first).not.toBe('taken');
    const booked = first as Meeting;
    await eventually(() => visitorMails().length === 1);
    await eventually(() => meetingHooks().length === 1);
    const invited = await invitationOf(visitorMails()[0]!.raw);
    expect(invited.method).toBe('REQUEST');
    expect(invited.event.uid).toBe(`${booked.id}@nexa-ai.example`);
    expect(Number(invited.event.sequence)).toBe(0);
    expect(new Date(invited.event.start!).toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(new Date(invited.event.end!).toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(JSON.stringify(invited.event.organizer)).toContain(business.email);
    expect(JSON.stringify(invited.event.attendee)).toContain('georgi.ivanov@example.bg');
    // Bulgarian, on New York's clock (03:30 there) with Sofia's (10:30) beside it, and the links.
    expect(invited.mail.subject).toBe('Вашият безплатен разговор: вторник, 1 декември в 03:30');
    expect(invited.mail.text).toContain('Това е 10:30 в София.');
    expect(invited.mail.text).toContain(`https://nexa-ai.example/bg/meeting/${lead.id}.sig`);
    expect(invited.mail.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(invited.mail.text).toContain('dates=20261201T083000Z%2F20261201T090000Z');
    expect(meetingHooks()[0]).toMatchObject({ type: 'meeting.booked', data: { meeting: { id: booked.id, start: '2026-12-01T08:30:00.000Z', sequence: 0, status: 'booked' } } });

    const moved = await rescheduleMeeting(ctx.site.db, { meeting: booked, slot: slot('2026-12-02T12:00:00.000Z'), seats: 1, notices });
    expect(moved).toMatchObject({ id: booked.id, sequence: 1 });
    await eventually(() => visitorMails().length === 2);
    const updated = await invitationOf(visitorMails()[1]!.raw);
    expect(updated.method).toBe('REQUEST');
    expect(updated.event.uid).toBe(invited.event.uid);
    expect(Number(updated.event.sequence)).toBe(1);
    expect(new Date(updated.event.start!).toISOString()).toBe('2026-12-02T12:00:00.000Z');

    const cancelled = await cancelMeeting(ctx.site.db, moved as Meeting, { notices });
    expect(cancelled).toMatchObject({ status: 'cancelled', sequence: 2 });
    await eventually(() => visitorMails().length === 3);
    const cancel = await invitationOf(visitorMails()[2]!.raw);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.event.uid).toBe(invited.event.uid);
    expect(Number(cancel.event.sequence)).toBe(2);
    expect(cancel.event.status).toBe('CANCELLED');
    await eventually(() => meetingHooks().length === 3);
    expect(meetingHooks().map((h) => h.type)).toEqual(['meeting.booked', 'meeting.rescheduled', 'meeting.cancelled']);

    // The lead waits for a call again, and its timeline tells the story.
    const stored = await ctx.site.db.selectFrom('discovery_calls').select('status').where('id', '=', lead.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
    const events = (await leadEvents(ctx.site.db, lead.id)).map((e) => [e.type, e.detail]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['status', 'scheduled'],
        ['meeting.booked', '2026-12-01T08:30:00.000Z'],
        ['meeting.rescheduled', '2026-12-02T12:00:00.000Z'],
        ['meeting.cancelled', '2026-12-02T12:00:00.000Z'],
        ['status', 'pending'],
      ]),
    );
  });

  it('sends an event as it happened: a booking retried after its cancellation still says booked, in the same bytes; the visitor gets only the latest word', async () => {
    const notices = ctx.notifications.meetingNotices;
    const { deliverer, outbox } = ctx.notifications;
    /** Sends what is due until nothing is left pending (the retries' back-off is 20 ms here). */
    const drain = async () => {
      for (let round = 0; round < 50; round++) {
        await deliverer.runOnce();
        const left = await ctx.site.db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute();
        if (left.length === 0) return;
        await sleep(30);
      }
      throw new Error('entries still pending');
    };
    const { lead } = await ctx.site.store.create({ ...visitor(5), email: 'georgi.ivanov@example.bg', locale: 'en' as const }, 'k-5');
    await drain();
    hooks.received.length = 0;
    mail.received.length = 0;

    // The webhook receiver and the mail server are down across the booking and its cancellation.
    hooks.answers.push(500);
    mail.refuse = 2;
    const bookedAt = new Date(Date.now() - 60_000);
    const booked = (await bookMeeting(ctx.site.db, { leadId: lead.id, slot: slot('2026-12-01T08:30:00.000Z'), seats: 1, timeZone: 'Europe/Sofia', now: bookedAt, notices })) as Meeting;
    expect(await deliverer.runOnce()).toBe(3);
    expect(mail.received).toEqual([]);
    const cancelledAt = new Date(Date.now() - 30_000);
    await cancelMeeting(ctx.site.db, booked, { now: cancelledAt, notices });
    await drain();

    // Every webhook attempt verifies with two libraries that are not the sender's.
    for (const hook of hooks.received) {
      const headers = hook.headers as Record<string, string>;
      expect(() => new Webhook(SECRET).verify(hook.body, headers)).not.toThrow();
      expect(() => new SvixWebhook(SECRET).verify(hook.body, headers)).not.toThrow();
    }
    const bookings = hooks.received.filter((h) => h.body.includes('"type":"meeting.booked"'));
    expect(bookings).toHaveLength(2);
    expect(bookings[1]!.body).toBe(bookings[0]!.body);
    expect(bookings[1]!.headers['webhook-id']).toBe(bookings[0]!.headers['webhook-id']);
    expect(JSON.parse(bookings[1]!.body)).toMatchObject({
      type: 'meeting.booked',
      timestamp: bookedAt.toISOString(),
      data: { meeting: { id: booked.id, status: 'booked', sequence: 0 }, lead: { status: 'scheduled' } },
    });
    expect(meetingHooks().filter((h) => h.type === 'meeting.cancelled')).toEqual([
      expect.objectContaining({ timestamp: cancelledAt.toISOString(), data: expect.objectContaining({ meeting: expect.objectContaining({ status: 'cancelled', sequence: 1 }) }) }),
    ]);

    // The operator hears of both, each saying what it was; the visitor only of the cancellation, with its CANCEL.
    const toOperator = await Promise.all(mail.received.filter((m) => m.to.includes('owner@nexa-ai.example')).map((m) => simpleParser(m.raw)));
    expect(toOperator.map((m) => m.subject?.split(':')[0]).sort()).toEqual(['Call booked', 'Call cancelled']);
    expect(visitorMails()).toHaveLength(1);
    const only = await invitationOf(visitorMails()[0]!.raw);
    expect(only.method).toBe('CANCEL');
    expect(only.mail.subject).toMatch(/^Your call of .* is cancelled$/);
    expect(await outbox.deliveriesOf(lead.id)).not.toContainEqual(expect.objectContaining({ channel: 'visitor', kind: 'meeting.booked' }));
  });

  it('tells the visitor and the webhook, once, that a call still ahead is cancelled when its person is erased, and keeps nothing of them after', async () => {
    const notices = ctx.notifications.meetingNotices;
    const { deliverer } = ctx.notifications;
    const { lead } = await ctx.site.store.create({ ...visitor(6), email: 'georgi.ivanov@example.bg', locale: 'en' as const }, 'k-6');
    const booked = (await bookMeeting(ctx.site.db, { leadId: lead.id, slot: slot(new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 14) + '00:00.000Z'), seats: 1, timeZone: 'Europe/Sofia', notices })) as Meeting;
    for (let i = 0; i < 5 && (await deliverer.runOnce()) > 0; i++);
    hooks.received.length = 0;
    mail.received.length = 0;

    const erased = await erasePerson(ctx.site.db, 'georgi.ivanov@example.bg', 1, { operatorId: null, at: new Date(), cancellations: (m) => notices.entries('meeting.cancelled', m) });
    expect(erased).toEqual({ erased: 1 });
    for (let i = 0; i < 5 && (await deliverer.runOnce()) > 0; i++);

    expect(visitorMails()).toHaveLength(1);
    const cancel = await invitationOf(visitorMails()[0]!.raw);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.event.uid).toBe(`${booked.id}@nexa-ai.example`);
    expect(Number(cancel.event.sequence)).toBe(1);
    // The operator erased it: no mail of their own.
    expect(mail.received.filter((m) => m.to.includes('owner@nexa-ai.example'))).toEqual([]);
    expect(hooks.received).toHaveLength(1);
    const [hook] = hooks.received;
    expect(() => new Webhook(SECRET).verify(hook!.body, hook!.headers as Record<string, string>)).not.toThrow();
    expect(() => new SvixWebhook(SECRET).verify(hook!.body, hook!.headers as Record<string, string>)).not.toThrow();
    expect(JSON.parse(hook!.body)).toEqual({
      type: 'meeting.cancelled',
      timestamp: expect.any(String),
      data: { lead: { id: lead.id }, erased: true, meeting: expect.objectContaining({ id: booked.id, status: 'cancelled', sequence: 1 }) },
    });
    // Sent, then gone: nothing of the person left in the outbox or its log.
    expect(await ctx.site.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect(await ctx.site.db.selectFrom('delivery_attempts').select('id').execute()).toEqual([]);
    expect(await ctx.site.db.selectFrom('meetings').select('id').where('id', '=', booked.id).execute()).toEqual([]);
  });

  it('reminds a day and an hour before, once each however many scans, and not of a time booked inside the window', async () => {
    const now = new Date('2026-12-01T06:00:00.000Z');
    clock.set(new Date(now.getTime() - 3 * 24 * HOUR));
    const plan = { operator: [] as const, visitorConfirmation: false, visitorMeetings: true };
    const { lead } = await ctx.site.store.create({ ...visitor(2), email: 'georgi.ivanov@example.bg' }, 'k-2');
    const { lead: late } = await ctx.site.store.create({ ...visitor(3), email: 'late@example.bg' }, 'k-3');
    const early = (await bookMeeting(ctx.site.db, { leadId: lead.id, slot: slot('2026-12-02T05:30:00.000Z'), seats: 1, timeZone: 'Europe/Sofia', now: clock.now() })) as Meeting;
    // Booked two hours before its start: the invitation says it all, no day-before reminder.
    await bookMeeting(ctx.site.db, { leadId: late.id, slot: slot('2026-12-01T08:00:00.000Z'), seats: 1, timeZone: 'Europe/Sofia', now });

    const reminders = () => ctx.site.db.selectFrom('outbox').select(['lead_id', 'dedupe_key']).where('kind', '=', 'meeting.reminder').orderBy('dedupe_key').execute();
    expect(await enqueueMeetingReminders(ctx.site.db, plan, { now })).toBe(1);
    expect(await enqueueMeetingReminders(ctx.site.db, plan, { now })).toBe(0);
    expect(await reminders()).toEqual([{ lead_id: lead.id, dedupe_key: `meeting.reminder:${early.id}:0:24h` }]);

    // An hour before each: the late one too. Then nothing more, and nothing for a meeting that has begun.
    expect(await enqueueMeetingReminders(ctx.site.db, plan, { now: new Date('2026-12-01T07:10:00.000Z') })).toBe(1);
    expect(await enqueueMeetingReminders(ctx.site.db, plan, { now: new Date('2026-12-02T04:45:00.000Z') })).toBe(1);
    expect(await enqueueMeetingReminders(ctx.site.db, plan, { now: new Date('2026-12-02T05:40:00.000Z') })).toBe(0);
    expect((await reminders()).map((r) => r.dedupe_key.split(':').slice(2).join(':')).sort()).toEqual(['0:1h', '0:1h', '0:24h']);
  });

  it('sends each reminder once with two instances scanning and delivering at once', async () => {
    const start = new Date(Date.now() + 30 * 60_000);
    clock.set(new Date(start.getTime() - 3 * 24 * HOUR));
    const { lead } = await ctx.site.store.create({ ...visitor(4), email: 'georgi.ivanov@example.bg' }, 'k-4');
    await bookMeeting(ctx.site.db, { leadId: lead.id, slot: { start, end: new Date(start.getTime() + 30 * 60_000) }, seats: 1, timeZone: 'Europe/Sofia', now: clock.now() });
    clock.set(undefined);
    const other = ctx.another();
    ctx.notifications.start();
    other.start();
    await Promise.all([ctx.notifications.scanReminders(), other.scanReminders(), ctx.notifications.scanReminders(), other.scanReminders()]);
    // The hour-before reminder (the day-before one's time had passed when it was booked), and only it.
    await eventually(() => visitorMails().length > 0);
    await sleep(300);
    expect(visitorMails()).toHaveLength(1);
    const reminder = await ctx.site.db.selectFrom('outbox').select(['id', 'status', 'dedupe_key']).where('kind', '=', 'meeting.reminder').execute();
    expect(reminder.map((r) => [r.status, r.dedupe_key.split(':').at(-1)])).toEqual([['delivered', '1h']]);
    expect(await ctx.site.db.selectFrom('delivery_attempts').select('id').where('outbox_id', '=', reminder[0]!.id).execute()).toHaveLength(1);
    expect((await simpleParser(visitorMails()[0]!.raw)).subject).toMatch(/^(Reminder|Напомняне)/);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually(check: () => boolean) {
  for (const until = Date.now() + 3000; Date.now() < until; await sleep(10)) if (check()) return;
  throw new Error('not within 3 s');
}
