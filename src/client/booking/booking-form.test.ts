import { describe, expect, it } from 'vitest';
import { validateStep, type Field } from '../../shared/booking.ts';
import { blockingFields, bookingReducer, canSubmit, continueHint, initialState, visibleErrors, type BookingAction, type BookingFormState } from './booking-form.ts';

const run = (actions: BookingAction[], from = initialState('key-1')) => actions.reduce(bookingReducer, from);
const edit = (field: Field, value: string): BookingAction => ({ type: 'edit', field, value });

const step1: BookingAction[] = [edit('first_name', 'Ivan'), edit('email', 'ivan@example.com'), edit('phone', '0888 123 456')];
const step2: BookingAction[] = [edit('business_name', 'Ivan Ltd'), edit('service', 'Call Automation Systems')];
const atStep3 = () => run([...step1, { type: 'next' }, ...step2, { type: 'next' }]);

describe('booking form steps', () => {
  it('starts on step 1 with empty fields and no error', () => {
    const s = initialState('k');
    expect(s).toMatchObject({ step: 1, phase: 'editing', error: null, idempotencyKey: 'k' });
    expect(Object.values(s.draft).every((v) => v === '')).toBe(true);
  });

  it('goes on only when the current step is valid', () => {
    expect(run([edit('first_name', 'Ivan'), { type: 'next' }]).step).toBe(1);
    expect(run([...step1, { type: 'next' }]).step).toBe(2);
    expect(run([...step1, { type: 'next' }, edit('business_name', 'X'), { type: 'next' }]).step).toBe(2);
    expect(atStep3().step).toBe(3);
    expect(bookingReducer(atStep3(), { type: 'next' }).step).toBe(3);
  });

  it('goes back down to step 1 and no further', () => {
    const s = run([{ type: 'back' }, { type: 'back' }], atStep3());
    expect(s.step).toBe(1);
    expect(bookingReducer(s, { type: 'back' }).step).toBe(1);
  });

  it('clears the chosen product when the service changes', () => {
    let s = run([edit('product', 'All of the above')], atStep3());
    s = run([{ type: 'back' }, edit('service', 'A.I Lead Generation')], s);
    expect(s.draft.product).toBe('');
  });
});

describe('sending', () => {
  const ready = () => run([edit('product', 'All of the above')], atStep3());

  it('sends only from a complete step 3, and only once', () => {
    expect(bookingReducer(atStep3(), { type: 'submit' }).phase).toBe('editing');
    const sending = bookingReducer(ready(), { type: 'submit' });
    expect(sending.phase).toBe('sending');
    expect(canSubmit(ready())).toBe(true);
    expect(bookingReducer(sending, { type: 'submit' })).toBe(sending);
  });

  it('holds every field and blocks Back while sending', () => {
    const sending = bookingReducer(ready(), { type: 'submit' });
    expect(run([edit('first_name', 'Other'), { type: 'back' }], sending)).toBe(sending);
  });

  it('stays on step 3 with the message after a failure, with the same key for the retry', () => {
    const failed = run([{ type: 'submit' }, { type: 'failed', message: 'Failed to submit form' }], ready());
    expect(failed).toMatchObject({ step: 3, phase: 'editing', error: 'Failed to submit form', idempotencyKey: 'key-1' });
    expect(bookingReducer(failed, { type: 'submit' }).phase).toBe('sending');
  });

  it('keeps every field after a failure, and takes a new key only when the failure hands one', () => {
    const limited = run([{ type: 'submit' }, { type: 'failed', message: 'Too many requests' }], ready());
    expect(limited.draft).toEqual(ready().draft);
    const conflict = run([{ type: 'submit' }, { type: 'failed', message: 'Already sent', idempotencyKey: 'key-2' }], ready());
    expect(conflict).toMatchObject({ step: 3, phase: 'editing', error: 'Already sent', idempotencyKey: 'key-2' });
    expect(conflict.draft).toEqual(ready().draft);
  });

  it('clears the error when any field is edited', () => {
    const failed = run(
      [{ type: 'submit' }, { type: 'failed', message: 'Bad', fields: { email: 'Bad email', phone: 'Bad phone' } }],
      ready(),
    );
    const edited = bookingReducer(failed, edit('email', 'ivan@example.org'));
    expect(edited.error).toBeNull();
    expect(edited.serverFields).toEqual({ phone: 'Bad phone' });
  });

  it('shows thanks only after the success pause', () => {
    const ok = run([{ type: 'submit' }, { type: 'succeeded' }], ready());
    expect(ok.phase).toBe('succeeded');
    expect(bookingReducer(ok, { type: 'showThanks' }).phase).toBe('thanks');
    expect(bookingReducer(ready(), { type: 'showThanks' }).phase).toBe('editing');
  });
});

describe('visibleErrors', () => {
  const translate = (_e: unknown, field: Field) => `bad ${field}`;

  it('shows a rule error only once the field was left, and the server message always', () => {
    const s: BookingFormState = run([edit('email', 'nope')]);
    expect(visibleErrors(s, translate)).toEqual({});
    const touched = bookingReducer(s, { type: 'touch', field: 'email' });
    expect(visibleErrors(touched, translate)).toEqual({ email: 'bad email' });
    expect(visibleErrors({ ...s, serverFields: { phone: 'from server' } }, translate)).toEqual({ phone: 'from server' });
  });
});

describe('blockingFields', () => {
  it('names what keeps Next off, in the order the step shows it, whether empty or not yet valid', () => {
    const draft = { ...initialState('k').draft };
    expect(blockingFields(1, validateStep(1, draft))).toEqual(['first_name', 'email', 'phone']);
    draft.first_name = 'Georgi';
    draft.email = 'georgi@';
    expect(blockingFields(1, validateStep(1, draft))).toEqual(['email', 'phone']);
    draft.email = 'georgi@example.com';
    draft.phone = '+359 88 555 0101';
    expect(blockingFields(1, validateStep(1, draft))).toEqual([]);
    expect(blockingFields(2, validateStep(2, draft))).toEqual(['business_name', 'service']);
  });
});

describe('a refusal and the line by Next', () => {
  const texts = {
    toContinue: 'Fill in your {fields} to continue.',
    toCorrect: 'Check your {fields} to continue.',
    toFillAndCorrect: 'Fill in your {missing} and check your {wrong} to continue.',
    fieldNames: { first_name: 'name', email: 'email', phone: 'phone', business_name: 'business name', service: 'service', product: 'choice', custom_service: 'description' },
  };
  const hint = (actions: BookingAction[]) => {
    const s = run(actions);
    const own = validateStep(s.step, s.draft);
    return continueHint(blockingFields(s.step, own), own, texts, 'en');
  };

  it('names what is missing, what is filled in but wrong, or both', () => {
    expect(hint([])).toBe('Fill in your name, email, and phone to continue.');
    expect(hint([edit('first_name', 'Ivan'), edit('email', 'ivan@'), edit('phone', '0888-ABC-1234')])).toBe('Check your email and phone to continue.');
    expect(hint([edit('email', 'ivan@'), edit('phone', '0888 123 456')])).toBe('Fill in your name and check your email to continue.');
    expect(hint(step1)).toBe('');
  });

  it('goes to the step of the field the server refused, keeping every answer', () => {
    const ready = run([edit('product', 'All of the above')], atStep3());
    const sending = run([{ type: 'submit' }], ready);
    expect(sending.phase).toBe('sending');
    const refused = run([{ type: 'failed', message: 'Check the phone.', fields: { phone: 'Not a number we can call.' } }], sending);
    expect(refused).toMatchObject({ step: 1, phase: 'editing', serverFields: { phone: 'Not a number we can call.' } });
    expect(refused.draft).toEqual(ready.draft);
    // Without a field, it stays where it was.
    expect(run([{ type: 'failed', message: 'Down.' }], sending).step).toBe(3);
  });
});
