// The agenda behind the operator's session: today's and the coming days' calls with their leads, in
// order; marking one held or a no-show, once, and only from its start; a no-show waiting for a call
// again, and with the operator's say-so the visitor's "book another time" in the outbox, sent once the
// mark can no longer be taken back; a mark taken back within ten minutes, as if never made.
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { INBOX_API, type LeadView } from '../../shared/inbox.ts';
import { OUTCOME_UNDO_MS, type AgendaMeeting } from '../../shared/agenda.ts';
import type { Database } from '../store/database.ts';
import { parseOpeningHours } from '../../shared/opening-hours.ts';
import { describeApp, INJECT_ORIGIN, loggedInApp, type App } from '../testing/app.ts';
import { clearLeads, visitor } from '../testing/leads.ts';
import { testConfig } from '../testing/config.ts';

const meetings = { hours: parseOpeningHours(['Mo-Su 00:00-23:59']), lengthMinutes: 30, minNoticeMinutes: 0, daysAhead: 3, seats: 1, closedOnHolidays: false, busyCalendars: [], busyCalendarHosts: [] };
/** Mail configured, as the environment configures it: the visitor is told of a cancelled call. */
const environment = { SMTP_URL: 'smtp://127.0.0.1:9', LEAD_NOTIFY_EMAIL: 'owner@nexa-ai.example', MAIL_FROM: 'site@nexa-ai.example' };

/** The call began `minutesAgo` minutes ago (a test cannot wait for a slot to come). */
async function begun(db: Kysely<Database>, meetingId: string, minutesAgo = 5) {
  const start = Date.now() - minutesAgo * 60_000;
  await db.updateTable('meetings').set({ starts_at: new Date(start).toISOString(), ends_at: new Date(start + 30 * 60_000).toISOString() }).where('id', '=', meetingId).execute();
}

describeApp('the agenda', (site) => {
  /** A request and a call booked through the public API, as a visitor books them. */
  async function bookedCall(app: App, n: number, slotIndex: number) {
    const lead = (await app.inject({ method: 'POST', url: '/api/discovery-calls', payload: { ...visitor(n), first_name: `Caller${n}`, locale: 'bg' } })).json<{ id: string; meetingToken: string }>();
    const slots = (await app.inject('/api/meeting-slots?tz=Europe/Sofia')).json<{ slots: { start: string }[] }>().slots;
    const start = slots[slotIndex]!.start;
    expect((await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: lead.meetingToken, start } })).statusCode).toBe(201);
    return { ...lead, start };
  }

  it('lists the calls ahead with their leads, marks one held and one a no-show once each, and offers the missed one another time', async () => {
    await clearLeads(site.store.db);
    const { app, cookie } = await loggedInApp(site, { meetings, environment });
    const get = (url: string) => app.inject({ url, headers: { cookie } });
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie, origin: INJECT_ORIGIN }, payload });

    const later = await bookedCall(app, 9101, 6);
    const sooner = await bookedCall(app, 9102, 2);
    const agenda = await get(INBOX_API.agenda);
    expect(agenda.statusCode).toBe(200);
    const listed = agenda.json<{ meetings: AgendaMeeting[] }>().meetings;
    expect(listed.map((m) => [m.lead.id, m.start, m.status])).toEqual([
      [sooner.id, sooner.start, 'booked'],
      [later.id, later.start, 'booked'],
    ]);
    expect(listed[0]!.lead).toMatchObject({ first_name: 'Caller9102', phone_e164: '+359871234567' });

    const [first, second] = listed;
    await begun(site.store.db, first!.id);
    await begun(site.store.db, second!.id, 1);
    expect((await post(INBOX_API.meetingOutcome(first!.id), { outcome: 'held' })).json()).toEqual({ status: 'held' });
    const again = await post(INBOX_API.meetingOutcome(first!.id), { outcome: 'no_show' });
    expect(again.statusCode).toBe(409);

    expect((await post(INBOX_API.meetingOutcome(second!.id), { outcome: 'no_show', offer_new_time: true })).statusCode).toBe(200);
    const lead = await site.store.db.selectFrom('discovery_calls').select('status').where('id', '=', later.id).executeTakeFirstOrThrow();
    expect(lead.status).toBe('pending');
    const offers = await site.store.db.selectFrom('outbox').select(['channel', 'meeting_id', 'next_attempt_at']).where('kind', '=', 'meeting.no_show').execute();
    expect(offers.map(({ channel, meeting_id }) => ({ channel, meeting_id }))).toEqual([{ channel: 'visitor', meeting_id: second!.id }]);
    // Not before the mark can no longer be taken back.
    expect(new Date(offers[0]!.next_attempt_at).getTime()).toBeGreaterThanOrEqual(Date.now() + OUTCOME_UNDO_MS - 60_000);
    // The visitor's page says what happened and lets them pick again.
    expect((await app.inject(`/api/meeting?token=${later.meetingToken}`)).json().meeting).toMatchObject({ status: 'no_show' });
    const rebooked = await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: later.meetingToken, start: (await app.inject('/api/meeting-slots?tz=UTC')).json().slots[9].start } });
    expect(rebooked.statusCode).toBe(201);

    // The agenda shows each as it is now; a cancelled call leaves it.
    expect((await get(INBOX_API.agenda)).json<{ meetings: AgendaMeeting[] }>().meetings.map((m) => m.status).sort()).toEqual(['booked', 'held', 'no_show']);
    const timeline = await site.store.db.selectFrom('lead_events').select(['type', 'operator_id']).where('lead_id', '=', later.id).where('type', '=', 'meeting.no_show').execute();
    expect(timeline).toHaveLength(1);
    expect(timeline[0]!.operator_id).not.toBeNull();
  });

  it('refuses to mark a call before its start, saying from when in the operator’s language', async () => {
    await clearLeads(site.store.db);
    const { app, cookie } = await loggedInApp(site, { meetings, environment });
    const ahead = await bookedCall(app, 9103, 4);
    const [listed] = (await app.inject({ url: INBOX_API.agenda, headers: { cookie } })).json<{ meetings: AgendaMeeting[] }>().meetings;
    const early = await app.inject({ method: 'POST', url: INBOX_API.meetingOutcome(listed!.id), headers: { cookie, origin: INJECT_ORIGIN, 'accept-language': 'bg' }, payload: { outcome: 'no_show', offer_new_time: true } });
    expect(early.statusCode).toBe(409);
    const sofia = new Intl.DateTimeFormat('bg', { timeZone: 'Europe/Sofia', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ahead.start));
    expect(early.json()).toEqual({ error: `Този разговор започва в ${sofia}: отбележете го, след като е започнал.` });
    expect(await site.store.db.selectFrom('outbox').select('id').where('kind', '=', 'meeting.no_show').execute()).toEqual([]);
    const lead = await site.store.db.selectFrom('discovery_calls').select('status').where('id', '=', ahead.id).executeTakeFirstOrThrow();
    expect(lead.status).toBe('scheduled');
  });

  it('takes a mark back within ten minutes as if it had not been made, and not after', async () => {
    await clearLeads(site.store.db);
    const { app, cookie } = await loggedInApp(site, { meetings, environment });
    const headers = { cookie, origin: INJECT_ORIGIN };
    const call = await bookedCall(app, 9104, 3);
    const [listed] = (await app.inject({ url: INBOX_API.agenda, headers: { cookie } })).json<{ meetings: AgendaMeeting[] }>().meetings;
    const id = listed!.id;
    await begun(site.store.db, id);
    const eventsOf = async () => (await site.store.db.selectFrom('lead_events').select(['type', 'detail']).where('lead_id', '=', call.id).orderBy('created_at').execute()).map((e) => e.type);
    const before = await eventsOf();

    expect((await app.inject({ method: 'POST', url: INBOX_API.meetingOutcome(id), headers, payload: { outcome: 'no_show', offer_new_time: true } })).statusCode).toBe(200);
    const [marked] = (await app.inject({ url: INBOX_API.agenda, headers: { cookie } })).json<{ meetings: AgendaMeeting[] }>().meetings;
    expect(marked).toMatchObject({ status: 'no_show', marked_at: expect.any(String) });

    const undo = await app.inject({ method: 'DELETE', url: INBOX_API.meetingOutcome(id), headers });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({ status: 'booked' });
    const [again] = (await app.inject({ url: INBOX_API.agenda, headers: { cookie } })).json<{ meetings: AgendaMeeting[] }>().meetings;
    expect(again).toMatchObject({ status: 'booked', marked_at: null });
    expect((await site.store.db.selectFrom('discovery_calls').select('status').where('id', '=', call.id).executeTakeFirstOrThrow()).status).toBe('scheduled');
    expect(await eventsOf()).toEqual(before);
    // The visitor's mail, still waiting, is never sent.
    expect(await site.store.db.selectFrom('outbox').select('id').where('kind', '=', 'meeting.no_show').execute()).toEqual([]);

    // Marked again, and eleven minutes later: the mark stays.
    expect((await app.inject({ method: 'POST', url: INBOX_API.meetingOutcome(id), headers, payload: { outcome: 'held' } })).statusCode).toBe(200);
    await site.store.db.updateTable('meetings').set({ updated_at: new Date(Date.now() - OUTCOME_UNDO_MS - 60_000).toISOString() }).where('id', '=', id).execute();
    const late = await app.inject({ method: 'DELETE', url: INBOX_API.meetingOutcome(id), headers: { ...headers, 'accept-language': 'en' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'This mark can no longer be taken back: it is more than 10 minutes old, or the call was not marked.' });
  });

  it('cancels a booked call from the lead’s page: the visitor is told once, the lead waits again, its page shows the call as cancelled', async () => {
    await clearLeads(site.store.db);
    const { app, cookie } = await loggedInApp(site, { meetings, environment });
    const headers = { cookie, origin: INJECT_ORIGIN };
    const call = await bookedCall(app, 9105, 5);
    const view = (await app.inject({ url: INBOX_API.lead(call.id), headers: { cookie } })).json<LeadView>();
    expect(view.meeting).toMatchObject({ start: call.start, status: 'booked', time_zone: 'Europe/Sofia' });
    expect(view.meeting!.manage_url).toBe(`${testConfig().linkOrigin}/bg/meeting/${call.meetingToken}`);

    const cancel = await app.inject({ method: 'POST', url: INBOX_API.meetingCancel(view.meeting!.id), headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ status: 'cancelled' });
    const after = (await app.inject({ url: INBOX_API.lead(call.id), headers: { cookie } })).json<LeadView>();
    expect(after.meeting).toMatchObject({ status: 'cancelled' });
    expect(after.lead.status).toBe('pending');
    const told = await site.store.db.selectFrom('outbox').select(['channel', 'kind']).where('meeting_id', '=', view.meeting!.id).where('kind', '=', 'meeting.cancelled').execute();
    expect(told.map((e) => e.channel).sort()).toEqual(['email', 'visitor']);
    // Once: a second press is refused, and the slot is free again.
    expect((await app.inject({ method: 'POST', url: INBOX_API.meetingCancel(view.meeting!.id), headers })).statusCode).toBe(409);
    expect((await app.inject('/api/meeting-slots?tz=Europe/Sofia')).json<{ slots: { start: string }[] }>().slots.map((s) => s.start)).toContain(call.start);
    expect((await app.inject({ method: 'POST', url: INBOX_API.meetingCancel('01900000-0000-7000-8000-000000000000'), headers })).statusCode).toBe(404);
    // Durably: the visitor's link books the freed time no more.
    expect((await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: call.meetingToken, start: call.start } })).statusCode).toBe(410);
  });

  it('cancels the call of a lead marked lost, telling the visitor once, and its link books nothing while it stays lost', async () => {
    await clearLeads(site.store.db);
    const { app, cookie } = await loggedInApp(site, { meetings, environment });
    const headers = { cookie, origin: INJECT_ORIGIN };
    const call = await bookedCall(app, 9106, 6);
    expect((await app.inject({ method: 'POST', url: INBOX_API.status(call.id), headers, payload: { status: 'lost' } })).statusCode).toBe(200);
    const after = (await app.inject({ url: INBOX_API.lead(call.id), headers: { cookie } })).json<LeadView>();
    expect(after.lead.status).toBe('lost');
    expect(after.meeting).toMatchObject({ status: 'cancelled' });
    const told = await site.store.db.selectFrom('outbox').select(['channel']).where('meeting_id', '=', after.meeting!.id).where('kind', '=', 'meeting.cancelled').execute();
    expect(told.map((e) => e.channel).sort()).toEqual(['email', 'visitor']);
    expect((await app.inject('/api/meeting-slots?tz=Europe/Sofia')).json<{ slots: { start: string }[] }>().slots.map((s) => s.start)).toContain(call.start);
    expect((await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: call.meetingToken, start: call.start } })).statusCode).toBe(410);
    // Taken up again, the lead's link works again.
    expect((await app.inject({ method: 'POST', url: INBOX_API.status(call.id), headers, payload: { status: 'contacted' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/meetings', payload: { token: call.meetingToken, start: call.start } })).statusCode).toBe(201);
  });

  it('refuses without a session, from another site, a bad outcome or span, and an unknown call', async () => {
    const { app, cookie } = await loggedInApp(site, { meetings });
    expect((await app.inject(INBOX_API.agenda)).statusCode).toBe(401);
    expect((await app.inject({ url: `${INBOX_API.agenda}?days=40`, headers: { cookie } })).statusCode).toBe(400);
    const cross = await app.inject({ method: 'POST', url: INBOX_API.meetingOutcome('x'), headers: { cookie, origin: 'https://evil.example' }, payload: { outcome: 'held' } });
    expect(cross.statusCode).toBe(403);
    const bad = await app.inject({ method: 'POST', url: INBOX_API.meetingOutcome('x'), headers: { cookie, origin: INJECT_ORIGIN, 'accept-language': 'bg' }, payload: { outcome: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Моля, отбележете разговора като проведен или като неявяване.' });
    const unknown = await app.inject({ method: 'POST', url: INBOX_API.meetingOutcome('01900000-0000-7000-8000-000000000000'), headers: { cookie, origin: INJECT_ORIGIN }, payload: { outcome: 'held' } });
    expect(unknown.statusCode).toBe(404);
  });
});
