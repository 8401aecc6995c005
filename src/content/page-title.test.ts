import { describe, expect, it } from 'vitest';
import { dictionaries } from './i18n/index.ts';
import { pageTitle } from './page-title.ts';
import { business } from './site.ts';

const place = (locale: 'en' | 'bg') => ({ brand: business.name, locality: dictionaries[locale].business.locality });

describe('pageTitle', () => {
  it('names the page, then the city, then the business', () => {
    expect(pageTitle('Services', place('en'))).toBe('Services in Sofia | Nexa AI Solutions');
  });

  it('writes the city and its preposition as Bulgarian does', () => {
    expect(pageTitle('Услуги', place('bg'), 'bg')).toBe('Услуги в София | Nexa AI Solutions');
    expect(pageTitle('Контакти', { brand: 'Nexa', locality: 'Варна' }, 'bg')).toBe('Контакти във Варна | Nexa');
    expect(pageTitle('Contact', { brand: 'Nexa', locality: 'Varna' })).toBe('Contact in Varna | Nexa');
  });
});
