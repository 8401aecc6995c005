import type { BookingTexts } from '../../content/i18n/booking.ts';
import { LIMITS, STEP_FIELDS } from '../../shared/booking.ts';
import { TextField } from '../../ui/field.tsx';
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

/**
 * Marks the dialog's first field with the `autofocus` attribute, so that `showModal()` focuses it at once
 * instead of the close button first and the field a moment later (two focus changes, each a style and
 * layout update of the page). React sets no such attribute in the browser: its `autoFocus` calls
 * `focus()` as the field is added, while the dialog is still closed.
 */
const focusOnOpen = (el: HTMLInputElement | null) => el?.setAttribute('autofocus', '');

/** One required one-line field of the booking form, bound to the form, with the length limit the server checks. */
export function BookingTextField({ field, fields, texts }: StepProps & { field: TextFieldName }) {
  const { label, ...input } = TEXT_FIELDS[field];
  return (
    <TextField
      {...fields[field]}
      label={texts[label]}
      {...input}
      maxLength={LIMITS[field]}
      required
      ref={field === STEP_FIELDS[1][0] ? focusOnOpen : undefined}
    />
  );
}
