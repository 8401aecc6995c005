import { describe, expect, it } from 'vitest';
import { DEFAULT_CALLING_CODE, phoneE164 } from './phone.ts';

describe('a phone number in E.164', () => {
  it('is made from a number however it was typed, Bulgarian when it has no prefix', () => {
    expect(phoneE164('0888 123 456')).toBe('+359888123456');
    expect(phoneE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneE164('00359 888 123 456')).toBe('+359888123456');
    expect(phoneE164('+359 888 123 456')).toBe('+359888123456');
    expect(phoneE164('+359 (88) 123-45-67')).toBe('+359881234567');
    expect(phoneE164('0888/123.456')).toBe('+359888123456');
    expect(phoneE164('02 123 4567')).toBe('+35921234567');
  });

  it('is null for what cannot be a phone number', () => {
    for (const junk of ['', 'abcdef', 'call me', '12345', '123456', '0000000', '+359 1234', '0888 123 456 789 000', '+1 (555) 010-0199']) {
      expect(phoneE164(junk), junk).toBeNull();
    }
  });

  it('takes a national 0 for the calling code of the business’s country', () => {
    expect(DEFAULT_CALLING_CODE).toBe('359');
  });
});
