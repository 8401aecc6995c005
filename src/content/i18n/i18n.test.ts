import { describe, expect, it } from 'vitest';
import { SERVICES, PRODUCTS } from '../../shared/booking.ts';
import { dictionaries, format } from './index.ts';
import { plural } from './format.ts';
import { apiMessages } from './api-messages.ts';
import { bookingTexts } from './booking.ts';
import { inboxTexts } from './inbox.ts';
import { leadsCommandTexts } from './leads-command.ts';
import { backupCommandTexts } from './backup-command.ts';
import { liveChatTexts } from './live-chat.ts';
import { pageTexts } from './pages.ts';
import { privacyNotices } from '../privacy-notice.ts';
import { voiceCallTexts } from './voice-call.ts';

const leaves = (value: unknown, path = ''): [string, string][] =>
  typeof value === 'string'
    ? [[path, value]]
    : Object.entries(value as object).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));

describe('dictionaries', () => {
  it('have the same keys in every language, none of them empty', () => {
    const en = leaves(dictionaries.en).map(([k]) => k);
    const bg = leaves(dictionaries.bg);
    expect(bg.map(([k]) => k)).toEqual(en);
    expect(bg.filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it('translate every service and product into Bulgarian', () => {
    for (const s of SERVICES) expect(bookingTexts.bg.services[s]).not.toBe(s);
    for (const p of Object.values(PRODUCTS).flat()) expect(dictionaries.bg.products[p]).not.toBe(p);
  });
});

describe.each([
  ["the voice demo's call texts", voiceCallTexts],
  ["the working chat's texts", liveChatTexts],
  ["the booking dialog's texts", bookingTexts],
  ["the booking API's answers", apiMessages],
  ["the leads inbox's texts", inboxTexts],
  ["the leads command's texts", leadsCommandTexts],
  ["the other pages' texts", pageTexts],
  ['the privacy notice', privacyNotices],
  ["the backup command's texts", backupCommandTexts],
] as const)('%s (loaded with their part)', (_, texts) => {
  it('have the same keys in both languages, none empty, and Bulgarian is not English', () => {
    const en = leaves(texts.en);
    const bg = leaves(texts.bg);
    expect(bg.map(([k]) => k)).toEqual(en.map(([k]) => k));
    expect(bg.filter(([, v]) => v.trim() === '')).toEqual([]);
    for (const [key, text] of bg) expect(text, key).not.toBe(Object.fromEntries(en)[key]);
    const names = (text: string | undefined) => (text ?? '').match(/\{\w+\}/g) ?? [];
    for (const [key, text] of bg) expect(names(text), key).toEqual(names(Object.fromEntries(en)[key]));
  });
});

describe("the voice demo's call texts", () => {
  it('say "not available" in the page\'s words and the call\'s alike', () => {
    for (const locale of ['en', 'bg'] as const) expect(dictionaries[locale].alexVoice.unavailable).toBe(voiceCallTexts[locale].errors.notAvailable);
  });
});

describe('plural', () => {
  it('picks the form the language uses for the count', () => {
    const forms = { one: '{count} lead of {who}', other: '{count} leads of {who}' };
    expect([1, 2, 0].map((n) => plural(forms, n, 'en', { who: 'Ana' }))).toEqual(['1 lead of Ana', '2 leads of Ana', '0 leads of Ana']);
    expect(plural(inboxTexts.bg.person.done, 1, 'bg')).toBe('Изтрита е 1 заявка.');
    expect(plural(inboxTexts.bg.person.done, 21, 'bg')).toBe('Изтрити са 21 заявки.');
  });
});

describe('format', () => {
  it('fills named placeholders and leaves unknown ones', () => {
    expect(format('Step {step} of {total}', { step: 2, total: 3 })).toBe('Step 2 of 3');
    expect(format('{missing}', {})).toBe('{missing}');
  });
});

describe('page paths', () => {
  it('map each language to its URL and back', async () => {
    const { pathOf, localeOfPath } = await import('./format.ts');
    expect([pathOf('en'), pathOf('bg')]).toEqual(['/', '/bg/']);
    expect([pathOf('en', 'privacy'), pathOf('bg', 'privacy')]).toEqual(['/privacy/', '/bg/privacy/']);
    expect(['/', '/bg/', '/bg', '/bgx', '/en/'].map(localeOfPath)).toEqual(['en', 'bg', 'bg', 'en', 'en']);
  });
});
