import { SERVICES, STEP_FIELDS } from '../../shared/booking.ts';
import { SelectField } from '../../ui/field.tsx';
import { BookingTextField } from './booking-text-field.tsx';
import { stepView } from './field-binding.ts';

/** Step 2: the business, and which service it is about. */
export const StepBusiness = stepView(STEP_FIELDS[2], function StepBusiness({ fields, texts: b }) {
  return (
    <>
      <BookingTextField field="business_name" fields={fields} texts={b} />
      <SelectField {...fields.service} label={b.service} required>
        <option value="" disabled>
          {b.servicePlaceholder}
        </option>
        {SERVICES.map((s) => (
          <option key={s} value={s}>
            {b.services[s]}
          </option>
        ))}
      </SelectField>
    </>
  );
});
