// The leads inbox's contract, shared by the server's /api/admin/ routes and the inbox page: the list's
// filters (one zod schema reads the query on the server and is what the page builds its URLs from), and
// the shapes of the answers: zod schemas the API's description reads (server/http/openapi.ts), each
// type derived from its schema. Nothing here knows about the DOM or Node.
import { z } from './zod.ts';
import { ATTRIBUTION_KEYS, ATTRIBUTION_MAX, type AttributionKey } from './attribution.ts';
import { FUNNEL_STEPS, type FunnelCounts } from './funnel.ts';
import { LEAD_SOURCES, LEAD_STATUSES, leadEmail, SERVICES } from './booking.ts';
import { conversationJson } from './conversations.ts';
import { callbackJson } from './callbacks.ts';
import { LOCALES, type Locale } from './locale.ts';
import { AGENCY_TIME_ZONE, MEETING_STATUSES } from './meetings.ts';
import { SPAM_REASONS } from './spam.ts';
import { storableText } from './text.ts';

/**
 * A notification channel's name (`webhook`, `email`, `visitor`…): the server's registry of channels
 * holds them, with their names in both languages, which the inbox reads from GET /api/admin/me.
 */
export const channelName = z.string().describe('A notification channel: webhook, email, visitor, or another the site registers');
export type Channel = z.output<typeof channelName>;

/** A channel's names in one language: alone, and in a sentence. */
const channelNames = z.object({ name: z.string(), phrase: z.string() });

/**
 * A channel as the inbox shows it: its names in each language, whether it is configured, whom it tells,
 * whether it may be tried with a sample message, and, once configured, its state and the service's
 * words for its last failure.
 */
export const channelDescription = z.object({
  name: channelName,
  names: z.object(Object.fromEntries(LOCALES.map((l) => [l, channelNames])) as Record<Locale, typeof channelNames>),
  configured: z.boolean(),
  audience: z.enum(['operator', 'visitor']),
  samples: z.boolean(),
  health: z.enum(['ok', 'failing']).nullable(),
  last_error: z.string().nullable(),
});
export type ChannelDescription = z.output<typeof channelDescription>;

/** What a lead's timeline records. */
export const LEAD_EVENT_TYPES = [
  'created',
  'notification.delivered',
  'notification.failed',
  'status',
  'note',
  'spam',
  'restored',
  'meeting.booked',
  'meeting.rescheduled',
  'meeting.cancelled',
  'meeting.held',
  'meeting.no_show',
] as const;
export type LeadEventType = (typeof LEAD_EVENT_TYPES)[number];

/**
 * What an outbox entry announces. The meeting kinds are about the entry's `meeting_id`: to the operator
 * (webhook, email) its booking, move and cancellation; to the visitor (channel `visitor`) the invitation,
 * its update or cancellation, the reminders before it, and after a no-show the offer to book again.
 */
export const OUTBOX_KINDS = [
  'lead.created',
  'lead.reminder',
  'visitor.confirmation',
  'meeting.booked',
  'meeting.rescheduled',
  'meeting.cancelled',
  'meeting.reminder',
  'meeting.no_show',
  'conversation.ended',
  'callback.call',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Why leads were erased, as the audit of erasures records it: an operator asked (the person's request),
 * the daily sweep found them closed longer than LEAD_RETENTION_DAYS, or flagged as spam longer than
 * SPAM_RETENTION_DAYS.
 */
export const ERASURE_REASONS = ['request', 'retention', 'spam'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];

/**
 * The agency's days: the date-range filter and the chart count a day as it is in Sofia, where the
 * agency works, whatever the server's or the operator's clock says.
 */
export const INBOX_TIME_ZONE = AGENCY_TIME_ZONE;

/** Leads per page of the list, unless the request asks for fewer (or more, up to the maximum). */
export const INBOX_PAGE_SIZE = 25;
export const INBOX_MAX_PAGE_SIZE = 100;
/** The longest search the list accepts, in characters. */
export const SEARCH_MAX_LENGTH = 100;
/** The longest note an operator may add to a lead. */
export const NOTE_MAX_LENGTH = 2000;
/** The chart's spans, in days. */
export const CHART_SPANS = [30, 90] as const;
export type ChartSpan = (typeof CHART_SPANS)[number];

/** `YYYY-MM-DD`, a real date: a day in INBOX_TIME_ZONE. */
const day = z.iso.date();

/**
 * The list's filters, as the query string carries them (every value a string). The CSV export takes
 * the same filters, so what is exported is what the list shows.
 */
export const leadFilters = z
  .object({
    status: z.enum(LEAD_STATUSES).optional(),
    service: z.enum(SERVICES).optional(),
    locale: z.enum(LOCALES).optional(),
    /** The first day, inclusive. */
    from: day.optional(),
    /** The last day, inclusive. */
    to: day.optional(),
    /** Only leads still `pending` past the call-back promise (CALL_BACK_HOURS). */
    overdue: z.literal('true').optional(),
    /** Only leads made this way: the booking form, a call with Alex, a chat with Lana. */
    via: z.enum(LEAD_SOURCES).optional(),
    /** Only leads no operator has opened yet. */
    unseen: z.literal('true').optional(),
    /** The requests taken for spam (shared/spam.ts) instead of the leads: the inbox's Spam view. */
    spam: z.literal('true').optional(),
    /**
     * Matches name, email, phone and business name, ignoring case; a phone ignoring its spacing and
     * found by its digits as typed, in E.164, or written the national way (server/leads/lead-search.ts).
     */
    q: z.string().overwrite(storableText).trim().max(SEARCH_MAX_LENGTH).optional(),
    /** Only leads whose first touch had this utm_source, exactly as stored. */
    source: z.string().overwrite(storableText).trim().min(1).max(ATTRIBUTION_MAX).optional(),
    /** Only leads whose first touch had this utm_campaign, exactly as stored. */
    campaign: z.string().overwrite(storableText).trim().min(1).max(ATTRIBUTION_MAX).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'range' });
export type LeadFilters = z.output<typeof leadFilters>;

/**
 * The export's two shapes (server/inbox/csv.ts): `csv`, comma-separated as RFC 4180 has it, for tools and
 * for spreadsheets set to a comma; `excel`, semicolon-separated, which Excel opens with a double click
 * where the list separator is `;` (Bulgarian, German and most of Europe's settings).
 */
export const EXPORT_SHAPES = ['csv', 'excel'] as const;
export type ExportShape = (typeof EXPORT_SHAPES)[number];
export const EXPORT_VALUES = ['words', 'codes'] as const;
export type ExportValues = (typeof EXPORT_VALUES)[number];

/**
 * The export's own query, beside the list's filters: its shape, and the language of its headers (the
 * inbox's, which the browser's Accept-Language may not be). A value it does not know falls back.
 */
export const exportQuery = z.object({
  shape: z.enum(EXPORT_SHAPES).catch('csv'),
  lang: z.enum(LOCALES).optional().catch(undefined),
  /** The coded values (status, service, product, language, channel, spam reason): as words in `lang`, or as the codes tools key on. By default words in the `excel` shape (for people), codes in the `csv` one (for tools). */
  values: z.enum(EXPORT_VALUES).optional().catch(undefined),
});

/** A page of the list: the filters, where the previous page ended (opaque), and how many. */
export const leadListQuery = z.intersection(
  leadFilters,
  z.object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(INBOX_MAX_PAGE_SIZE).default(INBOX_PAGE_SIZE),
  }),
);
export type LeadListQuery = z.output<typeof leadListQuery>;

export const statusChange = z.object({ status: z.enum(LEAD_STATUSES) });
export const newNote = z.object({ text: z.string().overwrite(storableText).trim().min(1).max(NOTE_MAX_LENGTH) });
export const chartQuery = z.object({
  days: z.enum(CHART_SPANS.map(String) as ['30', '90']).default('30').transform(Number),
});

/** One person, by the email their leads carry: their data's export, and how many leads an erasure takes. */
export const personQuery = z.object({ email: leadEmail });
/**
 * The erasure of a person: the count the operator confirmed goes with it, so leads that came or went
 * since the confirmation was shown stop it (409) instead of going unseen.
 */
export const personErasure = z.object({ email: leadEmail, expected: z.number().int().min(1) });

/** A lead as a row of the list. Times are ISO-8601 strings. */
export const leadSummary = z.object({
  id: z.string(),
  first_name: z.string(),
  business_name: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.enum(SERVICES),
  product: z.string(),
  status: z.enum(LEAD_STATUSES),
  locale: z.enum(LOCALES),
  created_at: z.string(),
  /** When an operator first opened it; null while unseen. */
  seen_at: z.string().nullable(),
  /** Why it was taken for spam; null for a lead (and for one an operator restored). */
  spam_reason: z.enum(SPAM_REASONS).nullable(),
  /** Where it was made: the form, a call with Alex (voice) or a chat with Lana. */
  source: z.enum(LEAD_SOURCES),
});
export type LeadSummary = z.output<typeof leadSummary>;

export const leadPage = z.object({
  leads: z.array(leadSummary),
  /** The cursor of the next page; null on the last. */
  next: z.string().nullable(),
});
export type LeadPage = z.output<typeof leadPage>;

/** Every field of a lead, for its page; its attribution (shared/attribution.ts) null where the visit carried none. */
export const leadDetail = leadSummary.extend({
  ...(Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, z.string().nullable()])) as Record<AttributionKey, z.ZodNullable<z.ZodString>>),
  /** `phone` in E.164 (`+359888123456`), for a call; null where it cannot be read as a number, and for a lead stored before it was kept. */
  phone_e164: z.string().nullable(),
  custom_service: z.string(),
  updated_at: z.string(),
  /** The version of the privacy notice the form linked to; null for a lead sent before there was one. */
  privacy_notice_version: z.string().nullable(),
  /** The language of that notice. */
  privacy_notice_locale: z.enum(LOCALES).nullable(),
  /** When the visitor asked Alex to phone them at once, and the version of the words they agreed to; null when they did not. */
  callback_consent_at: z.string().nullable(),
  callback_consent_version: z.string().nullable(),
});
export type LeadDetail = z.output<typeof leadDetail>;

export const timelineEntry = z.object({
  id: z.string(),
  type: z.enum(LEAD_EVENT_TYPES),
  /** The channel and kind of a notification, the new status, or the note's text. */
  detail: z.string(),
  /** A notification's channel and kind; null for every other entry. */
  channel: channelName.nullable(),
  kind: z.enum(OUTBOX_KINDS).nullable(),
  /** Who did it; null for what the site did by itself. */
  operator_email: z.string().nullable(),
  created_at: z.string(),
});
export type TimelineEntry = z.output<typeof timelineEntry>;

/** One notification of a lead, with how it went. */
export const deliverySummary = z.object({
  id: z.string(),
  channel: channelName,
  kind: z.enum(OUTBOX_KINDS),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  /** When a pending one is next tried (a call back waiting for its retry); null once it is not pending. */
  next_attempt_at: z.string().nullable(),
});
export type DeliverySummary = z.output<typeof deliverySummary>;

/** A lead's latest call, as its page shows it: when, on whose clock, and the visitor's own page of it. */
export const leadMeeting = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(MEETING_STATUSES),
  /** The zone the visitor booked in. */
  time_zone: z.string(),
  /** The visitor's page of the call, where it is moved (signed: the visitor's own link). */
  manage_url: z.string(),
});
export type LeadMeeting = z.output<typeof leadMeeting>;

/** GET /api/admin/leads/:id, and the answer of every change to a lead. */
export const leadView = z.object({
  lead: leadDetail,
  /** Its latest call, whatever became of it; null while none was booked. */
  meeting: leadMeeting.nullable(),
  /** Oldest first. */
  timeline: z.array(timelineEntry),
  deliveries: z.array(deliverySummary),
  /** The conversations with the assistants that made the lead, oldest first; none for the form's. */
  conversations: z.array(conversationJson),
  /** The calls Alex placed to the lead because it asked, first try first (their conversations are among `conversations`). */
  callbacks: z.array(callbackJson),
  /** When the person of the lead's number asked Alex not to call them by an AI again; null while they have not. */
  ai_calls_declined_at: z.string().nullable(),
});
export type LeadView = z.output<typeof leadView>;

/** GET /api/admin/me: who is logged in, the notification channels, and those whose last deliveries failed. */
export const inboxSession = z.object({
  email: z.string(),
  failing_channels: z.array(channelName),
  channels: z.array(channelDescription),
});
export type InboxSession = z.output<typeof inboxSession>;

/**
 * How soon leads were first touched: from the request to the first call Alex placed that started, or
 * the first status an operator gave it, whichever came first. The minutes are of the leads touched.
 */
const firstTouchFigures = z.object({
  leads: z.number(),
  touched: z.number(),
  /** Touched first by Alex's call rather than by an operator. */
  by_alex: z.number(),
  /** Touched within the call-back promise (CALL_BACK_HOURS). */
  within_promise: z.number(),
  median_minutes: z.number().nullable(),
  p90_minutes: z.number().nullable(),
});
export type FirstTouchFigures = z.output<typeof firstTouchFigures>;

export const firstTouch = z.object({
  promise_hours: z.number(),
  /** Each week of the span (its Monday, in INBOX_TIME_ZONE), oldest first. */
  weeks: z.array(firstTouchFigures.extend({ week: z.string() })),
  /** Each way leads came in (the form, Alex, Lana) that brought one. */
  channels: z.array(firstTouchFigures.extend({ channel: z.enum(LEAD_SOURCES) })),
  all: firstTouchFigures,
});
export type FirstTouch = z.output<typeof firstTouch>;

/** GET /api/admin/stats?days=30|90. */
export const inboxStats = z.object({
  /** Every day of the span, oldest first, with its leads per service (services with none left out). */
  days: z.array(z.object({ date: z.string(), services: z.partialRecord(z.enum(SERVICES), z.number()) })),
  /** How many leads of the span are in each status now. */
  statuses: z.record(z.enum(LEAD_STATUSES), z.number()),
  first_touch: firstTouch,
});
export type InboxStats = z.output<typeof inboxStats>;

/** Each step of the booking funnel (shared/funnel.ts) with its count. */
const funnelCounts = z.record(z.enum(FUNNEL_STEPS), z.number()) satisfies z.ZodType<FunnelCounts>;

/**
 * GET /api/admin/funnel?days=30|90: the booking funnel (shared/funnel.ts) per day, oldest first, and per
 * utm_source (null: visits without one) over the span, most viewed first.
 */
export const funnelStats = z.object({
  days: z.array(z.object({ date: z.string(), counts: funnelCounts })),
  sources: z.array(z.object({ source: z.string().nullable(), counts: funnelCounts })),
  total: funnelCounts,
});
export type FunnelStats = z.output<typeof funnelStats>;

/** POST person/erasure-preview: how many leads an erasure of the person would take. */
export const erasurePreview = z.object({ leads: z.number() });
export type ErasurePreview = z.output<typeof erasurePreview>;

/** POST person/erase: how many leads went. */
export const erasureDone = z.object({ erased: z.number() });
export type ErasureDone = z.output<typeof erasureDone>;

/** An entry of a lead's timeline as the export hands it over: without the operators' own addresses. */
const exportedTimelineEntry = timelineEntry.omit({ operator_email: true });

/** A meeting the person booked, as their export lists it: instants in UTC, their zone, what became of it. */
export const exportedMeeting = z.object({
  start: z.string(),
  end: z.string(),
  status: z.enum(MEETING_STATUSES),
  time_zone: z.string(),
  booked_at: z.string(),
  changed_at: z.string(),
});
export type ExportedMeeting = z.output<typeof exportedMeeting>;

/** POST person/export: every lead with the email, each with its timeline, notifications, meetings and conversations. */
export const personExport = z.object({
  email: z.string(),
  exported_at: z.string(),
  leads: z.array(
    leadDetail.extend({
      timeline: z.array(exportedTimelineEntry),
      deliveries: z.array(deliverySummary),
      meetings: z.array(exportedMeeting),
      conversations: z.array(conversationJson),
      /** The calls Alex placed because the lead asked, and when its person asked not to be called by an AI. */
      callbacks: z.array(callbackJson),
      ai_calls_declined_at: z.string().nullable(),
    }),
  ),
});
export type PersonExport = z.output<typeof personExport>;

/** The API's routes, for the page to call and the server to register. */
export const INBOX_API = {
  me: '/api/admin/me',
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  leads: '/api/admin/leads',
  export: '/api/admin/leads/export.csv',
  lead: (id: string) => `/api/admin/leads/${encodeURIComponent(id)}`,
  seen: (id: string) => `/api/admin/leads/${encodeURIComponent(id)}/seen`,
  status: (id: string) => `/api/admin/leads/${encodeURIComponent(id)}/status`,
  notes: (id: string) => `/api/admin/leads/${encodeURIComponent(id)}/notes`,
  /** A request taken for spam made a lead: it notifies as a new lead does. */
  restore: (id: string) => `/api/admin/leads/${encodeURIComponent(id)}/restore`,
  /** Stops Alex calling the lead (POST): a call not yet placed is withdrawn, one Vapi holds for the calling hours taken back. */
  callbackStop: (id: string) => `/api/admin/leads/${encodeURIComponent(id)}/callback/stop`,
  /** The operator's own calendar feed address (GET), and a new one in its place (POST). */
  calendar: '/api/admin/calendar',
  calendarRenew: '/api/admin/calendar/renew',
  /** The recent conversations with Alex and Lana, with or without a lead (`?q=` searches them). */
  conversations: '/api/admin/conversations',
  /** The agenda: the meetings of today and the days ahead (`?days=`, 7 by default). */
  agenda: '/api/admin/meetings',
  /** Cancels a booked call for the visitor (POST): the slot is freed and the visitor told once. */
  meetingCancel: (id: string) => `/api/admin/meetings/${encodeURIComponent(id)}/cancel`,
  /** Marks a meeting held or a no-show (POST), from its start; takes the mark back (DELETE) within OUTCOME_UNDO_MS. */
  meetingOutcome: (id: string) => `/api/admin/meetings/${encodeURIComponent(id)}/outcome`,
  resend: (deliveryId: string) => `/api/admin/deliveries/${encodeURIComponent(deliveryId)}/resend`,
  stats: '/api/admin/stats',
  funnel: '/api/admin/funnel',
  /** A person's data, by email (POST, so the address stays out of every log and history). */
  personExport: '/api/admin/person/export',
  personErasurePreview: '/api/admin/person/erasure-preview',
  personErase: '/api/admin/person/erase',
  /** A sample message through one of the agency's notification channels (POST), to try its setting. */
  channelSample: (name: string) => `/api/admin/channels/${name === ':name' ? name : encodeURIComponent(name)}/sample`,
} as const;

/** The inbox's own pages: the list at /admin, a lead at /admin/leads/<id> (the emails link there). */
export const INBOX_PATH = '/admin';
export const inboxLeadPath = (id: string) => `${INBOX_PATH}/leads/${encodeURIComponent(id)}`;
