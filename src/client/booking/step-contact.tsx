import { STEP_FIELDS } from '../../shared/booking.ts';
import { BookingTextField } from './booking-text-field.tsx';
import { stepView } from './field-binding.ts';

/** Step 1: who to call back. */
export const StepContact = stepView(STEP_FIELDS[1], function StepContact(props) {
  return (
    <>
      {STEP_FIELDS[1].map((field) => (
        <BookingTextField key={field} field={field} {...props} />
      ))}
    </>
  );
});
