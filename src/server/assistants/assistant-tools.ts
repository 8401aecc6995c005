// The tools Alex and Lana call (their definitions: assistants/tools/): the free times, booking the
// discovery call, and, on a call Alex placed, the person's wish not to be called by an AI again. Each answers a sentence the assistant can say, in the conversation's language, or an
// `error` that says what to ask again; never a field's name, a code or a stack trace. A lead is made
// through the same schema, store and outbox as the form's, with its source (voice or chat) and the
// visit's attribution when the page's token is genuine; one conversation makes at most one lead, and
// a second booking in it moves that lead's meeting.
import { assistantSpeech, type AssistantSpeech } from '../../content/i18n/assistant-speech.ts';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { format } from '../../content/i18n/template.ts';
import { business } from '../../content/site.ts';
import { ALL_PRODUCTS } from '../../shared/service-lines.ts';
import { parseDiscoveryCall, productsOf, SERVICES, usesDescription, type Field, type FieldError } from '../../shared/booking.ts';
import type { Attribution } from '../../shared/attribution.ts';
import type { Locale } from '../../shared/locale.ts';
import { AGENCY_TIME_ZONE } from '../../shared/meetings.ts';
import { sameClock } from '../../shared/meeting-times.ts';
import { formatter } from '../../shared/inbox-time.ts';
import type { Lead, LeadStore } from '../leads/lead-store.ts';
import { isTimeZone, type Interval } from '../meetings/availability.ts';
import type { MeetingDesk } from '../meetings/meeting-desk.ts';
import { bookedMeetingOf } from '../meetings/meeting-store.ts';
import { conversationLeadKey, linkLead } from '../leads/conversation-store.ts';
import { declineAiCalls } from '../leads/callbacks.ts';
import type { ConversationContext, ToolCall } from './vapi-messages.ts';

/** A tool's answer, as Vapi takes it back. */
export type ToolAnswer = { result: string } | { error: string };

export interface AssistantToolsOptions {
  desk: MeetingDesk;
  leads: LeadStore;
  /** Leads all the assistants may make in an hour (ASSISTANT_LEADS_PER_HOUR). */
  leadsPerHour: number;
  /** The first-touch attribution a visit token holds; undefined for a missing, forged or stale one. */
  attributionOf(token: string | undefined): Promise<Attribution | undefined>;
  /** The lead a call Alex placed names (its signed reference); undefined for a missing or forged one. */
  leadOf?(ref: string): Promise<string | undefined>;
}

const TAGS: Record<Locale, string> = { en: 'en-GB', bg: 'bg-BG' };
/** How many days, and times a day, the free times' sentence names: enough to choose, short to say. */
const DAYS_SAID = 3;
const TIMES_A_DAY = 4;

// The formatters are made once per language and zone, and bounded (shared/inbox-time.ts).
const dayKey = (at: Date) => formatter('en-CA', { timeZone: AGENCY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const dayWords = (at: Date, locale: Locale) => formatter(TAGS[locale], { timeZone: AGENCY_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' }).format(at);
const clock = (at: Date, locale: Locale, zone: string) => formatter(TAGS[locale], { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** "a, b or c" in the language. */
const listed = (items: string[], or: string) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${or} ${items.at(-1)}`);

/** Up to `count` of a day's slots, spread over the day rather than the first few in a row. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);
}

/**
 * The free times as a sentence, then the instants to pass back (`<day> <time> = <instant>`), all on one
 * line: Vapi ignores a tool's result that is not a single line.
 */
export function slotsSentence(slots: readonly Interval[], locale: Locale, zone: string | undefined, t: AssistantSpeech = assistantSpeech[locale]): string {
  const byDay = new Map<string, Interval[]>();
  for (const slot of slots) {
    const key = dayKey(slot.start);
    if (!byDay.has(key) && byDay.size === DAYS_SAID) break;
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }
  const other = zone && !sameClock(zone) ? zone : undefined;
  const said: Interval[] = [];
  const days = [...byDay.values()].map((daySlots) => {
    const chosen = spread(daySlots, TIMES_A_DAY);
    said.push(...chosen);
    const times = chosen.map((s) => clock(s.start, locale, AGENCY_TIME_ZONE) + (other ? ` (${format(t.yourTime, { time: clock(s.start, locale, other) })})` : ''));
    return `${dayWords(daySlots[0]!.start, locale)} ${t.at} ${listed(times, t.or)}`;
  });
  const values = said.map((s) => `${dayWords(s.start, locale)} ${clock(s.start, locale, AGENCY_TIME_ZONE)} = ${s.start.toISOString()}`).join('; ');
  return `${format(t.slots, { days: days.join('; ') })} ${format(t.startValues, { values })}`;
}

/** A service named canonically or in either language, any letter case; the name as typed otherwise. */
function canonicalService(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const wanted = value.trim().toLowerCase();
  return SERVICES.find((s) => s.toLowerCase() === wanted || Object.values(bookingTexts).some((t) => t.services[s].toLowerCase() === wanted)) ?? value;
}

/** A product named in any letter case; the service's only product when it has one; "all" for every one. */
function canonicalProduct(service: unknown, value: unknown): unknown {
  if (typeof service !== 'string') return value;
  const products = productsOf(service);
  const real = products.filter((p) => p !== ALL_PRODUCTS);
  if (real.length === 1 && (value === undefined || value === '')) return real[0];
  if (typeof value !== 'string') return value;
  const wanted = value.trim().toLowerCase();
  if (/^(all|all of them|всичко|всички)$/.test(wanted) && products.includes(ALL_PRODUCTS)) return ALL_PRODUCTS;
  return products.find((p) => p.toLowerCase() === wanted) ?? value;
}

/** What to ask again, for the first field the arguments got wrong. */
function fieldMessage(field: Field, error: FieldError, service: unknown, t: AssistantSpeech): string {
  const services = SERVICES.join(', ');
  const products = typeof service === 'string' ? productsOf(service).join(', ') : '';
  switch (error.code) {
    case 'required':
      return format(t.missing[field], { services, products });
    case 'invalidEmail':
      return t.invalidEmail;
    case 'invalidPhone':
    case 'impossiblePhone':
      return t.invalidPhone;
    case 'invalidService':
      return format(t.invalidService, { services });
    case 'invalidProduct':
      return format(t.invalidProduct, { products });
    case 'tooLong':
      return format(t.tooLong, { field: t.fieldNames[field] });
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function createAssistantTools(opts: AssistantToolsOptions) {
  const { desk, leads } = opts;

  async function findSlots(args: Record<string, unknown>, locale: Locale): Promise<ToolAnswer> {
    const t = assistantSpeech[locale];
    const zone = text(args.time_zone);
    const at = desk.now();
    let slots = await desk.listedFree(at);
    const day = text(args.day)?.trim();
    if (day) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T12:00:00Z`))) return { error: t.badDay };
      const thatDay = slots.filter((s) => dayKey(s.start) === day);
      if (thatDay.length) slots = thatDay;
      else if (slots.length) return { result: `${format(t.noSlotsThatDay, { day: dayWords(new Date(`${day}T12:00:00Z`), locale) })} ${slotsSentence(slots, locale, zone && isTimeZone(zone) ? zone : undefined, t)}` };
    }
    if (!slots.length) return { result: t.noSlots };
    return { result: slotsSentence(slots, locale, zone && isTimeZone(zone) ? zone : undefined, t) };
  }

  /** Whether the assistants have made ASSISTANT_LEADS_PER_HOUR leads in the last hour. */
  async function overLimit(at: Date): Promise<boolean> {
    if (opts.leadsPerHour <= 0) return true;
    const since = new Date(at.getTime() - 3_600_000).toISOString();
    const row = await desk.db
      .selectFrom('discovery_calls')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('source', 'in', ['voice', 'chat'])
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0) >= opts.leadsPerHour;
  }

  /** The time a booking asks for (`start`, on the caller's `time_zone`), or the error that offers the free ones. */
  async function timeOf(args: Record<string, unknown>, locale: Locale): Promise<{ at: Date; zone: string; slot: Interval | undefined } | { error: string }> {
    const at = desk.now();
    const zoneArg = text(args.time_zone);
    const zone = zoneArg && isTimeZone(zoneArg) ? zoneArg : AGENCY_TIME_ZONE;
    const start = text(args.start);
    const slot = start ? desk.slotAt(start, at) : undefined;
    if (start && !slot) return { error: format(assistantSpeech[locale].notASlot, { slots: slotsSentence(await desk.free(at), locale, zone) }) };
    return { at, zone, slot };
  }

  async function book(args: Record<string, unknown>, context: ConversationContext & { callId: string }): Promise<ToolAnswer & { leadId?: string }> {
    const { locale } = context;
    const t = assistantSpeech[locale];
    if (context.leadRef !== undefined) {
      const time = await timeOf(args, locale);
      return 'error' in time ? time : bookCalledLead(context.leadRef, time.slot, time.zone, time.at, context);
    }
    const service = canonicalService(args.service);
    const parsed = parseDiscoveryCall({
      ...args,
      service,
      product: usesDescription(typeof service === 'string' ? service : '') ? '' : canonicalProduct(service, args.product),
      locale,
    });
    if (!parsed.ok) {
      const [field, error] = Object.entries(parsed.fields)[0] as [Field, FieldError];
      return { error: fieldMessage(field, error, service, t) };
    }
    const time = await timeOf(args, locale);
    if ('error' in time) return time;
    const { at, zone, slot } = time;

    const key = conversationLeadKey(context.callId);
    let lead = await leads.findByIdempotencyKey(key);
    // Only a lead this conversation made is this conversation's: never one taken for spam, nor one the
    // form made under the conversation's key (stored before the form refused such keys).
    if (lead && (lead.spam_reason !== null || lead.source !== context.channel)) return { error: t.unavailable };
    if (!lead) {
      if (await overLimit(at)) return { error: format(t.limit, { phone: business.phone }) };
      const attribution = (await opts.attributionOf(context.visitToken)) ?? {};
      ({ lead } = await leads.create({ ...parsed.value, attribution }, key, { source: context.channel }));
    }
    await linkLead(desk.db, context, lead.id, at);
    return bookSlot(lead, slot, zone, at, locale);
  }

  /**
   * Books the lead a call Alex placed is about: the one its signed reference names, while it is not
   * spam. What the lead says of themselves in the call changes nothing of what they gave the form.
   */
  async function bookCalledLead(ref: string, slot: Interval | undefined, zone: string, at: Date, context: ConversationContext & { callId: string }): Promise<ToolAnswer & { leadId?: string }> {
    const t = assistantSpeech[context.locale];
    const leadId = await opts.leadOf?.(ref);
    const lead = leadId ? await leads.get(leadId) : undefined;
    // A lead given up on books nothing, as its own link does not (meetings/meeting-routes.ts).
    if (!lead || lead.spam_reason !== null || lead.status === 'lost') return { error: t.unavailable };
    await linkLead(desk.db, context, lead.id, at);
    return bookSlot(lead, slot, zone, at, context.locale);
  }

  /** On a call Alex placed: the person asked not to be called by an AI; kept for their number, and honoured. */
  async function declineAiCallsOf(context: ConversationContext): Promise<ToolAnswer & { leadId?: string }> {
    const t = assistantSpeech[context.locale];
    const leadId = context.leadRef === undefined ? undefined : await opts.leadOf?.(context.leadRef);
    if (!leadId || !(await declineAiCalls(desk.db, leadId, desk.now()))) return { result: t.notACallback };
    return { result: t.aiCallsDeclined, leadId };
  }

  async function bookSlot(lead: Lead, slot: Interval | undefined, zone: string, at: Date, locale: Locale): Promise<ToolAnswer & { leadId?: string }> {
    const t = assistantSpeech[locale];
    const email = lead.email;
    if (!slot) return { result: format(t.requested, { name: lead.first_name }), leadId: lead.id };

    const when = (s: Interval) => `${dayWords(s.start, locale)} ${t.at} ${clock(s.start, locale, AGENCY_TIME_ZONE)}`;
    const existing = await bookedMeetingOf(desk.db, lead.id);
    const mail = desk.invitesVisitor;
    if (existing && existing.start.getTime() === slot.start.getTime()) {
      return { result: format(mail ? t.booked : t.bookedNoMail, { when: when(existing), email }), leadId: lead.id };
    }
    const outcome = existing ? await desk.move(existing, slot, zone, at) : await desk.book(lead.id, slot, zone, at);
    if (outcome === 'taken' || outcome === 'gone') {
      return { error: format(t.slotTaken, { slots: slotsSentence(await desk.free(at), locale, zone, t) }), leadId: lead.id };
    }
    const sentence = existing ? (mail ? t.moved : t.movedNoMail) : mail ? t.booked : t.bookedNoMail;
    return { result: format(sentence, { when: when(outcome), email }), leadId: lead.id };
  }

  return {
    /** Answers one tool call; `leadId` names the lead it made or changed. */
    async answer(call: ToolCall, context: ConversationContext): Promise<ToolAnswer & { leadId?: string }> {
      const t = assistantSpeech[context.locale];
      if (call.name === 'find_meeting_slots') return findSlots(call.args, context.locale);
      if (call.name === 'book_discovery_call') {
        // A conversation without an id could not be held to one lead: its tools do not book.
        if (!context.callId) return { error: t.unavailable };
        return book(call.args, { ...context, callId: context.callId });
      }
      if (call.name === 'decline_ai_calls') return declineAiCallsOf(context);
      return { error: t.unknownTool };
    },
  };
}

export type AssistantTools = ReturnType<typeof createAssistantTools>;
