// What comes of a call Alex places (callback.ts, leads/callbacks.ts, the assistants' route): the
// stand-in of Vapi takes the call and then sends what a real call sends the server URL (status
// updates, tool calls carrying the call's id and metadata, the end-of-call report with its
// `endedReason`), and the lead the call is about gets what comes of it.
import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { parseOpeningHours } from '../../../shared/opening-hours.ts';
import type { Config } from '../../config.ts';
import { insertLeads, testLead, visitor } from '../../testing/leads.ts';
import { callbackHeld } from '../../leads/callbacks.ts';
import { assistantSpeech } from '../../../content/i18n/assistant-speech.ts';
import { describeApp, INJECT_ORIGIN, loggedInApp, type App } from '../../testing/app.ts';
import { INBOX_API, type LeadView, type PersonExport } from '../../../shared/inbox.ts';
import { adminMessages } from '../../../content/i18n/admin-messages.ts';
import { testConfig } from '../../testing/config.ts';
import { useChatServices } from '../../testing/chat-services.ts';
import { serverMessage, useVapiCalls, VAPI_TEST_KEY, type PlacedCall } from '../../testing/vapi-calls.ts';

const SECRET = 's'.repeat(32);
const meetings: Config['meetings'] = {
  hours: parseOpeningHours(['Mo-Su 00:00-23:59']),
  lengthMinutes: 30,
  minNoticeMinutes: 0,
  daysAhead: 3,
  seats: 1,
  closedOnHolidays: false,
  busyCalendars: [],
  busyCalendarHosts: [],
};

type Results = { results: ({ toolCallId: string; result: string } | { toolCallId: string; error: string })[] };

describeApp('a call Alex placed', (site) => {
  const vapi = useVapiCalls();
  const chats = useChatServices();
  let phones = 0;
  /** A number no earlier test rang today: one number is rung once a day. */
  const nextPhone = () => `+359 88 9${String(Date.now() % 100_000).padStart(5, '0')}${phones++ % 10}`;
  const options = (environment: Record<string, string> = {}) => ({
      deliver: true,
      meetings,
      assistants: { ...testConfig().assistants, serverSecret: SECRET },
      environment: {
        VAPI_PRIVATE_KEY: VAPI_TEST_KEY,
        VAPI_ASSISTANT_ID: 'alex-outbound',
        VAPI_PHONE_NUMBER_ID: 'agency-number',
        VAPI_API_URL: vapi.url,
        CALLBACK_HOURS: 'Mo-Su 00:00-23:59',
        ...environment,
      },
    });
  // Each test's instances alone deliver: an earlier test's, with other hours or another cap, would
  // otherwise claim this test's calls from the shared database.
  const running: App[] = [];
  beforeEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
  });
  const build = async (environment: Record<string, string> = {}) => {
    const app = await site.build(options(environment));
    running.push(app);
    return app;
  };
  const logIn = async (environment: Record<string, string> = {}) => {
    const loggedIn = await loggedInApp(site, options(environment));
    running.push(loggedIn.app);
    return loggedIn;
  };
  const send = (app: App, body: unknown) =>
    app.inject({ method: 'POST', url: '/api/vapi', headers: { 'content-type': 'application/json', 'x-vapi-secret': SECRET }, payload: JSON.stringify(body) });
  /** Books with `call_now`, and waits for the call Vapi takes. */
  const bookAndCall = async (app: App, n: number): Promise<{ id: string; call: PlacedCall }> => {
    const before = vapi.calls.length;
    const res = await app.inject({ method: 'POST', url: '/api/discovery-calls', payload: { ...visitor(n), phone: nextPhone(), call_now: true } });
    expect(res.statusCode).toBe(201);
    await vapi.until(before + 1);
    const call = vapi.calls[before]!;
    // The call is kept once Vapi's answer is recorded.
    await until(async () => (await site.store.db.selectFrom('conversations').select('id').where('call_id', '=', call.id).executeTakeFirst()) !== undefined);
    return { id: res.json<{ id: string }>().id, call };
  };
  const report = (app: App, call: PlacedCall, endedReason: string, extra: Record<string, unknown> = {}) =>
    send(app, serverMessage(call, { type: 'end-of-call-report', endedReason, analysis: { summary: `Called back: ${endedReason}.` }, artifact: { messages: [] }, ...extra }));
  const conversation = (callId: string) => site.store.db.selectFrom('conversations').selectAll().where('call_id', '=', callId).executeTakeFirstOrThrow();
  const callbackEntries = (leadId: string) =>
    site.store.db.selectFrom('outbox').select(['status', 'dedupe_key', 'next_attempt_at', 'last_error']).where('lead_id', '=', leadId).where('channel', '=', 'callback').orderBy('created_at').execute();

  it('books the meeting of the lead it called, makes no second lead, and keeps the call with the lead', async () => {
    const app = await build();
    const { id, call } = await bookAndCall(app, 51);
    expect(await conversation(call.id)).toMatchObject({ lead_id: id, callback_attempt: 1, call_status: 'queued', outcome: null });
    await send(app, serverMessage(call, { type: 'status-update', status: 'ringing' }));
    await send(app, serverMessage(call, { type: 'status-update', status: 'in-progress' }));
    expect((await conversation(call.id)).call_status).toBe('in-progress');
    const leadsBefore = await site.store.db.selectFrom('discovery_calls').select('id').execute();

    const slots = await send(app, serverMessage(call, { type: 'tool-calls', toolCallList: [{ id: 'slots-1', type: 'function', function: { name: 'find_meeting_slots', arguments: {} } }] }));
    const said = (slots.json<Results>().results[0] as { result: string }).result;
    const start = /= (\d{4}-\d\d-\d\dT[\d:.]+Z)/.exec(said)![1]!;
    // What the lead says of themselves in the call changes nothing: the tool books the lead it called.
    const booked = await send(
      app,
      serverMessage(call, {
        type: 'tool-calls',
        toolCallList: [{ id: 'book-1', type: 'function', function: { name: 'book_discovery_call', arguments: { first_name: 'Someone', email: 'other@example.com', start } } }],
      }),
    );
    expect(booked.json<Results>().results[0]).toMatchObject({ toolCallId: 'book-1', result: expect.any(String) });
    const meeting = await site.store.db.selectFrom('meetings').select(['lead_id', 'starts_at', 'status']).where('lead_id', '=', id).executeTakeFirstOrThrow();
    expect(meeting.status).toBe('booked');
    expect(new Date(meeting.starts_at).toISOString()).toBe(start);
    expect(await site.store.db.selectFrom('discovery_calls').select('id').execute()).toHaveLength(leadsBefore.length);
    expect((await site.store.db.selectFrom('discovery_calls').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email).not.toBe('other@example.com');

    await report(app, call, 'assistant-ended-call', { durationSeconds: 192 });
    expect(await conversation(call.id)).toMatchObject({ lead_id: id, outcome: 'booked', call_status: 'ended', summary: 'Called back: assistant-ended-call.' });
    // A booked call is not tried again.
    expect((await callbackEntries(id)).map((e) => e.dedupe_key)).toHaveLength(1);
  });

  it('keeps that the person asked not to be called by an AI, and Alex never rings that number again', async () => {
    const { app, cookie } = await logIn();
    const { id, call } = await bookAndCall(app, 62);
    const res = await send(app, serverMessage(call, { type: 'tool-calls', toolCallList: [{ id: 'decline-1', type: 'function', function: { name: 'decline_ai_calls', arguments: {} } }] }));
    expect(res.json<Results>().results[0]).toEqual({ name: 'decline_ai_calls', toolCallId: 'decline-1', result: assistantSpeech.bg.aiCallsDeclined });
    // The person's export holds Alex's call and the wish.
    const { email } = await site.store.db.selectFrom('discovery_calls').select('email').where('id', '=', id).executeTakeFirstOrThrow();
    const exported = await app.inject({ method: 'POST', url: INBOX_API.personExport, headers: { cookie, origin: INJECT_ORIGIN }, payload: { email } });
    const lead = exported.json<PersonExport>().leads.find((l) => l.id === id)!;
    expect(lead.callbacks).toEqual([expect.objectContaining({ callId: call.id, attempt: 1 })]);
    expect(lead.ai_calls_declined_at).not.toBeNull();
    // Another request with that number, another day: held back.
    const { phone_e164: number } = await site.store.db.selectFrom('discovery_calls').select('phone_e164').where('id', '=', id).executeTakeFirstOrThrow();
    const [later] = await insertLeads(site.store.db, [testLead({ phone: number!, created_at: new Date().toISOString() })]);
    expect(await callbackHeld(site.store.db, later!.id)).toBe('the person asked not to be called by an AI');
    expect(await callbackHeld(site.store.db, (await insertLeads(site.store.db, [testLead({ created_at: new Date().toISOString() })]))[0]!.id)).toBeUndefined();
    // A conversation Alex did not place has nothing to stop.
    const web = await send(app, { message: { type: 'tool-calls', call: { id: 'web-call-1', type: 'webCall' }, toolCallList: [{ id: 'decline-2', type: 'function', function: { name: 'decline_ai_calls', arguments: {} } }] } });
    expect(web.json<Results>().results[0]).toMatchObject({ result: assistantSpeech.en.notACallback });
  });

  it('rings a lead once however many instances deliver, and once however often Vapi repeats the report', async () => {
    const first = await build();
    const second = await build();
    const before = vapi.calls.length;
    const phone = nextPhone();
    const res = await first.inject({ method: 'POST', url: '/api/discovery-calls', payload: { ...visitor(63), phone, call_now: true } });
    const { id } = res.json<{ id: string }>();
    // Both instances look for work at once.
    site.servicesOf(first).notifications.deliverer.kick();
    site.servicesOf(second).notifications.deliverer.kick();
    await vapi.until(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(vapi.calls.slice(before).map((c) => c.body.customer?.number)).toHaveLength(1);
    const call = vapi.calls[before]!;
    await until(async () => (await site.store.db.selectFrom('conversations').select('id').where('call_id', '=', call.id).executeTakeFirst()) !== undefined);
    // The report of a missed call, sent to both at once and again: one try again, not three.
    await Promise.all([report(first, call, 'customer-did-not-answer'), report(second, call, 'customer-did-not-answer'), report(first, call, 'customer-did-not-answer')]);
    expect(await callbackEntries(id)).toHaveLength(2);
  });

  it('acts on no lead for a reference it did not sign', async () => {
    const app = await build();
    const { id, call } = await bookAndCall(app, 52);
    const lead = call.body.assistantOverrides!.metadata!.lead!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const forged: PlacedCall = { ...call, id: `${call.id}-forged`, body: { ...call.body, assistantOverrides: { ...call.body.assistantOverrides, metadata: { lead } } } };
    const slots = await send(app, serverMessage(call, { type: 'tool-calls', toolCallList: [{ id: 'slots-2', type: 'function', function: { name: 'find_meeting_slots', arguments: {} } }] }));
    const start = /= (\d{4}-\d\d-\d\dT[\d:.]+Z)/.exec((slots.json<Results>().results[0] as { result: string }).result)![1]!;
    const res = await send(app, serverMessage(forged, { type: 'tool-calls', toolCallList: [{ id: 'book-2', type: 'function', function: { name: 'book_discovery_call', arguments: { start } } }] }));
    expect(res.json<Results>().results[0]).toHaveProperty('error');
    expect(await site.store.db.selectFrom('meetings').select('id').where('lead_id', '=', id).execute()).toEqual([]);
  });

  it('tries a lead not reached once more after CALLBACK_RETRY_MINUTES, and no more than CALLBACK_ATTEMPTS in all', async () => {
    const app = await build();
    const { id, call } = await bookAndCall(app, 53);
    const reported = Date.now();
    await report(app, call, 'customer-did-not-answer');
    expect((await conversation(call.id)).outcome).toBe('no-answer');
    const [, retry] = await callbackEntries(id);
    expect(retry).toMatchObject({ status: 'pending', dedupe_key: `callback.call:${id}:try-2` });
    // Due fifteen minutes after the report.
    const due = new Date(retry!.next_attempt_at).getTime() - reported;
    expect(due).toBeGreaterThan(14 * 60_000);
    expect(due).toBeLessThan(16 * 60_000);

    // The fifteen minutes pass.
    const before = vapi.calls.length;
    await site.store.db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).where('dedupe_key', '=', retry!.dedupe_key).execute();
    await until(async () => vapi.calls.length > before);
    const second = vapi.calls[before]!;
    expect(second.body.customer).toEqual(call.body.customer);
    await until(async () => (await site.store.db.selectFrom('conversations').select('callback_attempt').where('call_id', '=', second.id).executeTakeFirst())?.callback_attempt === 2);
    await report(app, second, 'customer-busy');
    expect((await conversation(second.id)).outcome).toBe('busy');
    // Two tries in all: no third.
    expect(await callbackEntries(id)).toHaveLength(2);
  });

  it('tells the operator when Alex booked, and when Alex could not reach the lead, so a person follows up', async () => {
    const app = await build({ TELEGRAM_BOT_TOKEN: chats.environment.TELEGRAM_BOT_TOKEN!, TELEGRAM_CHAT_ID: chats.environment.TELEGRAM_CHAT_ID!, TELEGRAM_API_URL: chats.environment.TELEGRAM_API_URL!, OPERATOR_LOCALE: 'en' });
    /** Waits for a message to the team's chat that says this. */
    const said = (words: RegExp) => until(async () => chats.telegram.received.some((m) => words.test((m as { text: string }).text)));
    const missed = await bookAndCall(app, 59);
    await report(app, missed.call, 'customer-did-not-answer');
    await said(/Alex could not reach Georgi, Ivanov.*Alex called Georgi from .* back, as they asked; no one answered\. Alex tries once more in 15 minutes\./s);
    const answered = await bookAndCall(app, 60);
    await report(app, answered.call, 'customer-ended-call');
    await said(/Alex talked with Georgi.*no time was booked\. Please follow up\..*Summary: Called back: customer-ended-call\./s);
    const voicemail = await bookAndCall(app, 61);
    await report(app, voicemail.call, 'voicemail');
    await said(/reached voicemail\. Please call them yourself\./);
  });

  it('reads what came of a call whose report came before Vapi’s answer to POST /call', async () => {
    const app = await build();
    const callId = randomUUID();
    vapi.answers.push({ status: 201, body: { id: callId, type: 'outboundPhoneCall', status: 'queued' } });
    // The report arrives first, naming no lead the site knows yet.
    const early: PlacedCall = { id: callId, body: { assistantId: 'alex-outbound', phoneNumberId: 'agency-number', customer: { number: '+359880000000' } } };
    await report(app, early, 'customer-did-not-answer');
    const before = vapi.calls.length;
    const res = await app.inject({ method: 'POST', url: '/api/discovery-calls', payload: { ...visitor(68), phone: nextPhone(), call_now: true } });
    const { id } = res.json<{ id: string }>();
    await vapi.until(before + 1);
    await until(async () => (await site.store.db.selectFrom('conversations').select('outcome').where('call_id', '=', callId).executeTakeFirst())?.outcome === 'no-answer');
    expect(await conversation(callId)).toMatchObject({ lead_id: id, callback_attempt: 1, call_status: 'ended' });
    await until(async () => (await callbackEntries(id)).length === 2);
  });

  it('leaves voicemail alone: not tried again', async () => {
    const app = await build();
    const { id, call } = await bookAndCall(app, 54);
    await report(app, call, 'voicemail');
    expect((await conversation(call.id)).outcome).toBe('voicemail');
    expect(await callbackEntries(id)).toHaveLength(1);
  });

  it('spreads the calls asked for outside the hours over the hours from the opening, CALLBACK_CALLS_PER_HOUR an hour', async () => {
    // Closed now whatever the time: the hours open at 03:00 and 04:00 tomorrow, an hour each, no more.
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'Europe/Sofia' }).slice(0, 2);
    const app = await build({ CALLBACK_HOURS: `${tomorrow} 03:00-05:00`, CALLBACK_CALLS_PER_HOUR: '1' });
    const first = await bookAndCall(app, 66);
    const second = await bookAndCall(app, 67);
    const [a, b] = [first.call.body.schedulePlan!.earliestAt, second.call.body.schedulePlan!.earliestAt].map((t) => Date.parse(t));
    // The opening's hour has its one call; the next goes an hour later.
    expect(b! - a!).toBe(3_600_000);
    expect((await conversation(second.call.id)).scheduled_for).not.toBeNull();
  });

  it('places no call for a lead an operator took up before it rang, and takes back a scheduled one', async () => {
    // Outside the calling hours: Vapi is asked to call at the next opening.
    const app = await build({ CALLBACK_HOURS: 'Mo-Su 03:00-03:01' });
    const { id, call } = await bookAndCall(app, 55);
    expect(call.body.schedulePlan).toBeDefined();
    expect(await conversation(call.id)).toMatchObject({ call_status: 'scheduled', outcome: null });
    expect((await conversation(call.id)).scheduled_for).not.toBeNull();
    // Nothing happened to the lead: the scheduled call stays.
    await site.store.db.updateTable('discovery_calls').set({ status: 'contacted' }).where('id', '!=', id).execute();
    const notifications = site.servicesOf(app).notifications;
    expect(vapi.deleted).not.toContain(call.id);
    await site.store.db.updateTable('discovery_calls').set({ status: 'contacted' }).where('id', '=', id).execute();
    expect(await notifications.channelWork()).toBeGreaterThanOrEqual(1);
    expect(vapi.deleted).toContain(call.id);
    expect((await conversation(call.id)).outcome).toBe('stopped');
  });

  it('withdraws a call not yet placed when its lead no longer waits for it', async () => {
    // The hour's one call is taken: the next waits, and meanwhile its lead is taken up.
    const app = await build({ CALLBACK_CALLS_PER_HOUR: '1' });
    const res = await app.inject({ method: 'POST', url: '/api/discovery-calls', payload: { ...visitor(56), phone: nextPhone(), call_now: true } });
    const { id } = res.json<{ id: string }>();
    await until(async () => (await callbackEntries(id))[0]?.last_error?.includes('CALLBACK_CALLS_PER_HOUR') === true);
    await site.store.db.updateTable('discovery_calls').set({ status: 'contacted' }).where('id', '=', id).execute();
    const before = vapi.calls.length;
    // Its turn comes, on an instance without the cap.
    const other = await build();
    await site.store.db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).where('lead_id', '=', id).execute();
    site.servicesOf(other).notifications.deliverer.kick();
    await until(async () => (await callbackEntries(id))[0]?.status === 'failed');
    expect((await callbackEntries(id))[0]!.last_error).toBe('not placed: an operator marked the request contacted');
    expect(vapi.calls.length).toBe(before);
  });

  it('stops at the operator’s word, or when an operator takes the lead up: the call waiting for the hours is taken back at once', async () => {
    const { app, cookie } = await logIn({ CALLBACK_HOURS: 'Mo-Su 03:00-03:01' });
    const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.inject({ method, url, headers: { cookie, origin: INJECT_ORIGIN }, ...(payload ? { payload } : {}) });
    const { id, call } = await bookAndCall(app, 57);
    const view = (await admin('GET', INBOX_API.lead(id))).json<LeadView>();
    expect(view.callbacks).toEqual([expect.objectContaining({ callId: call.id, attempt: 1, status: 'scheduled', outcome: null, scheduledFor: call.body.schedulePlan!.earliestAt })]);
    expect(view.conversations.map((c) => c.id)).toContain(view.callbacks[0]!.conversationId);

    const stopped = await admin('POST', INBOX_API.callbackStop(id));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json<LeadView>().callbacks[0]).toMatchObject({ outcome: 'stopped', status: 'ended' });
    expect(vapi.deleted).toContain(call.id);
    expect((await admin('POST', INBOX_API.callbackStop('00000000-0000-7000-8000-000000000000'))).statusCode).toBe(404);

    const other = await bookAndCall(app, 58);
    const marked = await admin('POST', INBOX_API.status(other.id), { status: 'contacted' });
    expect(marked.statusCode).toBe(200);
    expect(vapi.deleted).toContain(other.call.id);
    expect(marked.json<LeadView>().callbacks[0]!.outcome).toBe('stopped');
    // Put back to pending, the lead stays stopped: Alex does not call it again.
    await admin('POST', INBOX_API.status(other.id), { status: 'pending' });
    expect(await callbackHeld(site.store.db, other.id)).toBe('an operator marked the request contacted');
  });

  it('tries no more a lead stopped while its call was ringing', async () => {
    const { app, cookie } = await logIn();
    const { id, call } = await bookAndCall(app, 64);
    await send(app, serverMessage(call, { type: 'status-update', status: 'ringing' }));
    const stopped = await app.inject({ method: 'POST', url: INBOX_API.callbackStop(id), headers: { cookie, origin: INJECT_ORIGIN } });
    expect(stopped.statusCode).toBe(200);
    await report(app, call, 'customer-did-not-answer');
    expect(await callbackEntries(id)).toHaveLength(1);
  });

  it('erases no one whose scheduled call Vapi cannot take back, and says so', async () => {
    const { app, cookie } = await logIn({ CALLBACK_HOURS: 'Mo-Su 03:00-03:01' });
    const { id, call } = await bookAndCall(app, 65);
    const { email } = await site.store.db.selectFrom('discovery_calls').select('email').where('id', '=', id).executeTakeFirstOrThrow();
    const erase = () =>
      app.inject({ method: 'POST', url: INBOX_API.personErase, headers: { cookie, origin: INJECT_ORIGIN, 'accept-language': 'bg' }, payload: { email, expected: 1 } });
    vapi.control.refuseDeletes = true;
    try {
      const refused = await erase();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: adminMessages.bg.callbackNotStopped });
      expect(await site.store.db.selectFrom('discovery_calls').select('id').where('id', '=', id).execute()).toHaveLength(1);
    } finally {
      vapi.control.refuseDeletes = false;
    }
    expect((await erase()).statusCode).toBe(200);
    expect(vapi.deleted).toContain(call.id);
  });
});

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
