import { describe, expect, it } from 'vitest';
import { fold, leadSearchText, phoneDigits, searchTerms } from './lead-search.ts';
import { phoneE164 } from './phone.ts';

type Searched = Omit<Parameters<typeof leadSearchText>[0], 'phone_e164'> & { phone_e164?: string | null };
/** Whether the search finds the lead: its E.164 as the store writes it, unless the lead says otherwise. */
const matches = (lead: Searched, search: string) => {
  const text = leadSearchText({ ...lead, phone_e164: lead.phone_e164 === undefined ? phoneE164(lead.phone) : lead.phone_e164 });
  return searchTerms(search).some((term) => text.includes(term));
};

const MARIA = { first_name: 'Мария Петрова', email: 'Maria.Petrova@Example.BG', business_name: 'Витоша  Дентал ЕООД', phone: '+359 (88) 123-45-67' };
/** The queries that find +359 888 123 456, whichever way it was typed: national, international, with 00. */
const FINDS_888 = ['0888', '888 123', '+359888', '359 888 123 456', '0888 123 456', '(0888) 123-456', '0888.123.456', '00359 888', '+359 888 123 456', '+359888123456'];

describe('the search column and the terms compared with it', () => {
  it('folds case, Cyrillic included, full-width letters and runs of whitespace', () => {
    expect(fold('  МАРИЯ  Петрова ')).toBe('мария петрова');
    expect(fold('ＡＣＭＥ')).toBe('acme');
  });

  it('keeps a phone number as its digits', () => {
    expect(phoneDigits('+359 (88) 123-45-67')).toBe('359881234567');
    expect(phoneDigits('0888/123.456')).toBe('0888123456');
  });

  it('keeps a phone number’s digits as typed and, where they differ, in E.164', () => {
    expect(leadSearchText({ ...MARIA, phone: '0888 123 456', phone_e164: '+359888123456' }).split('\n').slice(3)).toEqual(['0888123456', '359888123456']);
    expect(leadSearchText({ ...MARIA, phone: '+359 888 123 456', phone_e164: '+359888123456' }).split('\n').slice(3)).toEqual(['359888123456']);
    expect(leadSearchText({ ...MARIA, phone: 'call 123456', phone_e164: null }).split('\n').slice(3)).toEqual(['call123456']);
  });

  it('finds a lead by part of its name, email or business in any case, and by its phone however typed', () => {
    for (const search of ['мария', 'МАР', 'петрова', 'maria.petrova@', 'EXAMPLE.bg', 'витоша дентал', 'ДЕНТАЛ  ЕООД', '88 123', '(88) 123-45', '+359881234567', '1234567', '088 123 45 67']) {
      expect(matches(MARIA, search), search).toBe(true);
    }
  });

  it('finds a phone typed either way by the national digits, the international ones, or 00', () => {
    for (const phone of ['+359 888 123 456', '0888 123 456', '00359 888 123 456', '0888-123-456']) {
      for (const search of FINDS_888) expect(matches({ ...MARIA, phone }, search), `${phone} by ${search}`).toBe(true);
    }
  });

  it('finds a lead stored before E.164 was kept by the digits it was typed with, a national 0 as the calling code', () => {
    const old = { ...MARIA, phone: '+359 888 123 456', phone_e164: null };
    for (const search of FINDS_888) expect(matches(old, search), search).toBe(true);
    expect(matches({ ...MARIA, phone: '0888 123 456', phone_e164: null }, '0888 123')).toBe(true);
  });

  it('does not match across two fields, nor what is not there', () => {
    // The email ends and the business begins: a search spanning the two is no one's text.
    for (const search of ['example.bg витоша', 'ееод', 'ivan', '88 124', '0889', '+44 888']) expect(matches(MARIA, search), search).toBe(false);
    for (const search of ['0887', '+359887', '00359887', '359 887']) expect(matches({ ...MARIA, phone: '0888 123 456' }, search), search).toBe(false);
  });

  it('looks for a search with letters as written, and one of digits and phone punctuation as digits, national ones in E.164 too', () => {
    expect(searchTerms(' +359 88 ')).toEqual(['35988']);
    expect(searchTerms('0888')).toEqual(['0888', '359888']);
    expect(searchTerms('(0888) 123')).toEqual(['0888123', '359888123']);
    expect(searchTerms('00359 888')).toEqual(['00359888', '359888']);
    expect(searchTerms('00')).toEqual(['00']);
    expect(searchTerms('888 123')).toEqual(['888123']);
    expect(searchTerms('Studio 54')).toEqual(['studio 54']);
    expect(searchTerms('0888 abc')).toEqual(['0888 abc']);
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms('-')).toEqual(['-']);
  });
});
