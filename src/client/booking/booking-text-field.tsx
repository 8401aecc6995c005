import type { BookingTexts } from '../../content/i18n/booking.ts';
import { LIMITS } from '../../shared/booking.ts';
import { TextField } from '../ui/field.tsx';
import type { StepProps } from './field-binding.ts';

type TextKey = { [K in keyof BookingTexts]: BookingTexts[K] extends string ? K : never }[keyof BookingTexts];

/** The booking fields typed on one line. */
type TextFieldName = 'first_name' | 'email' | 'phone' | 'business_name';

// What each field tells the browser, so that it offers the right keyboard and can fill the field in.
const TEXT_FIELDS: Record<
  TextFieldName,
  { label: TextKey; type: 'text' | 'email' | 'tel'; autoComplete: string; inputMode?: 'email' | 'tel' }
> = {
  first_name: { label: 'firstName', type: 'text', autoComplete: 'given-name' },
  email: { label: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { label: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  business_name: { label: 'businessName', type: 'text', autoComplete: 'organization' },
};

/** One required one-line field of the booking form, bound to the form, with the length limit the server checks. */
export function BookingTextField({ field, bind, texts }: StepProps & { field: TextFieldName }) {
  const { label, ...input } = TEXT_FIELDS[field];
  return <TextField {...bind(field)} label={texts[label]} {...input} maxLength={LIMITS[field]} required />;
}
