import { describe, expect, it } from 'vitest';
import { parseDiscoveryCall } from './booking.ts';
import { shownDirectionControls, storableText } from './text.ts';

describe('storableText', () => {
  it('drops NUL characters, which PostgreSQL cannot store', () => {
    expect(storableText('Ele\u0000na\u0000')).toBe('Elena');
  });

  it('replaces a lone surrogate with U+FFFD, as writing it as UTF-8 would, and keeps pairs', () => {
    expect(storableText('a\uD800b\uDC00c')).toBe('a\uFFFDb\uFFFDc');
    expect(storableText('x\uD83D')).toBe('x\uFFFD');
    expect(storableText('😀 \uD83D\uDE00')).toBe('😀 😀');
    expect(storableText('\uDE00\uD83D')).toBe('\uFFFD\uFFFD');
  });

  it('leaves every other character as it is: direction marks, joiners, other controls', () => {
    const text = 'a\u200Db\u202Ec\u200F\uFEFF\t\n\u0001ж';
    expect(storableText(text)).toBe(text);
  });

  it('is what a booking is validated and stored as', () => {
    const parsed = parseDiscoveryCall({
      first_name: '\u0000 Elena\uD800 ',
      email: 'elena@example.bg\u0000',
      phone: '+359\u0000 88 765 4321',
      business_name: '\u0000\u0000',
      service: 'Other\u0000',
      custom_service: 'Calls',
    });
    expect(parsed).toEqual({ ok: false, fields: { business_name: { code: 'required' } } });
    const valid = parseDiscoveryCall({
      first_name: '\u0000 Elena\uD800 ',
      email: 'elena@example.bg\u0000',
      phone: '+359\u0000 88 765 4321',
      business_name: 'Petrova Dental',
      service: 'Call Automation Systems',
      product: 'Inbound Phone Caller (appointments & support)\u0000',
    });
    expect(valid.ok && valid.value).toMatchObject({
      first_name: 'Elena\uFFFD',
      email: 'elena@example.bg',
      phone: '+359 88 765 4321',
      product: 'Inbound Phone Caller (appointments & support)',
    });
  });
});

describe('shownDirectionControls', () => {
  it('shows every direction control as its code, and leaves the rest of the text, marks included', () => {
    expect(shownDirectionControls('invoice\u202Egnp.exe')).toBe('invoice[U+202E]gnp.exe');
    expect(shownDirectionControls('\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069')).toBe(
      '[U+202A][U+202B][U+202C][U+202D][U+2066][U+2067][U+2068][U+2069]',
    );
    for (const kept of ['\u200Fسارة', 'Ана Петрова', '👩\u200D💼', '']) expect(shownDirectionControls(kept)).toBe(kept);
  });
});
