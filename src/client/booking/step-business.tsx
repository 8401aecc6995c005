import { LIMITS, SERVICES } from '../../shared/booking.ts';
import { SelectField, TextField } from '../ui/field.tsx';
import type { StepProps } from './field-binding.ts';

/** Step 2: the business, and which service it is about. */
export function StepBusiness({ bind, texts: b }: StepProps) {
  return (
    <>
      <TextField
        {...bind('business_name')}
        label={b.businessName}
        type="text"
        autoComplete="organization"
        maxLength={LIMITS.business_name}
        required
      />
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
