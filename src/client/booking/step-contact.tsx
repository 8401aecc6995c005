import { BookingTextField } from './booking-text-field.tsx';
import type { StepProps } from './field-binding.ts';

/** Step 1: who to call back. */
export function StepContact(props: StepProps) {
  return (
    <>
      {(['first_name', 'email', 'phone'] as const).map((field) => (
        <BookingTextField key={field} field={field} {...props} />
      ))}
    </>
  );
}
