import { describe, expect, it } from 'vitest';
import { inboxTexts } from '../content/i18n/inbox.ts';
import { answerOf, errorMessageOf, fileNameOf } from './api.ts';

describe("the inbox's messages for a refused call", () => {
  const t = inboxTexts.bg;
  it("are the server's own words where it sent them (already in the inbox's language)", () => {
    expect(errorMessageOf(401, { error: 'Имейлът или паролата не са верни.' }, null, t)).toBe('Имейлът или паролата не са верни.');
  });

  it('else say what the status means, in the inbox language', () => {
    expect(errorMessageOf(429, undefined, '600', t)).toBe('Твърде много опити. Моля, опитайте отново след 10 мин.');
    expect(errorMessageOf(429, { error: '' }, null, t)).toBe('Твърде много опити. Моля, опитайте отново след 1 мин.');
    expect(errorMessageOf(404, '<html>', null, t)).toBe(t.errors.notFound);
    expect(errorMessageOf(502, undefined, null, t)).toBe(t.errors.server);
  });
});

describe('a download’s file name', () => {
  it('is the one the server gives, or the fallback', () => {
    expect(fileNameOf('attachment; filename="lead-data-2026-11-25.json"', 'data.json')).toBe('lead-data-2026-11-25.json');
    expect(fileNameOf(null, 'data.json')).toBe('data.json');
    expect(fileNameOf('attachment', 'data.json')).toBe('data.json');
  });
});

describe('an answer as the inbox shows it', () => {
  it('shows the direction controls of every text as codes, however deep, and keeps the rest', () => {
    const lead = { id: 'a1', first_name: 'Eve\u202Egnp.exe', seen: true, notes: [{ text: '\u2067x\u2069' }], count: 2 };
    expect(answerOf(JSON.stringify(lead))).toEqual({
      id: 'a1',
      first_name: 'Eve[U+202E]gnp.exe',
      seen: true,
      notes: [{ text: '[U+2067]x[U+2069]' }],
      count: 2,
    });
  });

  it('is undefined for an empty answer or one that is not JSON', () => {
    expect(answerOf('')).toBeUndefined();
    expect(answerOf('<html>')).toBeUndefined();
  });
});
