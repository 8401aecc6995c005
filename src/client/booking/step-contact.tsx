import { LIMITS } from '../../shared/booking.ts';
import { TextField } from '../ui/field.tsx';
import type { StepProps } from './field-binding.ts';

/** Step 1: who to call back. */
export function StepContact({ bind, texts: b }: StepProps) {
  return (
    <>
      <TextField
        {...bind('first_name')}
        label={b.firstName}
        type="text"
        autoComplete="given-name"
        maxLength={LIMITS.first_name}
        required
      />
      <TextField
        {...bind('email')}
        label={b.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.email}
        required
      />
      <TextField
        {...bind('phone')}
        label={b.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={LIMITS.phone}
        required
      />
    </>
  );
}
