import { describe, expect, it } from 'vitest';
import { fold, leadSearchText, phoneDigits, searchTerm } from './lead-search.ts';

const matches = (lead: Parameters<typeof leadSearchText>[0], search: string) => leadSearchText(lead).includes(searchTerm(search));

const MARIA = { first_name: 'Мария Петрова', email: 'Maria.Petrova@Example.BG', business_name: 'Витоша  Дентал ЕООД', phone: '+359 (88) 123-45-67' };

describe('the search column and the term compared with it', () => {
  it('folds case, Cyrillic included, full-width letters and runs of whitespace', () => {
    expect(fold('  МАРИЯ  Петрова ')).toBe('мария петрова');
    expect(fold('ＡＣＭＥ')).toBe('acme');
  });

  it('keeps a phone number as its digits', () => {
    expect(phoneDigits('+359 (88) 123-45-67')).toBe('359881234567');
    expect(phoneDigits('0888/123.456')).toBe('0888123456');
  });

  it('finds a lead by part of its name, email or business in any case, and by its phone however typed', () => {
    for (const search of ['мария', 'МАР', 'петрова', 'maria.petrova@', 'EXAMPLE.bg', 'витоша дентал', 'ДЕНТАЛ  ЕООД', '88 123', '(88) 123-45', '+359881234567', '1234567']) {
      expect(matches(MARIA, search), search).toBe(true);
    }
  });

  it('does not match across two fields, nor what is not there', () => {
    // The email ends and the business begins: a search spanning the two is no one's text.
    for (const search of ['example.bg витоша', 'ееод', 'ivan', '88 124']) expect(matches(MARIA, search), search).toBe(false);
  });

  it('looks for a search with letters as written, and one of digits and phone punctuation as digits', () => {
    expect(searchTerm(' +359 88 ')).toBe('35988');
    expect(searchTerm('Studio 54')).toBe('studio 54');
    expect(searchTerm('   ')).toBe('');
    expect(searchTerm('-')).toBe('-');
  });
});
