import { memo, type FunctionComponent } from 'react';
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
  /** The same function for the dialog's whole life, like `onBlur`: a step is redrawn only for what it shows. */
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
}

/** Every field's binding, made once per render of the form. */
export type FieldBindings = Record<Field, FieldBinding>;

/** What every step gets: the bindings of the form's fields and the dialog's texts in the page's language. */
export interface StepProps {
  fields: FieldBindings;
  texts: BookingTexts;
}

/**
 * A step that is drawn again only when what it shows changes: the texts, or the value, error or state of
 * one of `shows` (its own fields, and any other it reads). Every step is in the form from the dialog's
 * start, the others hidden (booking-dialog.tsx), so a keystroke must not redraw the two not in view.
 */
export function stepView<P extends StepProps>(shows: readonly Field[], step: FunctionComponent<P>) {
  return memo(
    step,
    (before, after) =>
      before.texts === after.texts &&
      shows.every((f) => {
        const a = before.fields[f];
        const b = after.fields[f];
        return a.value === b.value && a.error === b.error && a.disabled === b.disabled;
      }),
  );
}
