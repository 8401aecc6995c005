// The booking rules, shared by the dialog and the API: the services and products (from the service
// lines' catalogue; canonical English values are what we store), the three step validators, and the request schema with its length limits.
// Nothing here knows about the DOM or Node; messages are codes that each side translates.
import { z } from './zod.ts';
import { parseAttribution, type Attribution } from './attribution.ts';
import { isLocale, type Locale } from './locale.ts';
import { SERVICE_LINE_IDS, SERVICE_LINES, type Product, type Service, type ServiceLineId } from './service-lines.ts';
import { storableText } from './text.ts';

export type { Product, Service };

/** The six booking choices, in the dialog's order, as they are stored. */
export const SERVICES = SERVICE_LINE_IDS.map((id) => SERVICE_LINES[id].booking) as [Service, ...Service[]];

export const PRODUCTS = Object.fromEntries(
  SERVICE_LINE_IDS.map((id) => [SERVICE_LINES[id].booking, SERVICE_LINES[id].products]),
) as { [K in ServiceLineId as (typeof SERVICE_LINES)[K]['booking']]: (typeof SERVICE_LINES)[K]['products'] };

export const LEAD_STATUSES = ['pending', 'contacted', 'scheduled', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Where a lead was made: the booking form, a voice call with Alex, a chat with Lana. */
export const LEAD_SOURCES = ['form', 'voice', 'chat'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LIMITS = {
  first_name: 100,
  email: 254,
  phone: 40,
  business_name: 200,
  custom_service: 2000,
} as const;

/** What a phone number is written with: digits, spaces, a leading `+`, and `- . ( ) /`. */
const PHONE_CHARACTERS = /^\+?[\d\s\-.()/]+$/;

/** The smallest count of digits a phone number can have and still be called back. */
export const MIN_PHONE_DIGITS = 6;

export function isService(value: string): value is Service {
  return (SERVICES as readonly string[]).includes(value);
}

/** Other and Custom Software Development have no products: the visitor describes the need instead. */
export function usesDescription(service: string): boolean {
  return isService(service) && PRODUCTS[service].length === 0;
}

export function productsOf(service: string): readonly Product[] {
  return isService(service) ? (PRODUCTS[service] as readonly Product[]) : [];
}

export const FIELDS = [
  'first_name',
  'email',
  'phone',
  'business_name',
  'service',
  'product',
  'custom_service',
] as const;
export type Field = (typeof FIELDS)[number];

export type Step = 1 | 2 | 3;
export const STEP_FIELDS = {
  1: ['first_name', 'email', 'phone'],
  2: ['business_name', 'service'],
  3: ['product', 'custom_service'],
} as const satisfies Record<Step, readonly Field[]>;

/** What the form holds: every field as the visitor typed it. */
export type BookingDraft = Record<Field, string>;

export const EMPTY_DRAFT: BookingDraft = {
  first_name: '',
  email: '',
  phone: '',
  business_name: '',
  service: '',
  product: '',
  custom_service: '',
};

export type ErrorCode =
  | 'required'
  | 'tooLong'
  | 'invalidEmail'
  | 'invalidPhone'
  /** Digits no country numbers its phones with (the server's check: server/leads/phone.ts). */
  | 'impossiblePhone'
  | 'invalidService'
  | 'invalidProduct';
export interface FieldError {
  code: ErrorCode;
  max?: number;
}
export type FieldErrors = Partial<Record<Field, FieldError>>;

/**
 * Something a person can see: a letter, a digit, a mark of punctuation or a symbol. A value made only
 * of invisible characters (zero-width spaces and joiners, direction controls, other format characters)
 * reads as empty in the inbox, and is refused as an empty one is.
 */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

const text = (max: number) =>
  z
    .string({ error: 'required' })
    .overwrite(storableText)
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'tooLong' })
    .refine((v) => VISIBLE.test(v), { error: 'required' });

/** Each field's rule, as the dialog's steps and the API check it (the API's description reads them too). */
export const fieldSchemas = {
  first_name: text(LIMITS.first_name),
  email: text(LIMITS.email)
    .toLowerCase()
    .pipe(z.email({ error: 'invalidEmail' })),
  // Digits, with the spaces and marks people write numbers with; never letters (`0888-ABC-1234`). Whether
  // the digits can be a number of their country is the server's to say (server/leads/phone.ts).
  phone: text(LIMITS.phone).refine((v) => PHONE_CHARACTERS.test(v) && (v.match(/\d/g)?.length ?? 0) >= MIN_PHONE_DIGITS, {
    error: 'invalidPhone',
  }),
  business_name: text(LIMITS.business_name),
  service: z
    .string({ error: 'required' })
    .overwrite(storableText)
    .trim()
    .min(1, { error: 'required' })
    .pipe(z.enum(SERVICES, { error: 'invalidService' })),
  custom_service: text(LIMITS.custom_service),
} as const;

/** An email as the store keeps it (trimmed, lower-cased), or the reason it is not one: the inbox finds a person's leads by it. */
export const leadEmail = fieldSchemas.email;

function check(field: keyof typeof fieldSchemas, value: unknown, errors: FieldErrors): string {
  const result = fieldSchemas[field].safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const code = (issue?.message ?? 'required') as ErrorCode;
  errors[field] =
    code === 'tooLong' ? { code, max: LIMITS[field as keyof typeof LIMITS] } : { code };
  return '';
}

function checkStep3(service: string, product: unknown, customService: unknown, errors: FieldErrors) {
  if (usesDescription(service)) {
    return { product: '', custom_service: check('custom_service', customService, errors) };
  }
  const chosen = typeof product === 'string' ? storableText(product).trim() : '';
  if (!chosen) errors.product = { code: 'required' };
  else if (!productsOf(service).some((p) => p === chosen)) errors.product = { code: 'invalidProduct' };
  return { product: errors.product ? '' : chosen, custom_service: '' };
}

/** Errors of one step of the dialog; an empty object means the step may go on. */
export function validateStep(step: Step, draft: BookingDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (step === 1) {
    check('first_name', draft.first_name, errors);
    check('email', draft.email, errors);
    check('phone', draft.phone, errors);
  } else if (step === 2) {
    check('business_name', draft.business_name, errors);
    check('service', draft.service, errors);
  } else {
    checkStep3(draft.service.trim(), draft.product, draft.custom_service, errors);
  }
  return errors;
}

export function isStepValid(step: Step, draft: BookingDraft): boolean {
  return Object.keys(validateStep(step, draft)).length === 0;
}

/** A discovery-call request as it is stored: trimmed, email lower-cased, canonical English names. */
export interface DiscoveryCallInput {
  first_name: string;
  email: string;
  phone: string;
  business_name: string;
  service: Service;
  product: string;
  custom_service: string;
  locale: Locale;
  /** Where the visitor came from (first touch): only the known keys, each capped; empty when none were sent. */
  attribution?: Attribution;
}

export type ParseResult =
  | { ok: true; value: DiscoveryCallInput }
  | { ok: false; fields: FieldErrors };

/**
 * The API's validation: every step at once, plus normalisation. Unknown keys (a client-sent `status`
 * among them) are dropped; `product` is empty for the described services, `custom_service` otherwise.
 * `attribution` is kept as far as it is one (parseAttribution): it never makes a request fail.
 */
export function parseDiscoveryCall(body: unknown): ParseResult {
  const input: Record<string, unknown> =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const errors: FieldErrors = {};
  const first_name = check('first_name', input.first_name, errors);
  const email = check('email', input.email, errors);
  const phone = check('phone', input.phone, errors);
  const business_name = check('business_name', input.business_name, errors);
  const service = check('service', input.service, errors);
  const need = service ? checkStep3(service, input.product, input.custom_service, errors) : null;
  if (Object.keys(errors).length > 0 || !need) return { ok: false, fields: errors };
  return {
    ok: true,
    value: {
      first_name,
      email,
      phone,
      business_name,
      service: service as Service,
      ...need,
      locale: isLocale(input.locale) ? input.locale : 'en',
      attribution: parseAttribution(input.attribution),
    },
  };
}
