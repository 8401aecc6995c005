import { describe, expect, it } from 'vitest';
import { inboxTexts } from '../../content/i18n/inbox.ts';
import { durationAttribute, durationText, endedText, isWebAddress, speakerOf, startOf } from './conversation-text.ts';

const { en, bg } = inboxTexts;

describe('a conversation in words', () => {
  it('says how long it lasted, to the second', () => {
    expect(durationText(210, en)).toBe('3 min 30 s');
    expect(durationText(209.6, en)).toBe('3 min 30 s');
    expect(durationText(45, en)).toBe('45 s');
    expect(durationText(120, en)).toBe('2 min');
    expect(durationText(0, en)).toBe('0 s');
    expect(durationText(210, bg)).toBe('3 мин 30 сек');
    expect(durationAttribute(210)).toBe('PT3M30S');
  });

  it('names the speakers: the assistant of the channel, or the visitor', () => {
    expect(speakerOf({ speaker: 'assistant', text: 'Hi' }, 'voice', en)).toBe('Alex');
    expect(speakerOf({ speaker: 'assistant', text: 'Hi' }, 'chat', en)).toBe('Lana');
    expect(speakerOf({ speaker: 'visitor', text: 'Hi' }, 'chat', bg)).toBe('Посетител');
    expect(speakerOf({ speaker: 'assistant', text: 'Hi' }, 'voice', bg)).toBe('Алекс');
  });

  it('says how it ended where the reason is known, and shows any other as it came', () => {
    expect(endedText('customer-ended-call', 'voice', en)).toBe('The visitor hung up');
    expect(endedText('assistant-ended-call', 'voice', en)).toBe('Alex ended the call');
    expect(endedText('assistant-ended-call', 'voice', bg)).toBe('Алекс приключи разговора');
    expect(endedText('pipeline-error-openai-llm-failed', 'voice', en)).toBe('pipeline-error-openai-llm-failed');
    // Not a key of the object's own prototype either.
    expect(endedText('constructor', 'chat', en)).toBe('constructor');
  });

  it('starts when the report says, else when it was first heard of', () => {
    expect(startOf({ startedAt: '2026-12-01T08:00:00.000Z', createdAt: '2026-12-01T08:04:00.000Z' })).toBe('2026-12-01T08:00:00.000Z');
    expect(startOf({ startedAt: null, createdAt: '2026-12-01T08:04:00.000Z' })).toBe('2026-12-01T08:04:00.000Z');
  });

  it('links only to a web address', () => {
    expect(isWebAddress('https://storage.vapi.ai/rec.wav')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('https://a b')).toBe(false);
  });
});
