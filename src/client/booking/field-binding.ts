import type { BookingTexts } from '../../content/i18n/booking.ts';
import type { Field } from '../../shared/booking.ts';

/** The element id of a form field, e.g. `booking-first-name`. */
export const fieldId = (field: Field) => `booking-${field.replace('_', '-')}`;

/** What a step's control needs from the form: its value, its error, and how to report edits. */
export interface FieldBinding {
  id: string;
  name: Field;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
}

/** What every step gets: the binding of any field and the dialog's texts in the page's language. */
export interface StepProps {
  bind: (field: Field) => FieldBinding;
  texts: BookingTexts;
}
