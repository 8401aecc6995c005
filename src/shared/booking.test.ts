import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  LIMITS,
  PRODUCTS,
  SERVICES,
  isStepValid,
  parseDiscoveryCall,
  productsOf,
  usesDescription,
  validateStep,
  type BookingDraft,
} from './booking.ts';

const valid = {
  first_name: '  Maria ',
  email: ' Maria@Example.COM ',
  phone: ' +359 88 123 4567 ',
  business_name: ' Sofia Dental ',
  service: 'Support Automation',
  product: 'Lead Capture Chat Assistant',
  custom_service: 'ignored for a product service',
  locale: 'bg',
};

const draft = (over: Partial<BookingDraft>): BookingDraft => ({ ...EMPTY_DRAFT, ...over });

describe('catalogue', () => {
  it('offers the six services the agency sells, in the order the form lists them', () => {
    expect(SERVICES).toEqual([
      'Support Automation',
      'Conversion Systems',
      'Call Automation Systems',
      'A.I Lead Generation',
      'Custom Software Development',
      'Other',
    ]);
  });

  it('gives each service its products, and none to the described services', () => {
    expect(PRODUCTS['Support Automation']).toHaveLength(4);
    expect(PRODUCTS['Conversion Systems']).toEqual(['Website Rebuild & Optimization']);
    expect(PRODUCTS['Call Automation Systems']).toHaveLength(3);
    expect(PRODUCTS['A.I Lead Generation']).toHaveLength(3);
    expect(productsOf('Other')).toEqual([]);
    expect(productsOf('not a service')).toEqual([]);
    expect(usesDescription('Other')).toBe(true);
    expect(usesDescription('Custom Software Development')).toBe(true);
    expect(usesDescription('Support Automation')).toBe(false);
    expect(usesDescription('')).toBe(false);
  });
});

describe('step validators', () => {
  it('step 1 needs first name, email and phone, not blank after trimming', () => {
    expect(isStepValid(1, draft({ first_name: 'A', email: 'a@b.co', phone: '0888123456' }))).toBe(true);
    expect(validateStep(1, draft({ first_name: '  ', email: 'a@b.co', phone: '0888123456' }))).toEqual({
      first_name: { code: 'required' },
    });
    expect(Object.keys(validateStep(1, EMPTY_DRAFT)).sort()).toEqual(['email', 'first_name', 'phone']);
  });

  it('step 1 rejects an email that is not one and a phone with fewer than 6 digits', () => {
    const errors = validateStep(1, draft({ first_name: 'A', email: 'not-an-email', phone: '+35 9-1' }));
    expect(errors).toEqual({ email: { code: 'invalidEmail' }, phone: { code: 'invalidPhone' } });
    expect(isStepValid(1, draft({ first_name: 'A', email: 'a@b.co', phone: '123-456' }))).toBe(true);
  });

  it('step 2 needs a business name and one of the services', () => {
    expect(isStepValid(2, draft({ business_name: 'B', service: 'Other' }))).toBe(true);
    expect(validateStep(2, draft({ business_name: '', service: '' }))).toEqual({
      business_name: { code: 'required' },
      service: { code: 'required' },
    });
    expect(validateStep(2, draft({ business_name: 'B', service: 'Hacking' }))).toEqual({
      service: { code: 'invalidService' },
    });
  });

  it('step 3 needs a product of the chosen service, or a description for Other and custom software', () => {
    expect(isStepValid(3, draft({ service: 'Conversion Systems', product: 'Website Rebuild & Optimization' }))).toBe(true);
    expect(validateStep(3, draft({ service: 'Conversion Systems', product: '' }))).toEqual({
      product: { code: 'required' },
    });
    expect(validateStep(3, draft({ service: 'Conversion Systems', product: 'Prospect Scraping System' }))).toEqual({
      product: { code: 'invalidProduct' },
    });
    expect(validateStep(3, draft({ service: 'Other', custom_service: '   ' }))).toEqual({
      custom_service: { code: 'required' },
    });
    expect(isStepValid(3, draft({ service: 'Custom Software Development', custom_service: 'A CRM' }))).toBe(true);
  });
});

describe('parseDiscoveryCall', () => {
  it('trims every text, lower-cases the email and drops the description of a product service', () => {
    const result = parseDiscoveryCall(valid);
    expect(result).toEqual({
      ok: true,
      value: {
        first_name: 'Maria',
        email: 'maria@example.com',
        phone: '+359 88 123 4567',
        business_name: 'Sofia Dental',
        service: 'Support Automation',
        product: 'Lead Capture Chat Assistant',
        custom_service: '',
        locale: 'bg',
        attribution: {},
      },
    });
  });

  it('empties the product of a described service and keeps the trimmed description', () => {
    const result = parseDiscoveryCall({
      ...valid,
      service: 'Other',
      product: 'Lead Capture Chat Assistant',
      custom_service: '  Answer calls at night ',
    });
    expect(result.ok && result.value).toMatchObject({ product: '', custom_service: 'Answer calls at night' });
  });

  it('ignores a status, unknown keys and an unknown locale', () => {
    const result = parseDiscoveryCall({ ...valid, status: 'won', admin: true, locale: 'fr' });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).not.toHaveProperty('status');
      expect(result.value).not.toHaveProperty('admin');
      expect(result.value.locale).toBe('en');
    }
  });

  it('reports every bad field at once', () => {
    const result = parseDiscoveryCall({ email: 'x', phone: 12345678, service: 'Other' });
    expect(result).toEqual({
      ok: false,
      fields: {
        first_name: { code: 'required' },
        email: { code: 'invalidEmail' },
        phone: { code: 'required' },
        business_name: { code: 'required' },
        custom_service: { code: 'required' },
      },
    });
  });

  it('refuses a name, business or description made only of invisible characters, as an empty one', () => {
    const invisible = ['\u200b\u200b', '\u202e\u2066', '\u200d\ufeff\u200c', '\u2060\u00ad', ' \u200e\u200f '];
    for (const value of invisible) {
      const result = parseDiscoveryCall({ ...valid, service: 'Other', first_name: value, business_name: value, custom_service: value });
      expect(result, JSON.stringify(value)).toEqual({
        ok: false,
        fields: { first_name: { code: 'required' }, business_name: { code: 'required' }, custom_service: { code: 'required' } },
      });
    }
    // Visible text with such characters in it is a person's: an Arabic name with its direction mark, an emoji with its joiner.
    for (const name of ['\u200fسارة', '👩\u200d💼 Ana', 'Ана']) {
      expect(parseDiscoveryCall({ ...valid, first_name: name }).ok, name).toBe(true);
    }
  });

  it('rejects what is not an object', () => {
    for (const body of [null, undefined, 'text', 42, [valid]]) {
      expect(parseDiscoveryCall(body).ok).toBe(false);
    }
  });

  it('holds every length limit, counted after trimming', () => {
    const at = (field: keyof typeof LIMITS, length: number) => {
      const base = field === 'custom_service' ? { ...valid, service: 'Other' } : valid;
      const value = field === 'email' ? `${'a'.repeat(length - 7)}@ex.com` : '1'.repeat(length);
      return parseDiscoveryCall({ ...base, [field]: `  ${value}  ` });
    };
    for (const field of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      expect(at(field, LIMITS[field]).ok, `${field} at its limit`).toBe(true);
      expect(at(field, LIMITS[field] + 1), `${field} over its limit`).toEqual({
        ok: false,
        fields: { [field]: { code: 'tooLong', max: LIMITS[field] } },
      });
    }
  });
});
