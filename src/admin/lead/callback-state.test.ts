import { describe, expect, it } from 'vitest';
import { inboxTexts } from '../../content/i18n/inbox.ts';
import type { CallbackJson } from '../../shared/callbacks.ts';
import type { DeliverySummary, LeadView } from '../../shared/inbox.ts';
import { callbackStateOf, callbackStateText, canStop, hasCallback, isLive, type CallbackState } from './callback-state.ts';

/** Monday 14 December 2026, 09:30 in Sofia. */
const NOW = Date.parse('2026-12-14T07:30:00Z');

const call = (attempt: number, fields: Partial<CallbackJson>): CallbackJson => ({
  callId: `call-${attempt}`,
  conversationId: `conversation-${attempt}`,
  attempt,
  status: 'ended',
  outcome: null,
  scheduledFor: null,
  startedAt: null,
  durationSeconds: null,
  createdAt: '2026-12-14T07:00:00Z',
  ...fields,
});

const delivery = (fields: Partial<DeliverySummary>): DeliverySummary => ({
  id: 'd1',
  channel: 'callback',
  kind: 'callback.call',
  status: 'pending',
  attempts: 0,
  last_error: null,
  created_at: '2026-12-14T07:15:00Z',
  delivered_at: null,
  next_attempt_at: '2026-12-14T07:15:00Z',
  ...fields,
});

const view = (callbacks: CallbackJson[], deliveries: DeliverySummary[] = [], consent: string | null = null) =>
  ({ lead: { callback_consent_at: consent } as LeadView['lead'], callbacks, deliveries }) as Pick<LeadView, 'lead' | 'callbacks' | 'deliveries'>;

const words = (state: CallbackState, locale: 'en' | 'bg' = 'en') => callbackStateText(state, inboxTexts[locale], locale, NOW);

describe("Alex's call back", () => {
  it('says where the latest call stands, on the inbox’s clock', () => {
    expect(words(callbackStateOf(view([call(1, { status: 'scheduled', scheduledFor: '2026-12-15T07:00:00Z' })]), NOW))).toBe('Scheduled for 15 Dec 2026, 09:00');
    expect(words(callbackStateOf(view([call(1, { status: 'scheduled', scheduledFor: '2026-12-14T16:00:00Z' })]), NOW), 'bg')).toBe('Насрочено за 18:00');
    for (const status of ['queued', 'ringing', 'in-progress'] as const) expect(words(callbackStateOf(view([call(1, { status })]), NOW))).toBe('Calling…');
    expect(words(callbackStateOf(view([call(1, { outcome: 'answered', durationSeconds: 192 })]), NOW))).toBe('Answered · 3 min 12 s');
    expect(words(callbackStateOf(view([call(1, { outcome: 'no-answer' }), call(2, { outcome: 'booked', durationSeconds: 200 })]), NOW))).toBe('Booked a call');
    expect(words(callbackStateOf(view([call(1, { outcome: 'voicemail' })]), NOW), 'bg')).toBe('Гласова поща');
  });

  it('puts a call still to be placed before the try that came before it', () => {
    const missed = [call(1, { outcome: 'no-answer' })];
    expect(words(callbackStateOf(view(missed, [delivery({ next_attempt_at: '2026-12-14T07:45:00Z' })]), NOW))).toBe('Next try 09:45');
    expect(words(callbackStateOf(view(missed, [delivery({ next_attempt_at: '2026-12-14T07:29:00Z' })]), NOW))).toBe('Placing the call…');
    // A try that was sent is history, not a call to come.
    expect(words(callbackStateOf(view(missed, [delivery({ status: 'delivered' })]), NOW))).toBe('No answer');
  });

  it('tells a call that could not be placed from a lead that asked and got none', () => {
    expect(callbackStateOf(view([], [delivery({ status: 'failed' })]), NOW)).toEqual({ kind: 'notPlaced' });
    expect(callbackStateOf(view([], [], '2026-12-14T07:00:00Z'), NOW)).toEqual({ kind: 'none' });
  });

  it('is shown for a lead that asked, or that has a call placed or to be placed', () => {
    expect(hasCallback(view([]))).toBe(false);
    expect(hasCallback(view([], [delivery({ channel: 'email', kind: 'lead.created' })]))).toBe(false);
    expect(hasCallback(view([], [], '2026-12-14T07:00:00Z'))).toBe(true);
    expect(hasCallback(view([], [delivery({})]))).toBe(true);
    expect(hasCallback(view([], [delivery({ status: 'failed' })]))).toBe(true);
    expect(hasCallback(view([call(1, { outcome: 'stopped' })]))).toBe(true);
  });

  it('follows a call while it may change, and may stop one that has not rung', () => {
    const scheduled = view([call(1, { status: 'scheduled', scheduledFor: '2026-12-15T07:00:00Z' })]);
    expect([isLive(scheduled), canStop(scheduled)]).toEqual([true, true]);
    const ringing = view([call(1, { status: 'ringing' })]);
    expect([isLive(ringing), canStop(ringing)]).toEqual([true, false]);
    const waiting = view([call(1, { outcome: 'busy' })], [delivery({})]);
    expect([isLive(waiting), canStop(waiting)]).toEqual([true, true]);
    const done = view([call(1, { outcome: 'no-answer' }), call(2, { outcome: 'booked' })], [delivery({ status: 'delivered' })]);
    expect([isLive(done), canStop(done)]).toEqual([false, false]);
  });
});
