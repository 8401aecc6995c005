import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.ts';
import { businessProfile } from './site.ts';

describe('pageTitle', () => {
  it('names the page, then the city, then the business', () => {
    expect(pageTitle('Services', businessProfile)).toBe('Services in Sofia | Nexa AI Solutions');
  });

  it('writes the city and its preposition as Bulgarian does', () => {
    expect(pageTitle('Услуги', businessProfile, 'bg')).toBe('Услуги в София | Nexa AI Solutions');
    const varna = { name: 'Nexa', localityName: { en: 'Varna', bg: 'Варна' } };
    expect(pageTitle('Контакти', varna, 'bg')).toBe('Контакти във Варна | Nexa');
    expect(pageTitle('Contact', varna)).toBe('Contact in Varna | Nexa');
  });
});
