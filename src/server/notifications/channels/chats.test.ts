// The three team chats (slack.ts, teams.ts, telegram.ts) against stand-ins that answer as the services
// do (testing/chat-services.ts): what each message says in both languages, a visitor's words shown as
// typed and able to do nothing, the services' limits, and what each answer comes to.
import { describe, expect, it } from 'vitest';
import type { Lead } from '../../leads/lead-store.ts';
import { TEST_DIALECTS } from '../../testing/store.ts';
import { describeApp } from '../../testing/app.ts';
import { STORED_LEAD, visitor } from '../../testing/leads.ts';
import { SERVICE_ANSWERS, TELEGRAM_CHAT, useChatServices, type ChatServices } from '../../testing/chat-services.ts';
import { QUICK_RETRY, testClock, useNotifiedStore } from '../../testing/notifications.ts';
import type { Locale } from '../../../shared/locale.ts';
import { format } from '../../../content/i18n/index.ts';
import { notificationTexts } from '../../../content/i18n/notifications.ts';
import type { OutboxEntry } from '../outbox.ts';
import type { Facts } from '../facts.ts';
import type { SenderContext } from './channel.ts';
import { channelSettingsOf, type ChannelSettings } from './index.ts';
import { slackChannel } from './slack.ts';
import { teamsChannel } from './teams.ts';
import { telegramChannel } from './telegram.ts';

const HOSTILE = '<b>Ana</b> <!channel> *bold* _x_ [a](http://evil.example) @here';
const JOINER = /\u2060/g;
const at = new Date('2026-11-24T10:00:02.000Z');
const leadUrl = (id: string) => `https://nexa-ai.example/admin/leads/${id}`;

const entry = (kind: OutboxEntry['kind'], channel: string) => ({ id: '0f2d9a54-1c2b-4c8e-bf3a-7a9e5f0d1234', kind, channel }) as OutboxEntry;
const contextIn = (operatorLocale: Locale): SenderContext => ({
  operatorLocale,
  leadUrl,
  manageUrl: () => Promise.resolve('https://nexa-ai.example/meeting/x'),
  now: () => at,
});
const MEETING = { id: 'meeting-1', leadId: STORED_LEAD.id, start: new Date('2026-11-26T08:30:00.000Z'), end: new Date('2026-11-26T09:00:00.000Z'), timeZone: 'Europe/London', sequence: 0, status: 'booked' as const };

/** Every text a message shows, joined: Slack's blocks and `text`, the card's runs, Telegram's text once its HTML is read. */
function shown(service: 'slack' | 'teams' | 'telegram', body: unknown): string {
  const texts: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'text' || key === 'title') && typeof value === 'string') texts.push(value);
        else walk(value);
      }
    }
  };
  if (service === 'telegram') {
    const html = (body as { text: string }).text;
    texts.push(html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
  } else walk(body);
  const joined = texts.join('\n').replace(JOINER, '');
  return service === 'slack' ? joined.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : joined;
}

/** The three senders pointed at the stand-ins, in `locale`. */
function senders(chats: ChatServices, locale: Locale) {
  const settings = channelSettingsOf(chats.environment) as Required<Pick<ChannelSettings, 'slack' | 'teams' | 'telegram'>>;
  return {
    slack: slackChannel.sender(settings.slack, contextIn(locale)).send,
    teams: teamsChannel.sender(settings.teams, contextIn(locale)).send,
    telegram: telegramChannel.sender(settings.telegram, contextIn(locale)).send,
  };
}

const SERVICES = ['slack', 'teams', 'telegram'] as const;

describe('the team chats’ messages', () => {
  const chats = useChatServices();
  const last = (service: (typeof SERVICES)[number]) => chats[service].received.at(-1);

  it.each(['en', 'bg'] as const)('tell of a new lead in %s: who, what, the phone to dial and the address to mail, where from, the deadline on Sofia’s clock, and the way to the lead', async (locale) => {
    const send = senders(chats, locale);
    const lead: Lead = { ...STORED_LEAD, source: 'voice' };
    for (const service of SERVICES) expect(await send[service](entry('lead.created', service), { at, lead })).toEqual({ ok: true, statusCode: service === 'teams' ? 202 : 200 });
    const words = {
      en: ['New discovery call request: Georgi, Ivanov <Auto> & Sons', 'Call Automation Systems', 'Inbound Phone Caller', 'A call with Alex', 'google', 'call-automation', 'by 25 Nov 2026, 12:00 Sofia time', 'Open the request in the inbox'],
      bg: ['Нова заявка за консултация: Georgi, Ivanov <Auto> & Sons', 'Разговор с Алекс', 'до 25.11.2026 г., 12:00 ч. българско време', 'Отворете заявката във входящите'],
    }[locale];
    for (const service of SERVICES) {
      const text = shown(service, last(service));
      for (const w of words) expect(text, `${service}: ${w}`).toContain(w);
      expect(text, service).toContain('georgi.ivanov@example.bg');
    }
    // The phone dials its E.164 and the address mails it; the button opens the lead.
    const slack = JSON.stringify(last('slack'));
    expect(slack).toContain('<tel:+359871234567|+359 87 123 4567>');
    expect(slack).toContain('<mailto:georgi.ivanov@example.bg|georgi.ivanov@example.bg>');
    expect(slack).toContain(`"url":"${leadUrl(STORED_LEAD.id)}"`);
    expect((last('slack') as { text: string }).text.replace(JOINER, '')).toContain('Georgi');
    const teams = JSON.stringify(last('teams'));
    expect(teams).toContain('{"type":"Action.OpenUrl","url":"tel:+359871234567"}');
    expect(teams).toContain(`{"type":"Action.OpenUrl","title":"${locale === 'en' ? 'Open the request in the inbox' : 'Отворете заявката във входящите'}","url":"${leadUrl(STORED_LEAD.id)}"}`);
    const telegram = last('telegram') as { chat_id: string; text: string; parse_mode: string; link_preview_options: unknown };
    expect(telegram).toMatchObject({ chat_id: TELEGRAM_CHAT, parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
    expect(telegram.text).toMatch(/:<\/b> \+359871234567\n/);
    expect(telegram.text).toContain(`<a href="${leadUrl(STORED_LEAD.id)}">`);
  });

  it.each(['en', 'bg'] as const)('tell of a call booked, moved and cancelled, its time on Sofia’s clock, and of a lead still waiting, in %s', async (locale) => {
    const send = senders(chats, locale);
    for (const service of SERVICES) {
      for (const kind of ['meeting.booked', 'meeting.rescheduled', 'meeting.cancelled'] as const) {
        expect(await send[service](entry(kind, service), { at, lead: STORED_LEAD, meeting: { ...MEETING, status: kind === 'meeting.cancelled' ? 'cancelled' : 'booked' } })).toMatchObject({ ok: true });
        // 08:30 UTC is 10:30 in Sofia in November, whatever the visitor's zone.
        expect(shown(service, last(service)), `${service} ${kind}`).toContain(locale === 'en' ? '26 Nov 2026, 10:30 Sofia time' : '26.11.2026 г., 10:30 ч. българско време');
      }
      expect(shown(service, chats[service].received.at(-3))).toContain(format(notificationTexts[locale].meeting.operator.booked.subject, { name: 'Georgi', business: 'Ivanov <Auto> & Sons', when: '' }));
      expect(await send[service](entry('lead.reminder', service), { at: new Date('2026-11-25T06:00:00.000Z'), lead: STORED_LEAD })).toMatchObject({ ok: true });
      expect(shown(service, last(service))).toContain(locale === 'en' ? 'Still waiting for a call (20 h): Georgi' : 'Все още чака обаждане (20 ч): Georgi');
    }
  });

  it.each(['en', 'bg'] as const)('tell of a conversation with an assistant that made a lead, with its length and summary, in %s', async (locale) => {
    const send = senders(chats, locale);
    const conversation = { callId: 'call-1', channel: 'voice' as const, summary: 'Wants calls answered after 18:00.', durationSeconds: 192, endedReason: 'customer-ended-call' };
    for (const service of SERVICES) {
      expect(await send[service](entry('conversation.ended', service), { at, lead: { ...STORED_LEAD, source: 'voice' }, conversation })).toMatchObject({ ok: true });
      const text = shown(service, last(service));
      const c = notificationTexts[locale].conversation;
      const assistant = locale === 'en' ? 'Alex' : 'Алекс';
      expect(text).toContain(format(c.subject, { assistant, name: 'Georgi', business: 'Ivanov <Auto> & Sons' }));
      expect(text).toContain(format(c.summary, { summary: conversation.summary }));
      expect(text).toContain(format(c.minutes, { minutes: 3, seconds: 12 }));
    }
  });

  it('show whatever a visitor typed as typed, pinging nobody and linking nowhere, in every field', async () => {
    const send = senders(chats, 'en');
    const lead: Lead = { ...STORED_LEAD, first_name: HOSTILE, business_name: HOSTILE, service: 'Other', product: '', custom_service: HOSTILE, utm_campaign: HOSTILE };
    for (const service of SERVICES) expect(await send[service](entry('lead.created', service), { at, lead })).toMatchObject({ ok: true });
    for (const service of SERVICES) {
      const text = shown(service, last(service));
      expect(text.split(HOSTILE).length - 1, service).toBeGreaterThanOrEqual(4);
    }
    const slack = JSON.stringify(last('slack'));
    // No live mention, link or markup: `<!channel>` only escaped, the visitor's words never mrkdwn.
    expect(slack).not.toMatch(/<!channel>|<!here>|<http/);
    expect(slack).toContain('&lt;!channel&gt;');
    for (const block of (last('slack') as { blocks: { type: string; text?: { type: string; text: string }; fields?: { type: string; text: string }[] }[] }).blocks) {
      for (const text of [block.text, ...(block.fields ?? [])].filter((t) => t?.text.includes('bold'))) expect(text!.type).toBe('plain_text');
    }
    expect(slack).not.toContain('http://evil.example');
    expect(slack).not.toContain('@here');
    // Teams: text runs only, which read no markdown; the address and mention broken for the clients that look for them.
    const teams = JSON.stringify(last('teams'));
    expect(teams).not.toContain('"type":"TextBlock"');
    expect(teams).not.toContain('http://evil.example');
    // Telegram: the stand-in read the HTML (it refuses what Telegram refuses); the name's tags are text.
    const telegram = (last('telegram') as { text: string }).text;
    expect(telegram.replace(JOINER, '')).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(telegram).not.toContain('<a href="http://evil');
    expect(telegram).not.toContain('@here');
  });

  it('cut long values to each service’s limits without splitting a character', async () => {
    const send = senders(chats, 'bg');
    const long = `${'Нужда '.repeat(330)}👩‍👩‍👧‍👦${'x'.repeat(100)}`;
    const lead: Lead = { ...STORED_LEAD, first_name: '👩‍👩‍👧‍👦'.repeat(40), business_name: 'Б'.repeat(200), service: 'Other', product: '', custom_service: long, utm_campaign: 'c'.repeat(200) };
    // Each stand-in refuses what its service refuses: a header over 150, a field over 2,000, a text over 4,096.
    for (const service of SERVICES) expect(await send[service](entry('lead.created', service), { at, lead }), service).toMatchObject({ ok: true });
    for (const service of SERVICES) {
      const json = JSON.stringify(last(service));
      // No half of a surrogate pair, and a family emoji either whole or gone.
      expect(json).not.toMatch(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i);
      expect(shown(service, last(service))).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      expect(shown(service, last(service))).toContain('…');
    }
  });

  it('retry what a service asks to wait for or fails on its side, honouring its wait; end at a refusal; call a deleted hook or a missing chat gone', async () => {
    const send = senders(chats, 'en');
    const lead = STORED_LEAD;
    chats.slack.answers.push(SERVICE_ANSWERS.slackRateLimited, SERVICE_ANSWERS.serverError, SERVICE_ANSWERS.slackGone, { status: 400, body: 'invalid_payload' });
    expect(await send.slack(entry('lead.created', 'slack'), { at, lead })).toEqual({ ok: false, statusCode: 429, error: 'answered 429 rate_limited', retryAfterMs: 2000 });
    expect(await send.slack(entry('lead.created', 'slack'), { at, lead })).toEqual({ ok: false, statusCode: 500, error: 'answered 500 Internal Server Error' });
    expect(await send.slack(entry('lead.created', 'slack'), { at, lead })).toEqual({ ok: false, statusCode: 404, error: 'answered 404 no_service: the address is gone; set it anew', gone: true });
    expect(await send.slack(entry('lead.created', 'slack'), { at, lead })).toEqual({ ok: false, statusCode: 400, error: 'answered 400 invalid_payload', final: true });

    chats.teams.answers.push(SERVICE_ANSWERS.teamsThrottled, { status: 404, body: '' });
    expect(await send.teams(entry('lead.created', 'teams'), { at, lead })).toMatchObject({ ok: false, statusCode: 429, retryAfterMs: 3000, error: 'answered 429 TooManyRequests: Rate limit is exceeded.' });
    expect(await send.teams(entry('lead.created', 'teams'), { at, lead })).toMatchObject({ ok: false, statusCode: 404, gone: true });

    chats.telegram.answers.push(SERVICE_ANSWERS.telegramFlood);
    expect(await send.telegram(entry('lead.created', 'telegram'), { at, lead })).toEqual({ ok: false, statusCode: 429, error: 'answered 429 Too Many Requests: retry after 5', retryAfterMs: 5000 });
    const elsewhere = telegramChannel.sender({ ...channelSettingsOf(chats.environment).telegram!, chatId: '-100999' }, contextIn('en')).send;
    expect(await elsewhere(entry('lead.created', 'telegram'), { at, lead })).toEqual({
      ok: false,
      statusCode: 400,
      error: 'answered 400 Bad Request: chat not found: the address is gone; set it anew',
      gone: true,
    });
  });

  it('never put a hook’s address or a bot’s token in an error', async () => {
    const env = chats.environment;
    // Nothing listens on port 2 (fetch refuses port 9 outright).
    const closed = 'http://127.0.0.1:2';
    const facts: Facts = { at, lead: STORED_LEAD };
    const slack = slackChannel.sender({ url: `${closed}/services/T1/B1/TopSecretHook` }, contextIn('en')).send;
    const telegram = telegramChannel.sender({ token: env.TELEGRAM_BOT_TOKEN!, chatId: TELEGRAM_CHAT, apiUrl: closed }, contextIn('en')).send;
    for (const outcome of [await slack(entry('lead.created', 'slack'), facts), await telegram(entry('lead.created', 'telegram'), facts)]) {
      expect(outcome).toMatchObject({ ok: false, error: 'ECONNREFUSED' });
    }
    chats.telegram.answers.push({ status: 401, body: JSON.stringify({ ok: false, error_code: 401, description: `Unauthorized: ${env.TELEGRAM_BOT_TOKEN}` }) });
    const refused = await senders(chats, 'en').telegram(entry('lead.created', 'telegram'), facts);
    expect(refused).toMatchObject({ ok: false, statusCode: 401, gone: true });
    expect(refused.error).not.toContain(env.TELEGRAM_BOT_TOKEN!);
    expect(refused.error).toContain('[secret]');
  });
});

describe.each(TEST_DIALECTS)('a booking told to the team chats on %s', (dialect) => {
  const chats = useChatServices();
  const clock = testClock();
  const ctx = useNotifiedStore(dialect, () => ({
    settings: { channels: channelSettingsOf(chats.environment), operatorLocale: 'bg', reminderHours: 20 },
    now: clock.now,
    retry: QUICK_RETRY,
    pollMs: 10,
  }));

  it('reaches Slack, Teams and Telegram at once, each once, and is recorded delivered', async () => {
    ctx.notifications.start();
    const { lead } = await ctx.site.store.create({ ...visitor(1), first_name: HOSTILE });
    await Promise.all(SERVICES.map((s) => chats[s].until(1)));
    for (const service of SERVICES) expect(shown(service, chats[service].received[0])).toContain(HOSTILE);
    for (let i = 0; i < 100; i++) {
      const rows = await ctx.site.db.selectFrom('outbox').select(['channel', 'status']).where('lead_id', '=', lead.id).execute();
      if (rows.length === 3 && rows.every((r) => r.status === 'delivered')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const rows = await ctx.site.db.selectFrom('outbox').select(['channel', 'status']).where('lead_id', '=', lead.id).orderBy('channel').execute();
    expect(rows).toEqual([
      { channel: 'slack', status: 'delivered' },
      { channel: 'teams', status: 'delivered' },
      { channel: 'telegram', status: 'delivered' },
    ]);
    expect(await ctx.notifications.health()).toEqual({ slack: 'ok', teams: 'ok', telegram: 'ok' });
  });

  it('calls a channel failing at once when its hook is gone, with the service’s own words, and still tells the others', async () => {
    chats.slack.answers.push(SERVICE_ANSWERS.slackGone);
    const before = chats.telegram.received.length;
    const { lead } = await ctx.site.store.create(visitor(2));
    await chats.telegram.until(before + 1);
    for (let i = 0; i < 100 && (await ctx.notifications.health()).slack !== 'failing'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await ctx.notifications.health()).toEqual({ slack: 'failing', teams: 'ok', telegram: 'ok' });
    const slack = await ctx.site.db.selectFrom('outbox').select(['status', 'last_error']).where('lead_id', '=', lead.id).where('channel', '=', 'slack').executeTakeFirstOrThrow();
    expect(slack).toEqual({ status: 'failed', last_error: 'answered 404 no_service: the address is gone; set it anew' });
  });
});

describeApp('a booking through the API, with the three chats set up,', (site) => {
  const chats = useChatServices();

  it('reaches Slack, Teams and Telegram within the test’s five seconds, in the operator’s language', async () => {
    const app = await site.build({ environment: { ...chats.environment, OPERATOR_LOCALE: 'bg' }, notifications: { operatorLocale: 'bg', reminderHours: 20 }, deliver: true });
    const before = SERVICES.map((s) => chats[s].received.length);
    const res = await app.inject({ method: 'POST', url: '/api/discovery-calls', payload: { ...visitor(7), first_name: 'Мария', business_name: 'Пекарна „Зора“' } });
    expect(res.statusCode).toBe(201);
    await Promise.all(SERVICES.map((s, i) => chats[s].until(before[i]! + 1)));
    for (const [i, service] of SERVICES.entries()) {
      expect(shown(service, chats[service].received[before[i]!])).toContain('Нова заявка за консултация: Мария, Пекарна „Зора“');
    }
  });
});
