import { SERVICES } from '../../shared/booking.ts';
import { SelectField } from '../ui/field.tsx';
import { BookingTextField } from './booking-text-field.tsx';
import type { StepProps } from './field-binding.ts';

/** Step 2: the business, and which service it is about. */
export function StepBusiness({ bind, texts: b }: StepProps) {
  return (
    <>
      <BookingTextField field="business_name" bind={bind} texts={b} />
      <SelectField {...bind('service')} label={b.service} required>
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
}
