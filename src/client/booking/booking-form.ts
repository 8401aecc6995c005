// The dialog's state machine, free of React and the DOM: steps, fields, sending, result.
import {
  EMPTY_DRAFT,
  isStepValid,
  STEP_FIELDS,
  validateStep,
  type BookingDraft,
  type Field,
  type FieldErrors,
  type Step,
} from '../../shared/booking.ts';
import { format } from '../../content/i18n/format.ts';

/** editing → sending → succeeded (a short pause) → thanks; a failure goes back to editing. */
export type Phase = 'editing' | 'sending' | 'succeeded' | 'thanks';

export interface BookingFormState {
  step: Step;
  draft: BookingDraft;
  /** Fields the visitor has left at least once: only those show their client-side errors. */
  touched: Partial<Record<Field, boolean>>;
  phase: Phase;
  /** The message in the red box above the form. */
  error: string | null;
  /** Messages the server gave for particular fields. */
  serverFields: Partial<Record<Field, string>>;
  /** Sent with every attempt of this form, so a retry can never store a second lead. */
  idempotencyKey: string;
}

export type BookingAction =
  | { type: 'edit'; field: Field; value: string }
  | { type: 'touch'; field: Field }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'submit' }
  | { type: 'failed'; message: string; fields?: Partial<Record<Field, string>>; idempotencyKey?: string }
  | { type: 'succeeded' }
  | { type: 'showThanks' };

export function initialState(idempotencyKey: string): BookingFormState {
  return {
    step: 1,
    draft: { ...EMPTY_DRAFT },
    touched: {},
    phase: 'editing',
    error: null,
    serverFields: {},
    idempotencyKey,
  };
}

export function bookingReducer(state: BookingFormState, action: BookingAction): BookingFormState {
  switch (action.type) {
    case 'edit': {
      if (state.phase !== 'editing') return state;
      const draft = { ...state.draft, [action.field]: action.value };
      // A product belongs to its service: choosing another service clears the old choice.
      if (action.field === 'service' && action.value !== state.draft.service) draft.product = '';
      const serverFields = { ...state.serverFields };
      delete serverFields[action.field];
      return { ...state, draft, error: null, serverFields };
    }
    case 'touch':
      return state.touched[action.field]
        ? state
        : { ...state, touched: { ...state.touched, [action.field]: true } };
    case 'next':
      if (state.phase !== 'editing' || state.step === 3 || !isStepValid(state.step, state.draft)) {
        return state;
      }
      return { ...state, step: (state.step + 1) as Step };
    case 'back':
      if (state.phase !== 'editing' || state.step === 1) return state;
      return { ...state, step: (state.step - 1) as Step, error: null };
    case 'submit':
      if (state.phase !== 'editing' || !canSubmit(state)) return state;
      return { ...state, phase: 'sending', error: null };
    case 'failed': {
      if (state.phase !== 'sending') return state;
      // A field the server refused is shown on its own step: the earliest such step.
      const refused = Object.keys(action.fields ?? {}) as Field[];
      const step = ([1, 2, 3] as const).find((s) => STEP_FIELDS[s].some((f) => refused.includes(f))) ?? state.step;
      return {
        ...state,
        step,
        phase: 'editing',
        error: action.message,
        serverFields: action.fields ?? {},
        idempotencyKey: action.idempotencyKey ?? state.idempotencyKey,
      };
    }
    case 'succeeded':
      return state.phase === 'sending' ? { ...state, phase: 'succeeded' } : state;
    case 'showThanks':
      return state.phase === 'succeeded' ? { ...state, phase: 'thanks' } : state;
  }
}

/** Every step valid: the last step alone is not enough if an earlier one was changed by the server. */
export function canSubmit(state: BookingFormState): boolean {
  return state.step === 3 && ([1, 2, 3] as const).every((s) => isStepValid(s, state.draft));
}

/**
 * The message to show under a field now, if any: the server's, else the rule's once touched. `own` is the
 * step's errors by the rules, when the caller has them already (validating a step is not free).
 */
export function visibleErrors(
  state: BookingFormState,
  translate: (errors: FieldErrors, field: Field) => string | undefined,
  own: FieldErrors = validateStep(state.step, state.draft),
): Partial<Record<Field, string>> {
  const shown: Partial<Record<Field, string>> = { ...state.serverFields };
  for (const field of Object.keys(own) as Field[]) {
    if (state.touched[field] && !shown[field]) shown[field] = translate(own, field);
  }
  return shown;
}

/**
 * The line by Next while it is off, naming what keeps it off: the fields still empty ("Fill in your
 * name"), those filled in but not right ("Check your email"), or both; empty when nothing does.
 */
export function continueHint(
  blocking: Field[],
  own: FieldErrors,
  texts: { toContinue: string; toCorrect: string; toFillAndCorrect: string; fieldNames: Record<Field, string> },
  locale: string,
): string {
  const list = (fields: Field[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(fields.map((f) => texts.fieldNames[f]));
  const missing = blocking.filter((f) => own[f]?.code === 'required');
  const wrong = blocking.filter((f) => own[f] && own[f].code !== 'required');
  if (missing.length && wrong.length) return format(texts.toFillAndCorrect, { missing: list(missing), wrong: list(wrong) });
  if (wrong.length) return format(texts.toCorrect, { fields: list(wrong) });
  return missing.length ? format(texts.toContinue, { fields: list(missing) }) : '';
}

/** The fields that keep the step's Next (or Send) off, in the order the step shows them. */
export function blockingFields(step: Step, own: FieldErrors): Field[] {
  return STEP_FIELDS[step].filter((field) => own[field] !== undefined);
}
