// What the visual snapshots are drawn from, the same on every run: a fixed "now", the free slots of
// the days after it, a visitor's booked call, an inbox of six leads, and a lead Alex called back. Typed by the API's own shapes,
// so a change of shape fails the typecheck rather than the pictures.
import type { Page, Route } from '@playwright/test';
import { PRODUCTS, SERVICES } from '../src/shared/booking.ts';
import type { AgendaMeeting } from '../src/shared/agenda.ts';
import { INBOX_API, type FunnelStats, type InboxSession, type InboxStats, type LeadDetail, type LeadPage, type LeadSummary, type LeadView } from '../src/shared/inbox.ts';
import { MEETING_SLOTS_PATH, type MeetingJson, type MeetingSlotsJson } from '../src/shared/meetings.ts';
import { describeChannels } from '../src/server/notifications/channels/index.ts';

/** Monday 14 December 2026, 09:30 in Sofia. */
export const NOW = new Date('2026-12-14T07:30:00Z');

const at = (iso: string) => new Date(iso).toISOString();
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

/** Three days of slots, 10:00 to 17:00 in Sofia (UTC+2), 30 minutes each, from the day after NOW. */
export const SLOTS: MeetingSlotsJson = {
  timeZone: 'Europe/Sofia',
  slots: [15, 16, 17].flatMap((day) =>
    [8, 9, 10, 11, 12, 13, 14].flatMap((hour) =>
      [0, 30].map((minute) => {
        const start = new Date(Date.UTC(2026, 11, day, hour, minute));
        return { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() };
      }),
    ),
  ),
};

/** The visitor's booked call, as the manage page gets it. */
export const MEETING: MeetingJson = { start: at('2026-12-15T09:00:00Z'), end: at('2026-12-15T09:30:00Z'), status: 'booked', timeZone: 'Europe/Sofia' };
/** A manage link of the right shape: the page is drawn from MEETING whatever the token. */
export const MEETING_PATH = `/meeting/01900000-0000-7000-8000-000000000000.${'A'.repeat(43)}`;

const service = (n: number) => SERVICES[n % SERVICES.length]!;
const lead = (n: number, fields: Partial<LeadSummary>): LeadSummary => ({
  id: `0190f000-0000-7000-8000-00000000000${n}`,
  first_name: 'Ana',
  business_name: 'Ana Dental',
  email: `lead${n}@example.com`,
  phone: '+359 88 555 0199',
  service: service(n),
  product: PRODUCTS[service(n)]![0]!,
  status: 'pending',
  locale: 'en',
  created_at: minutesBefore(12 * n + 5),
  seen_at: null,
  spam_reason: null,
  source: 'form',
  ...fields,
});

/** When the lead of LEAD_VIEW has its call: today at 11:00 in Sofia, first on the agenda. */
const AGENDA_START = at('2026-12-14T09:00:00Z');

export const LEADS: LeadSummary[] = [
  lead(1, { first_name: 'Ana', business_name: 'Ana Dental', locale: 'en' }),
  lead(2, { first_name: 'Георги', business_name: 'Автосервиз Георгиев', phone: '0888 123 456', locale: 'bg', source: 'voice', seen_at: minutesBefore(10) }),
  lead(3, { first_name: 'Maria', business_name: 'Sofia Bakery & Café', status: 'contacted', seen_at: minutesBefore(60), source: 'chat' }),
  lead(4, { first_name: 'Иван', business_name: 'Хотел Витоша', locale: 'bg', status: 'scheduled', seen_at: minutesBefore(200), created_at: minutesBefore(60 * 26) }),
  lead(5, { first_name: 'Peter', business_name: 'Plovdiv Law Office', status: 'won', seen_at: minutesBefore(3000), created_at: minutesBefore(60 * 72) }),
  lead(6, { first_name: 'Elena', business_name: 'Varna Yoga Studio', status: 'lost', seen_at: minutesBefore(6000), created_at: minutesBefore(60 * 24 * 6) }),
];

export const LEAD_VIEW: LeadView = {
  lead: {
    ...(LEADS[3] as LeadSummary),
    phone: '0888 123 456',
    phone_e164: '+359888123456',
    custom_service: '',
    updated_at: minutesBefore(200),
    privacy_notice_version: '2026-11-01',
    privacy_notice_locale: 'bg',
    callback_consent_at: null,
    callback_consent_version: null,
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'winter-hotels',
    utm_term: null,
    utm_content: null,
    gclid: null,
    fbclid: null,
    referrer_host: 'www.google.com',
    landing_path: '/bg/',
  } satisfies LeadDetail,
  timeline: [
    { id: 'e1', type: 'created', detail: '', channel: null, kind: null, operator_email: null, created_at: minutesBefore(60 * 26) },
    { id: 'e2', type: 'meeting.booked', detail: AGENDA_START, channel: null, kind: null, operator_email: null, created_at: minutesBefore(60 * 26 - 3) },
    { id: 'e4', type: 'status', detail: 'scheduled', channel: null, kind: null, operator_email: 'maria@nexa-ai.example', created_at: minutesBefore(200) },
    { id: 'e3', type: 'note', detail: 'Wants the front desk answered at night; 40 rooms.', channel: null, kind: null, operator_email: 'maria@nexa-ai.example', created_at: minutesBefore(190) },
  ],
  deliveries: [
    { id: 'd1', channel: 'email', kind: 'lead.created', status: 'delivered', attempts: 1, last_error: null, created_at: minutesBefore(60 * 26), delivered_at: minutesBefore(60 * 26 - 1), next_attempt_at: null },
    { id: 'd2', channel: 'webhook', kind: 'lead.created', status: 'delivered', attempts: 2, last_error: null, created_at: minutesBefore(60 * 26), delivered_at: minutesBefore(60 * 26 - 2), next_attempt_at: null },
  ],
  conversations: [],
  callbacks: [],
  ai_calls_declined_at: null,
  meeting: { id: 'm1', start: AGENDA_START, end: at('2026-12-14T09:30:00Z'), status: 'booked', time_zone: 'Asia/Tokyo', manage_url: 'https://nexa-ai.example/bg/meeting/0190f000.sig' },
};

/**
 * A lead sent on Sunday night that asked Alex to call: the call waited for Monday's opening at 09:00,
 * rang unanswered, and the try again at 09:15 was answered and booked a call for Tuesday.
 */
export const CALLBACK_VIEW: LeadView = {
  lead: {
    ...lead(7, { first_name: 'Dimitar', business_name: 'Ruse Plumbing', email: 'dimitar@ruse-plumbing.example', phone: '088 765 4321', status: 'scheduled', seen_at: minutesBefore(5), created_at: at('2026-12-13T19:40:00Z') }),
    phone_e164: '+359887654321',
    custom_service: '',
    updated_at: at('2026-12-14T07:19:00Z'),
    privacy_notice_version: '2026-11-01',
    privacy_notice_locale: 'en',
    callback_consent_at: at('2026-12-13T19:40:00Z'),
    callback_consent_version: '2026-12-01',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    gclid: null,
    fbclid: null,
    referrer_host: null,
    landing_path: '/',
  },
  timeline: [
    { id: 'c1', type: 'created', detail: '', channel: null, kind: null, operator_email: null, created_at: at('2026-12-13T19:40:00Z') },
    { id: 'c2', type: 'meeting.booked', detail: at('2026-12-15T08:30:00Z'), channel: null, kind: null, operator_email: null, created_at: at('2026-12-14T07:18:10Z') },
  ],
  deliveries: [
    { id: 'cd1', channel: 'email', kind: 'lead.created', status: 'delivered', attempts: 1, last_error: null, created_at: at('2026-12-13T19:40:00Z'), delivered_at: at('2026-12-13T19:40:02Z'), next_attempt_at: null },
    { id: 'cd2', channel: 'callback', kind: 'callback.call', status: 'delivered', attempts: 1, last_error: null, created_at: at('2026-12-13T19:40:00Z'), delivered_at: at('2026-12-13T19:40:03Z'), next_attempt_at: null },
    { id: 'cd3', channel: 'callback', kind: 'callback.call', status: 'delivered', attempts: 1, last_error: null, created_at: at('2026-12-14T07:01:10Z'), delivered_at: at('2026-12-14T07:15:04Z'), next_attempt_at: null },
  ],
  conversations: [
    {
      id: 'cv1',
      channel: 'voice',
      locale: 'en',
      leadId: lead(7, {}).id,
      leadName: 'Dimitar · Ruse Plumbing',
      startedAt: null,
      endedAt: at('2026-12-14T07:01:05Z'),
      durationSeconds: null,
      endedReason: 'customer-did-not-answer',
      summary: null,
      transcript: [],
      recordingUrl: null,
      cost: null,
      reported: true,
      createdAt: at('2026-12-13T19:40:03Z'),
    },
    {
      id: 'cv2',
      channel: 'voice',
      locale: 'en',
      leadId: lead(7, {}).id,
      leadName: 'Dimitar · Ruse Plumbing',
      startedAt: at('2026-12-14T07:15:20Z'),
      endedAt: at('2026-12-14T07:18:32Z'),
      durationSeconds: 192,
      endedReason: 'assistant-ended-call',
      summary: 'Dimitar runs a plumbing business of six vans and misses calls while on jobs. He wants calls answered and emergencies booked after hours. Booked a call for Tuesday at 10:30.',
      transcript: [
        { speaker: 'assistant', text: 'Hello Dimitar, this is Alex from Nexa AI. You asked us to call you back about answering your calls. Is now a good time?' },
        { speaker: 'visitor', text: 'Yes, go ahead. We miss a lot of calls when the team is out on jobs.' },
        { speaker: 'assistant', text: 'I can book you a call with our team to go through it. Would tomorrow at 10:30 work?' },
        { speaker: 'visitor', text: 'Tomorrow at 10:30 is fine.' },
      ],
      recordingUrl: null,
      cost: null,
      reported: true,
      createdAt: at('2026-12-14T07:15:05Z'),
    },
  ],
  callbacks: [
    { callId: 'call-1', conversationId: 'cv1', attempt: 1, status: 'ended', outcome: 'no-answer', scheduledFor: at('2026-12-14T07:00:00Z'), startedAt: null, durationSeconds: null, createdAt: at('2026-12-13T19:40:03Z') },
    { callId: 'call-2', conversationId: 'cv2', attempt: 2, status: 'ended', outcome: 'booked', scheduledFor: null, startedAt: at('2026-12-14T07:15:20Z'), durationSeconds: 192, createdAt: at('2026-12-14T07:15:05Z') },
  ],
  ai_calls_declined_at: null,
  meeting: { id: 'm3', start: at('2026-12-15T08:30:00Z'), end: at('2026-12-15T09:00:00Z'), status: 'booked', time_zone: 'Europe/Sofia', manage_url: 'https://nexa-ai.example/meeting/0190f007.sig' },
};

export const AGENDA: { meetings: AgendaMeeting[] } = {
  meetings: [
    { id: 'm1', start: AGENDA_START, end: at('2026-12-14T09:30:00Z'), status: 'booked', marked_at: null, time_zone: 'Europe/Sofia', lead: { id: LEADS[3]!.id, first_name: 'Иван', business_name: 'Хотел Витоша', phone: '0888 123 456', phone_e164: '+359888123456', service: service(4) } },
    { id: 'm2', start: at('2026-12-15T12:30:00Z'), end: at('2026-12-15T13:00:00Z'), status: 'booked', marked_at: null, time_zone: 'Europe/London', lead: { id: LEADS[0]!.id, first_name: 'Ana', business_name: 'Ana Dental', phone: '+359 88 555 0199', phone_e164: '+359885550199', service: service(1) } },
  ],
};

const json = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** The meeting routes answer from the fixtures: the slots, and the call a manage link shows. */
export async function fixedMeetings(page: Page) {
  await page.route((url) => url.pathname === MEETING_SLOTS_PATH, (route) => json(route, SLOTS));
  await page.route((url) => url.pathname === '/api/meeting', (route) => (route.request().method() === 'GET' ? json(route, { meeting: MEETING }) : route.continue()));
}

/** Thirty days before NOW, a few leads on some of them; where they stand now. */
const STATS: InboxStats = {
  days: Array.from({ length: 30 }, (_, i) => {
    const date = new Date(NOW.getTime() - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    const services: InboxStats['days'][number]['services'] = i % 3 === 0 ? { 'Call Automation Systems': 1 + (i % 4), 'Conversion Systems': i % 2 } : i % 5 === 1 ? { 'Custom Software Development': 1 } : {};
    return { date, services };
  }),
  statuses: { pending: 4, contacted: 6, scheduled: 3, won: 5, lost: 2 },
  // The same twenty leads: most touched within the hour, a few the next day, two not yet.
  first_touch: {
    promise_hours: 24,
    weeks: [
      { week: '2026-11-09', leads: 1, touched: 1, by_alex: 0, within_promise: 1, median_minutes: 95, p90_minutes: 95 },
      { week: '2026-11-16', leads: 4, touched: 4, by_alex: 1, within_promise: 4, median_minutes: 42, p90_minutes: 310 },
      { week: '2026-11-23', leads: 3, touched: 3, by_alex: 1, within_promise: 2, median_minutes: 125, p90_minutes: 1650 },
      { week: '2026-11-30', leads: 5, touched: 5, by_alex: 2, within_promise: 4, median_minutes: 18, p90_minutes: 1510 },
      { week: '2026-12-07', leads: 5, touched: 4, by_alex: 2, within_promise: 4, median_minutes: 6.4, p90_minutes: 260 },
      { week: '2026-12-14', leads: 2, touched: 1, by_alex: 1, within_promise: 1, median_minutes: 0.6, p90_minutes: 0.6 },
    ],
    channels: [
      { channel: 'form', leads: 12, touched: 11, by_alex: 4, within_promise: 9, median_minutes: 52, p90_minutes: 1510 },
      { channel: 'voice', leads: 5, touched: 5, by_alex: 2, within_promise: 5, median_minutes: 14, p90_minutes: 190 },
      { channel: 'chat', leads: 3, touched: 2, by_alex: 1, within_promise: 2, median_minutes: 3.2, p90_minutes: 47 },
    ],
    all: { leads: 20, touched: 18, by_alex: 7, within_promise: 16, median_minutes: 38.5, p90_minutes: 1510 },
  },
};

/** The booking funnel of the same days: views down to sent requests, per day and per source. */
const counts = (view: number): FunnelStats['total'] => ({ view, open: Math.round(view * 0.3), step2: Math.round(view * 0.2), step3: Math.round(view * 0.15), sent: Math.round(view * 0.1) });
const FUNNEL: FunnelStats = {
  days: STATS.days.map((d, i) => ({ date: d.date, counts: counts(20 + ((i * 7) % 30)) })),
  sources: [
    { source: 'google', counts: counts(420) },
    { source: null, counts: counts(310) },
    { source: 'facebook', counts: counts(95) },
  ],
  total: counts(825),
};

/** The inbox's API answers from the fixtures, logged in as an operator; anything else it asks is refused. */
export async function fixedInbox(page: Page) {
  // Mail and Slack set up, and working.
  const channels = describeChannels({}).map((c) => (c.name === 'email' || c.name === 'slack' ? { ...c, configured: true, health: 'ok' as const } : c));
  const session: InboxSession = { email: 'maria@nexa-ai.example', failing_channels: [], channels };
  const list: LeadPage = { leads: LEADS, next: null };
  await page.route('**/api/admin/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === INBOX_API.me) return json(route, session);
    if (pathname === INBOX_API.leads) return json(route, list);
    if (pathname === INBOX_API.lead(LEAD_VIEW.lead.id)) return json(route, LEAD_VIEW);
    if (pathname === INBOX_API.seen(LEAD_VIEW.lead.id)) return json(route, LEAD_VIEW);
    if (pathname === INBOX_API.lead(CALLBACK_VIEW.lead.id)) return json(route, CALLBACK_VIEW);
    if (pathname === INBOX_API.agenda) return json(route, AGENDA);
    if (pathname === INBOX_API.calendar) return json(route, { url: 'https://nexa-ai.example/api/calendar/feed.ics?token=…' });
    if (pathname === INBOX_API.stats) return json(route, STATS);
    if (pathname === INBOX_API.funnel) return json(route, FUNNEL);
    return json(route, { error: 'Not in the fixtures.' }, 404);
  });
}
