import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../content/i18n/api-messages.ts';
import { assistantSpeech } from '../../content/i18n/assistant-speech.ts';
import { parseOpeningHours } from '../../shared/opening-hours.ts';
import type { Config } from '../config.ts';
import { INBOX_API, type LeadPage, type LeadView, type PersonExport } from '../../shared/inbox.ts';
import type { ConversationJson } from '../../shared/conversations.ts';
import { sweepConversations } from '../privacy/retention.ts';
import { INJECT_ORIGIN, loggedInApp, useTestApp, type App } from '../testing/app.ts';
import { readLeadsCsv } from '../testing/csv.ts';
import { testConfig } from '../testing/config.ts';
import { TEST_DIALECTS } from '../testing/store.ts';
import type { Vapi } from '@vapi-ai/server-sdk';
import type { DiscoveryCallInput } from '../../shared/booking.ts';
import { formattersKept } from '../../shared/inbox-time.ts';
import { slotsSentence } from './assistant-tools.ts';
import { vapiSignature } from './vapi-auth.ts';

const SECRET = 's'.repeat(32);

/** Round the clock, no notice: there are slots whenever the tests run. */
const meetings: Config['meetings'] = {
  hours: parseOpeningHours(['Mo-Su 00:00-23:59']),
  lengthMinutes: 30,
  minNoticeMinutes: 0,
  daysAhead: 3,
  seats: 1,
  closedOnHolidays: false,
  busyCalendars: [], busyCalendarHosts: [],
};

const assistants = (more: Partial<Config['assistants']> = {}): Config['assistants'] => ({
  ...testConfig().assistants,
  serverSecret: SECRET,
  ...more,
});

let calls = 0;
const nextCallId = () => `call-${Date.now()}-${calls++}`;

interface Call {
  callId: string;
  language?: 'en' | 'bg';
  visitToken?: string;
  chat?: boolean;
}

/** The `call` part of a message, as a web call started from the page carries it. */
const callOf = ({ callId, language = 'en', visitToken, chat }: Call) =>
  chat
    ? { chat: { id: callId, assistantOverrides: { variableValues: { language }, ...(visitToken ? { metadata: { visitToken } } : {}) } } }
    : { call: { id: callId, type: 'webCall', assistantOverrides: { variableValues: { language }, ...(visitToken ? { metadata: { visitToken } } : {}) } } };

/** A tool call as Vapi documents it (`function.arguments`, here a JSON string) or flattened (`parameters`). */
const toolCall = (id: string, name: string, args: Record<string, unknown>, shape: 'documented' | 'string' | 'flat' = 'documented') =>
  shape === 'flat'
    ? { id, name, parameters: args }
    : { id, type: 'function', function: { name, arguments: shape === 'string' ? JSON.stringify(args) : args } };

const send = (app: App, body: unknown, headers: Record<string, string> = { 'x-vapi-secret': SECRET }) =>
  app.inject({ method: 'POST', url: '/api/vapi', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

const tools = (call: Call, list: unknown[]) => ({ message: { type: 'tool-calls', ...callOf(call), toolCallList: list } });

const ANA = {
  first_name: 'Ana',
  email: 'Ana@Example.com ',
  phone: '+359 88 765 4321',
  business_name: 'Ana Dental',
  service: 'Call Automation Systems',
  product: 'Inbound Phone Caller (appointments & support)',
};

/** Ana's details as the store takes them. */
const ANA_STORED: DiscoveryCallInput = { ...ANA, email: 'ana@example.com', service: 'Call Automation Systems', custom_service: '', locale: 'en' };

type Results = { results: ({ toolCallId: string; result: string } | { toolCallId: string; error: string })[] };

describe.each(TEST_DIALECTS)('the assistants\' server URL on %s', (dialect) => {
  const site = useTestApp(dialect);
  const build = (more: Partial<Config['assistants']> = {}) => site.build({ meetings, assistants: assistants(more) });
  const leadsOfCall = (callId: string) => site.store.db.selectFrom('discovery_calls').selectAll().where('idempotency_key', '=', `vapi:${callId}`).execute();

  it('does not exist without VAPI_SERVER_SECRET', async () => {
    const app = await site.build({ meetings });
    expect((await send(app, tools({ callId: 'x' }, []))).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/visit-token', payload: {} })).statusCode).toBe(404);
  });

  it('refuses a message without the secret, with a wrong one or a bad signature: 401 and nothing stored', async () => {
    const app = await build();
    const callId = nextCallId();
    const body = tools({ callId }, [toolCall('t-refused', 'book_discovery_call', ANA)]);
    for (const headers of [{}, { 'x-vapi-secret': 'wrong' }, { 'x-vapi-secret': `${SECRET}x` }, vapiSignature('{}', SECRET, String(Math.floor(Date.now() / 1000)))]) {
      const res = await send(app, body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('Ana');
    }
    // A genuine signature, too old to be taken: a replay.
    const raw = JSON.stringify(body);
    expect((await send(app, body, vapiSignature(raw, SECRET, String(Math.floor(Date.now() / 1000) - 600)))).statusCode).toBe(401);
    expect(await leadsOfCall(callId)).toHaveLength(0);
    const stored = await site.store.db.selectFrom('assistant_tool_calls').select('tool_call_id').where('tool_call_id', '=', 't-refused').execute();
    expect(stored).toHaveLength(0);
  });

  it('takes an HMAC signature of the raw body with its timestamp', async () => {
    const app = await build();
    const body = tools({ callId: nextCallId() }, [toolCall('t-signed', 'find_meeting_slots', {})]);
    const raw = JSON.stringify(body);
    const res = await send(app, body, vapiSignature(raw, SECRET, String(Math.floor(Date.now() / 1000))));
    expect(res.statusCode).toBe(200);
    expect(res.json<Results>().results[0]).toMatchObject({ toolCallId: 't-signed', result: expect.stringContaining('Sofia time') });
  });

  it('answers the free times in the conversation\'s language, in every argument shape, with the instants to book', async () => {
    const app = await build();
    for (const [shape, language] of [['documented', 'en'], ['string', 'bg'], ['flat', 'en']] as const) {
      const res = await send(app, tools({ callId: nextCallId(), language }, [toolCall(`t-slots-${shape}`, 'find_meeting_slots', { time_zone: 'Europe/London' }, shape)]));
      expect(res.statusCode).toBe(200);
      const [answer] = res.json<Results>().results;
      expect(answer!.toolCallId).toBe(`t-slots-${shape}`);
      const result = (answer as { result: string }).result;
      expect(result).toContain(language === 'bg' ? 'софийско време' : 'Sofia time');
      expect(result).toContain(language === 'bg' ? 'ваше време' : 'your time');
      expect(result).toMatch(/= \d{4}-\d\d-\d\dT\d\d:[03]0:00\.000Z/);
    }
  });

  it('books the call from a conversation: one lead with its source, the meeting, and a sentence to say', async () => {
    const app = await build();
    const callId = nextCallId();
    const slots = await send(app, tools({ callId }, [toolCall('t-find', 'find_meeting_slots', {})]));
    const start = /= (\S+Z)/.exec((slots.json<Results>().results[0] as { result: string }).result)![1]!;
    const res = await send(app, tools({ callId }, [toolCall('t-book', 'book_discovery_call', { ...ANA, start }, 'string')]));
    expect(res.statusCode).toBe(200);
    const answer = res.json<Results>().results[0] as { result: string };
    expect(answer.result).toMatch(/^Booked for \w+ \d+ \w+ at \d\d:\d\d Sofia time\. The team will confirm it\.$/);
    const [lead, ...more] = await leadsOfCall(callId);
    expect(more).toHaveLength(0);
    expect(lead).toMatchObject({ email: 'ana@example.com', source: 'voice', status: 'scheduled', service: 'Call Automation Systems' });
    const meeting = await site.store.db.selectFrom('meetings').selectAll().where('lead_id', '=', lead!.id).executeTakeFirstOrThrow();
    expect(new Date(meeting.starts_at).toISOString()).toBe(start);
    const conversation = await site.store.db.selectFrom('conversations').selectAll().where('call_id', '=', callId).executeTakeFirstOrThrow();
    expect(conversation).toMatchObject({ lead_id: lead!.id, channel: 'voice', reported_at: null });

    // A second booking in the same conversation moves that lead's meeting; it makes no second lead.
    const later = /= (\S+Z)$/.exec((slots.json<Results>().results[0] as { result: string }).result)![1]!;
    const moved = await send(app, tools({ callId }, [toolCall('t-book-2', 'book_discovery_call', { ...ANA, first_name: 'Anna', start: later })]));
    expect((moved.json<Results>().results[0] as { result: string }).result).toMatch(/^Moved to /);
    expect(await leadsOfCall(callId)).toHaveLength(1);
    const after = await site.store.db.selectFrom('meetings').selectAll().where('lead_id', '=', lead!.id).execute();
    expect(after.map((m) => [new Date(m.starts_at).toISOString(), m.status, m.sequence])).toEqual([[later, 'booked', 1]]);

    // The first booking's call sent again (a retry) gets its first answer, and moves nothing back.
    const again = await send(app, tools({ callId }, [toolCall('t-book', 'book_discovery_call', { ...ANA, start }, 'string')]));
    expect(again.json<Results>().results[0]).toEqual({ name: 'book_discovery_call', toolCallId: 't-book', result: answer.result });
    const still = await site.store.db.selectFrom('meetings').select(['starts_at', 'sequence']).where('lead_id', '=', lead!.id).execute();
    expect(still.map((m) => [new Date(m.starts_at).toISOString(), m.sequence])).toEqual([[later, 1]]);
  });

  it('answers the same toolCallId with the same answer and stores nothing new, sent again or 20 at once', async () => {
    const app = await build();
    const callId = nextCallId();
    const body = tools({ callId, chat: true }, [toolCall('t-same', 'book_discovery_call', ANA)]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(app, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toEqual({ results: [{ name: 'book_discovery_call', toolCallId: 't-same', result: 'The request is saved, and the team will call Ana back within 24 hours.' }] });
    expect((await send(app, body)).body).toBe([...bodies][0]);
    const leads = await leadsOfCall(callId);
    expect(leads.map((l) => l.source)).toEqual(['chat']);
    const outbox = await site.store.db.selectFrom('outbox').select('id').where('lead_id', '=', leads[0]!.id).execute();
    const rows = await site.store.db.selectFrom('assistant_tool_calls').selectAll().where('call_id', '=', callId).execute();
    expect(rows.map((r) => [r.tool_call_id, r.lead_id])).toEqual([['t-same', leads[0]!.id]]);
    expect(outbox.length).toBe(0); // no channel configured in this app: the form's plan, the same
  });

  it('says what to ask again, in the conversation\'s language, and makes no lead', async () => {
    const app = await build();
    const callId = nextCallId();
    const cases: [Record<string, unknown>, 'en' | 'bg', string][] = [
      [{ ...ANA, email: 'ana@' }, 'en', assistantSpeech.en.invalidEmail],
      [{ ...ANA, email: 'ana@' }, 'bg', assistantSpeech.bg.invalidEmail],
      [{ ...ANA, first_name: '' }, 'en', assistantSpeech.en.missing.first_name],
      [{ ...ANA, phone: '12' }, 'bg', assistantSpeech.bg.invalidPhone],
      [{ ...ANA, service: 'Plumbing' }, 'en', 'The service must be one of these: Support Automation'],
      [{ ...ANA, service: 'Other', product: undefined }, 'en', assistantSpeech.en.missing.custom_service],
      [{ ...ANA, start: '2020-01-01T10:00:00.000Z' }, 'en', 'That time cannot be booked. Free times'],
    ];
    for (const [i, [args, language, said]] of cases.entries()) {
      const res = await send(app, tools({ callId, language }, [toolCall(`t-bad-${i}`, 'book_discovery_call', args)]));
      const answer = res.json<Results>().results[0] as { error: string };
      expect(answer.error, JSON.stringify(args)).toContain(said);
      expect(answer.error).not.toMatch(/first_name|business_name|custom_service|Error|at \w+ \(/);
    }
    expect(await leadsOfCall(callId)).toHaveLength(0);
  });

  it('takes a service named in Bulgarian, and a product in another letter case', async () => {
    const app = await build();
    const callId = nextCallId();
    const res = await send(app, tools({ callId, language: 'bg' }, [toolCall('t-bg', 'book_discovery_call', { ...ANA, service: 'Автоматизация на обажданията', product: 'inbound phone caller (appointments & support)' })]));
    expect((res.json<Results>().results[0] as { result: string }).result).toBe('Заявката е записана и екипът ще се обади на Ana до 24 часа.');
    expect((await leadsOfCall(callId))[0]).toMatchObject({ service: 'Call Automation Systems', product: 'Inbound Phone Caller (appointments & support)', locale: 'bg' });
  });

  it('stops at ASSISTANT_LEADS_PER_HOUR leads from the assistants, with a sentence that points to the form', async () => {
    const app = await build({ leadsPerHour: 0 });
    const callId = nextCallId();
    const res = await send(app, tools({ callId }, [toolCall('t-cap', 'book_discovery_call', ANA)]));
    expect((res.json<Results>().results[0] as { error: string }).error).toContain('use the booking form');
    expect(await leadsOfCall(callId)).toHaveLength(0);
  });

  it('gives the lead the visit\'s attribution when the page\'s token is genuine, and none for a forged one', async () => {
    const app = await build();
    const issued = await app.inject({ method: 'POST', url: '/api/visit-token', payload: { attribution: { utm_source: 'newsletter', utm_campaign: 'autumn', landing_path: '/bg/', junk: 'x' } } });
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { token } = issued.json<{ token: string }>();
    const genuine = nextCallId();
    await send(app, tools({ callId: genuine, visitToken: token }, [toolCall('t-attr', 'book_discovery_call', ANA)]));
    expect((await leadsOfCall(genuine))[0]).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'autumn', landing_path: '/bg/' });

    const forged = nextCallId();
    const [head, payload] = token.split('.');
    const other = Buffer.from(JSON.stringify({ a: { utm_source: 'forged' }, t: Date.now() })).toString('base64url');
    await send(app, tools({ callId: forged, visitToken: `${head}.${other}.${token.split('.')[2]}` }, [toolCall('t-forged', 'book_discovery_call', ANA)]));
    expect(payload).not.toBe(other);
    expect((await leadsOfCall(forged))[0]).toMatchObject({ utm_source: null, utm_campaign: null });

    // Vapi's web chat keeps no metadata: the page sends the token among the variables too.
    const chat = nextCallId();
    const message = { type: 'tool-calls', chat: { id: chat, assistantOverrides: { variableValues: { language: 'en', visit_token: token } } }, toolCallList: [toolCall('t-chat-attr', 'book_discovery_call', ANA)] };
    await send(app, { message });
    expect((await leadsOfCall(chat))[0]).toMatchObject({ utm_source: 'newsletter', source: 'chat' });
  });

  it('keeps the end-of-call report before and after its lead, once, and answers anything else with {}', async () => {
    const app = await build();
    const report = (callId: string, summary: string) => ({
      message: {
        type: 'end-of-call-report',
        ...callOf({ callId }),
        endedReason: 'customer-ended-call',
        startedAt: '2026-12-01T08:00:00.000Z',
        endedAt: '2026-12-01T08:03:30.000Z',
        cost: 0.21,
        analysis: { summary, structuredData: { interested: true } },
        artifact: {
          recordingUrl: 'https://storage.vapi.ai/rec.wav',
          messages: [
            { role: 'system', message: 'You are Alex' },
            { role: 'bot', message: 'Hi, I am Alex.' },
            { role: 'user', message: 'Book me a call please.' },
          ],
        },
      },
    });
    // A report of a conversation that made no lead, kept on its own; its repeat dropped.
    const alone = nextCallId();
    expect((await send(app, report(alone, 'Asked about prices.'))).json()).toEqual({});
    await send(app, report(alone, 'A second copy.'));
    const kept = await site.store.db.selectFrom('conversations').selectAll().where('call_id', '=', alone).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ lead_id: null, summary: 'Asked about prices.', ended_reason: 'customer-ended-call', recording_url: 'https://storage.vapi.ai/rec.wav' });
    expect(Number(kept[0]!.duration_seconds)).toBe(210);
    expect(JSON.parse(kept[0]!.transcript!)).toEqual([
      { speaker: 'assistant', text: 'Hi, I am Alex.' },
      { speaker: 'visitor', text: 'Book me a call please.' },
    ]);

    // The lead first, then the report: the report fills in the lead's conversation.
    const after = nextCallId();
    await send(app, tools({ callId: after }, [toolCall('t-before-report', 'book_discovery_call', ANA)]));
    await send(app, report(after, 'Booked a call.'));
    const [lead] = await leadsOfCall(after);
    const linked = await site.store.db.selectFrom('conversations').selectAll().where('call_id', '=', after).execute();
    expect(linked.map((c) => [c.lead_id, c.summary])).toEqual([[lead!.id, 'Booked a call.']]);

    // With a channel of the agency's set up, the conversation that made the lead is told there once, with its summary.
    const told = await site.build({ meetings, assistants: assistants(), environment: { SLACK_WEBHOOK_URL: 'http://127.0.0.1:2/services/T1/B1/x' } });
    const third = nextCallId();
    await send(told, tools({ callId: third }, [toolCall('t-told', 'book_discovery_call', ANA)]));
    await send(told, report(third, 'Wants Alex on the phones.'));
    await send(told, report(third, 'A repeat.'));
    const [toldLead] = await leadsOfCall(third);
    const entries = await site.store.db.selectFrom('outbox').select(['channel', 'kind', 'facts']).where('lead_id', '=', toldLead!.id).orderBy('kind').execute();
    expect(entries.map((e) => [e.channel, e.kind])).toEqual([
      ['slack', 'conversation.ended'],
      ['slack', 'lead.created'],
    ]);
    expect(JSON.parse(entries[0]!.facts!)).toMatchObject({ conversation: { callId: third, channel: 'voice', summary: 'Wants Alex on the phones.', durationSeconds: 210 } });

    // The report first (a late tool call cannot happen after it, but a lead made by its key is found).
    const other = await send(app, { message: { type: 'status-update', status: 'in-progress', ...callOf({ callId: after }) } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({});
  });

  it('answers every generated tool call with a 200 and something to say, never a failure', async () => {
    const app = await build({ leadsPerHour: 100_000 });
    const value = fc.oneof(fc.string(), fc.constant(''), fc.integer(), fc.constant(null), fc.constant(undefined), fc.array(fc.string(), { maxLength: 2 }), fc.emailAddress());
    const args = fc.record(
      {
        first_name: value,
        email: fc.oneof(fc.emailAddress(), value),
        phone: fc.oneof(fc.constant('+359 88 123 4567'), value),
        business_name: value,
        service: fc.oneof(fc.constantFrom('Support Automation', 'Other', 'Друго', 'A.I Lead Generation'), value),
        product: value,
        custom_service: value,
        start: fc.oneof(value, fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
        day: value,
        time_zone: fc.oneof(fc.constantFrom('Europe/Sofia', 'America/New_York', 'Mars/Base'), value),
      },
      { requiredKeys: [] },
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(args, fc.constantFrom('book_discovery_call', 'find_meeting_slots', 'unknown_tool'), fc.constantFrom('documented', 'string', 'flat'), fc.constantFrom('en', 'bg'), async (a, name, shape, language) => {
        const id = `t-gen-${n++}`;
        const res = await send(app, tools({ callId: `gen-${dialect}-${n % 50}`, language }, [toolCall(id, name, a, shape as 'flat')]));
        expect(res.statusCode).toBe(200);
        const [answer] = res.json<Results>().results;
        expect(answer!.toolCallId).toBe(id);
        const said = 'result' in answer! ? answer.result : answer!.error;
        expect(typeof said).toBe('string');
        expect(said.length).toBeGreaterThan(5);
        expect(said).not.toMatch(/undefined|NaN|\[object|Error:|at .+\.ts:\d+/);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('shows the conversation with its lead in the inbox: the source, the filter, the CSV, the search, the export, and erases it with the person', async () => {
    const { app, cookie } = await loggedInApp(site, { meetings, assistants: assistants() });
    const callId = nextCallId();
    const email = `${callId}@example.com`;
    await send(app, tools({ callId, language: 'bg' }, [toolCall(`t-inbox-${callId}`, 'book_discovery_call', { ...ANA, email })]));
    await send(app, {
      message: {
        type: 'end-of-call-report',
        ...callOf({ callId, language: 'bg' }),
        endedReason: 'assistant-ended-call',
        durationSeconds: 95,
        analysis: { summary: `Wants a receptionist for ${callId}.` },
        artifact: { messages: [{ role: 'bot', message: 'Здравейте!' }, { role: 'user', message: 'Искам разговор.' }] },
      },
    });
    const get = (url: string) => app.inject({ url, headers: { cookie } });
    const [lead] = await leadsOfCall(callId);
    const view = (await get(INBOX_API.lead(lead!.id))).json<LeadView>();
    expect(view.lead.source).toBe('voice');
    expect(view.conversations).toHaveLength(1);
    expect(view.conversations[0]).toMatchObject({ channel: 'voice', locale: 'bg', durationSeconds: 95, endedReason: 'assistant-ended-call', reported: true, leadId: lead!.id });
    expect(view.conversations[0]!.transcript).toEqual([
      { speaker: 'assistant', text: 'Здравейте!' },
      { speaker: 'visitor', text: 'Искам разговор.' },
    ]);

    const voice = (await get(`${INBOX_API.leads}?via=voice&q=${encodeURIComponent(email)}`)).json<LeadPage>();
    expect(voice.leads.map((l) => [l.id, l.source])).toEqual([[lead!.id, 'voice']]);
    expect((await get(`${INBOX_API.leads}?via=form&q=${encodeURIComponent(email)}`)).json<LeadPage>().leads).toEqual([]);
    expect((await get(`${INBOX_API.leads}?via=fax`)).statusCode).toBe(400);
    const csv = readLeadsCsv((await get(`${INBOX_API.export}?q=${encodeURIComponent(email)}`)).body);
    expect(csv.map((r) => r.source)).toEqual(['voice']);

    const found = (await get(`${INBOX_API.conversations}?q=${encodeURIComponent(`receptionist for ${callId}`.toUpperCase())}`)).json<{ conversations: ConversationJson[] }>();
    expect(found.conversations.map((c) => [c.leadId, c.leadName])).toEqual([[lead!.id, 'Ana, Ana Dental']]);
    expect((await app.inject(INBOX_API.conversations)).statusCode).toBe(401);

    const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, headers: { cookie, origin: INJECT_ORIGIN }, payload: payload as Record<string, unknown> });
    const exported = (await post(INBOX_API.personExport, { email })).json<PersonExport>();
    expect(exported.leads[0]!.conversations[0]!.summary).toBe(`Wants a receptionist for ${callId}.`);
    expect((await post(INBOX_API.personErase, { email, expected: 1 })).statusCode).toBe(200);
    expect(await site.store.db.selectFrom('conversations').select('id').where('call_id', '=', callId).execute()).toEqual([]);
    expect(await site.store.db.selectFrom('assistant_tool_calls').select('tool_call_id').where('call_id', '=', callId).execute()).toEqual([]);
  });

  it('erases a conversation without a lead after CONVERSATION_RETENTION_DAYS, and keeps one with a lead', async () => {
    const app = await build();
    const alone = nextCallId();
    const withLead = nextCallId();
    await send(app, { message: { type: 'end-of-call-report', ...callOf({ callId: alone }), endedReason: 'customer-ended-call' } });
    await send(app, tools({ callId: withLead }, [toolCall(`t-kept-${withLead}`, 'book_discovery_call', ANA)]));
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await sweepConversations(site.store.db, 30, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await sweepConversations(site.store.db, 30, later)).toBeGreaterThanOrEqual(1);
    const left = await site.store.db.selectFrom('conversations').select('call_id').where('call_id', 'in', [alone, withLead]).execute();
    expect(left.map((r) => r.call_id)).toEqual([withLead]);
  });

  it('keeps a chat\'s conversation with its lead: from the tool call when it carries it, else fetched from Vapi with the private key', async () => {
    // Vapi's API on loopback: GET /chat/:id answers the chat, and remembers who asked with which key.
    const asked: { url: string; authorization: string | undefined }[] = [];
    const vapi = http.createServer((req, res) => {
      asked.push({ url: req.url ?? '', authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', messages: [{ role: 'user', content: 'Can Lana book me?' }], output: [{ role: 'assistant', content: 'Of course.' }] }));
    });
    await new Promise<void>((resolve) => vapi.listen(0, '127.0.0.1', resolve));
    try {
      const app = await build({ privateKey: 'private-test-key', apiUrl: `http://127.0.0.1:${(vapi.address() as AddressInfo).port}` });
      const carried = nextCallId();
      await send(app, {
        message: {
          type: 'tool-calls',
          chat: { id: carried, messages: [{ role: 'user', content: 'Book a call for Ana.' }, { role: 'assistant', content: 'Which email?' }] },
          toolCallList: [toolCall(`t-${carried}`, 'book_discovery_call', ANA)],
        },
      });
      const fetched = nextCallId();
      await send(app, tools({ callId: fetched, chat: true }, [toolCall(`t-${fetched}`, 'book_discovery_call', ANA)]));
      const transcript = async (callId: string) =>
        JSON.parse((await site.store.db.selectFrom('conversations').select('transcript').where('call_id', '=', callId).executeTakeFirstOrThrow()).transcript ?? '[]') as unknown;
      expect(await transcript(carried)).toEqual([
        { speaker: 'visitor', text: 'Book a call for Ana.' },
        { speaker: 'assistant', text: 'Which email?' },
      ]);
      expect(await transcript(fetched)).toEqual([
        { speaker: 'visitor', text: 'Can Lana book me?' },
        { speaker: 'assistant', text: 'Of course.' },
      ]);
      expect(asked).toEqual([{ url: `/chat/${fetched}`, authorization: 'Bearer private-test-key' }]);
    } finally {
      await new Promise((resolve) => vapi.close(resolve));
    }
  });

  describe('held to Vapi\'s own rules and types', () => {
    /** The instant "Values for start" gives for the first time offered: what the tools' descriptions say to pass. */
    const firstStart = (result: string) => /Values for start \(do not read out\): [^=]+= (\S+Z)/.exec(result)![1]!;

    it('answers tool calls as Vapi\'s types have them: each result named, on one line, with `start` where the description says', async () => {
      const app = await build();
      const callId = nextCallId();
      // Typed by Vapi's SDK: a shape it drops, renames or makes required fails the typecheck here.
      const find: Vapi.ServerMessageToolCalls = {
        type: 'tool-calls',
        toolCallList: [{ id: 't-typed-find', type: 'function', function: { name: 'find_meeting_slots', arguments: JSON.stringify({ time_zone: 'Asia/Tokyo' }) } }],
        toolWithToolCallList: [],
        call: { id: callId, orgId: 'org-1', createdAt: '2026-12-07T08:00:00.000Z', updatedAt: '2026-12-07T08:00:00.000Z', type: 'webCall' } as Vapi.Call,
      };
      const found = (await send(app, { message: find })).json<Vapi.ServerMessageResponseToolCalls>();
      const [slots] = found.results!;
      expect(slots).toMatchObject({ name: 'find_meeting_slots', toolCallId: 't-typed-find' });
      expect(slots!.result).not.toMatch(/[\r\n]/);
      // The time said "(17:00 your time)" beside Sofia's; what is passed back is the instant after `=`.
      expect(slots!.result).toContain('your time)');
      const start = firstStart(slots!.result!);

      // The calls only in toolWithToolCallList, as Vapi's types have them and as its events page shows them.
      const book: Vapi.ServerMessageToolCalls = {
        type: 'tool-calls',
        toolCallList: [],
        toolWithToolCallList: [
          { type: 'function', toolCall: { id: 't-typed-book', type: 'function', function: { name: 'book_discovery_call', arguments: JSON.stringify({ ...ANA, start }) } } },
        ],
        call: find.call!,
      };
      const booked = (await send(app, { message: book })).json<Vapi.ServerMessageResponseToolCalls>();
      expect(booked.results).toEqual([{ name: 'book_discovery_call', toolCallId: 't-typed-book', result: expect.stringMatching(/^Booked for /) }]);
      const asTheEventsPageShows = { message: { type: 'tool-calls', ...callOf({ callId: nextCallId() }), toolWithToolCallList: [{ name: 'find_meeting_slots', toolCall: { id: 't-events-page', parameters: {} } }] } };
      const shown = (await send(app, asTheEventsPageShows)).json<Vapi.ServerMessageResponseToolCalls>();
      expect(shown.results).toEqual([{ name: 'find_meeting_slots', toolCallId: 't-events-page', result: expect.stringContaining('Sofia time') }]);
      // Every error is one line too.
      const wrong = (await send(app, tools({ callId: nextCallId() }, [toolCall('t-wrong-start', 'book_discovery_call', { ...ANA, start: '2020-01-01T00:00:00.000Z' })]))).json<Results>();
      expect((wrong.results[0] as { error: string }).error).not.toMatch(/[\r\n]/);
    });

    it('answers an assistant-request with Alex, or with words Vapi can say when there is none', async () => {
      const request: Vapi.ServerMessageAssistantRequest = { type: 'assistant-request', call: { id: nextCallId() } as Vapi.Call };
      const withAlex = await site.build({ meetings, assistants: assistants(), vapi: { publicKey: 'pk', assistantId: 'alex-assistant-id' } as Config['vapi'] });
      expect((await send(withAlex, { message: request })).json<Vapi.ServerMessageResponseAssistantRequest>()).toEqual({ assistantId: 'alex-assistant-id' });
      const without = await build();
      expect((await send(without, { message: request })).json<Vapi.ServerMessageResponseAssistantRequest>()).toEqual({ error: assistantSpeech.en.unavailable });
    });

    it('refuses an unsigned body before reading it, however large, and reads a signed one', async () => {
      const app = await build();
      const big = JSON.stringify({ message: { type: 'status-update', padding: 'x'.repeat(3 * 1024 * 1024) } });
      // Over the body limit: a route that read first would answer 413.
      const unsigned = await app.inject({ method: 'POST', url: '/api/vapi', headers: { 'content-type': 'application/json' }, payload: big });
      expect(unsigned.statusCode).toBe(401);
      const wrong = await app.inject({ method: 'POST', url: '/api/vapi', headers: { 'content-type': 'application/json', 'x-vapi-secret': 'wrong' }, payload: big });
      expect(wrong.statusCode).toBe(401);
      const stale = await app.inject({ method: 'POST', url: '/api/vapi', headers: { 'content-type': 'application/json', ...vapiSignature(big, SECRET, '1000000000') }, payload: big });
      expect(stale.statusCode).toBe(401);
      const signed = await app.inject({ method: 'POST', url: '/api/vapi', headers: { 'content-type': 'application/json', 'x-vapi-secret': SECRET }, payload: big });
      expect(signed.statusCode).toBe(413);
    });

    it('stores a report whose strings hold a NUL or a lone surrogate, as the form stores such text', async () => {
      const app = await build();
      const callId = nextCallId();
      const report = { message: { type: 'end-of-call-report', ...callOf({ callId }), endedReason: 'customer-ended-call', analysis: { summary: 'Asked\u0000 about \ud800prices.' }, artifact: { messages: [{ role: 'user', message: 'Hi\u0000 there' }] } } };
      const res = await send(app, report);
      expect(res.statusCode).toBe(200);
      const [kept] = await site.store.db.selectFrom('conversations').selectAll().where('call_id', '=', callId).execute();
      expect(kept!.summary).toBe('Asked about \uFFFDprices.');
      expect(JSON.parse(kept!.transcript!)).toEqual([{ speaker: 'visitor', text: 'Hi there' }]);
    });

    it('never adopts a lead taken for spam or made by the form, and the form cannot take a conversation\'s key', async () => {
      const app = await build();
      const callId = nextCallId();
      const refused = await app.inject({ method: 'POST', url: '/api/discovery-calls', headers: { 'idempotency-key': `vapi:${callId}`, 'accept-language': 'bg' }, payload: { ...ANA, email: 'form@example.com', locale: 'bg' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(apiMessages.bg.reservedIdempotencyKey);
      // A lead stored under the key before the form refused it, and one taken for spam: neither is the conversation's.
      await site.store.store.create({ ...ANA_STORED, email: 'spam@example.com' }, `vapi:${callId}`, { spam: 'honeypot', source: 'voice' });
      const res = await send(app, tools({ callId }, [toolCall('t-adopt', 'book_discovery_call', ANA)]));
      expect(res.json<Results>().results[0]).toMatchObject({ error: assistantSpeech.en.unavailable });
      const formCall = nextCallId();
      await site.store.store.create({ ...ANA_STORED, email: 'form@example.com' }, `vapi:${formCall}`);
      expect((await send(app, tools({ callId: formCall }, [toolCall('t-adopt-2', 'book_discovery_call', ANA)]))).json<Results>().results[0]).toMatchObject({ error: assistantSpeech.en.unavailable });
      expect(await site.store.db.selectFrom('meetings').select('id').where('lead_id', 'in', (await leadsOfCall(callId)).map((l) => l.id)).execute()).toEqual([]);
    });

    it('gives another conversation nothing of an answer under the same toolCallId', async () => {
      const app = await build();
      const first = nextCallId();
      const answered = await send(app, tools({ callId: first }, [toolCall('t-shared-id', 'book_discovery_call', ANA)]));
      expect((answered.json<Results>().results[0] as { result: string }).result).toContain('Ana');
      const other = await send(app, tools({ callId: nextCallId() }, [toolCall('t-shared-id', 'book_discovery_call', { ...ANA, first_name: 'Mallory' })]));
      expect(other.json<Results>().results[0]).toEqual({ name: 'book_discovery_call', toolCallId: 't-shared-id', error: assistantSpeech.en.unavailable });
      expect(await leadsOfCall(first)).toHaveLength(1);
    });

    it('keeps a bounded number of date formatters, however many spellings of a zone are asked for', () => {
      const slots = [{ start: new Date('2026-12-08T09:00:00.000Z'), end: new Date('2026-12-08T09:30:00.000Z') }];
      const spellings = ['Asia/Tokyo', 'America/New_York', 'Europe/London'].flatMap((zone) =>
        Array.from({ length: 200 }, (_, i) => [...zone].map((c, j) => ((i >> (j % 8)) & 1 ? c.toUpperCase() : c.toLowerCase())).join('')),
      );
      for (const zone of spellings) slotsSentence(slots, 'en', zone);
      expect(formattersKept()).toBeLessThanOrEqual(256);
    });
  });
});
