// The three-step "Book a Free Discovery Call" dialog. Loaded on demand: it is mounted when opened and
// unmounted when closed, which is also what resets every field and the step.
import { useEffect, useReducer, useRef, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { fieldErrorText, format } from '../../content/i18n/format.ts';
import {
  LIMITS,
  SERVICES,
  STEP_FIELDS,
  isStepValid,
  productsOf,
  usesDescription,
  type Field,
} from '../../shared/booking.ts';
import { Button } from '../ui/button.tsx';
import { errorProps, SelectField, TextAreaField, TextField } from '../ui/field.tsx';
import { useI18n } from '../use-i18n.ts';
import { bookingReducer, canSubmit, initialState, visibleErrors } from './booking-form.ts';
import { submitBooking } from './submit-booking.ts';

/** The pause between a stored request and the thank-you panel (SPEC.md §4). */
export const THANK_YOU_DELAY_MS = 500;

function newKey(): string {
  // randomUUID needs a secure context; getRandomValues works everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const fieldId = (field: Field) => `booking-${field.replace('_', '-')}`;

export default function BookingDialog({ onClose }: { onClose: () => void }) {
  const { t, locale } = useI18n();
  const b = bookingTexts[locale];
  const [state, dispatch] = useReducer(bookingReducer, undefined, () => initialState(newKey()));
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const { step, draft, phase } = state;
  const sending = phase === 'sending' || phase === 'succeeded';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);

  // Each step starts at its first field, so keyboard and screen-reader users land where they type.
  useEffect(() => {
    if (phase !== 'editing') return;
    const first = STEP_FIELDS[step].find((f) => document.getElementById(fieldId(f)));
    const el = first
      ? document.getElementById(fieldId(first))
      : dialogRef.current?.querySelector<HTMLElement>('input[type="radio"]');
    el?.focus();
    // Only a step change moves focus; a failure leaves it where the visitor is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  useEffect(() => {
    if (phase !== 'succeeded') return;
    const timer = window.setTimeout(() => dispatch({ type: 'showThanks' }), THANK_YOU_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (phase === 'thanks') dialogRef.current?.querySelector<HTMLElement>('[data-thanks-close]')?.focus();
  }, [phase]);

  const errors = visibleErrors(state, (own, field) => {
    const e = own[field];
    return e ? fieldErrorText(b, e) : undefined;
  });

  const bind = (field: Field) => ({
    id: fieldId(field),
    name: field,
    value: draft[field],
    error: errors[field],
    disabled: sending,
    onChange: (e: { target: { value: string } }) => dispatch({ type: 'edit', field, value: e.target.value }),
    onBlur: () => dispatch({ type: 'touch', field }),
  });

  async function send() {
    if (!canSubmit(state) || phase !== 'editing') return;
    dispatch({ type: 'submit' });
    const result = await submitBooking(draft, locale, state.idempotencyKey, b);
    dispatch(result.ok ? { type: 'succeeded' } : { type: 'failed', message: result.message, fields: result.fields });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step < 3) dispatch({ type: 'next' });
    else void send();
  }

  // Keep Tab inside the dialog: the page behind it is inert, but the browser's own UI is not.
  function onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key !== 'Tab') return;
    const items = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  // Only a press that starts and ends on the backdrop closes: a text selection dragged out of a field
  // must not throw the visitor's answers away.
  const onMouseDown = (e: MouseEvent) => {
    pressedOnBackdrop.current = e.target === dialogRef.current;
  };
  const onClick = (e: MouseEvent) => {
    if (pressedOnBackdrop.current && e.target === dialogRef.current) onClose();
    pressedOnBackdrop.current = false;
  };

  const described = usesDescription(draft.service);
  const stepValid = isStepValid(step, draft);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="booking-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onClick={onClick}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[min(100%-1.5rem,34rem)] overflow-y-auto rounded-2xl border border-line bg-panel p-0 text-slate-100 shadow-2xl shadow-black/50"
    >
      <div className="relative p-5 sm:p-8">
        <button
          type="button"
          onClick={onClose}
          aria-label={b.closeDialog}
          className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-white"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>

        {phase === 'thanks' ? (
          <div className="py-4 text-center" role="status">
            <div className="mx-auto grid size-14 place-items-center rounded-full bg-emerald-500/15 text-emerald-300">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </div>
            <h2 id="booking-title" className="mt-5 text-2xl font-bold">
              {b.thankYou.title}
            </h2>
            <p className="mt-3 text-slate-300">{b.thankYou.review}</p>
            <p className="mt-2 text-slate-300">{b.thankYou.callback}</p>
            <p className="mt-4 font-medium text-cyan-300">{b.thankYou.phoneHint}</p>
            <Button data-thanks-close className="mt-8 w-full sm:w-auto" onClick={onClose}>
              {b.close}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-describedby="booking-progress">
            <h2 id="booking-title" className="pr-10 text-xl font-bold sm:text-2xl">
              {b.title}
            </h2>

            <div id="booking-progress" className="mt-4">
              <p className="text-sm text-slate-400">
                {format(b.stepOf, { step, total: 3 })}: {b.steps[step - 1]}
              </p>
              <ol className="mt-2 grid grid-cols-3 gap-2" aria-hidden="true">
                {[1, 2, 3].map((s) => (
                  <li
                    key={s}
                    className={`h-1.5 rounded-full ${s <= step ? 'bg-gradient-to-r from-indigo-400 to-cyan-400' : 'bg-slate-700'}`}
                  />
                ))}
              </ol>
            </div>

            {state.error && (
              <div
                role="alert"
                className="mt-5 rounded-xl border border-rose-500/50 bg-rose-500/10 px-4 py-3 text-sm text-rose-200"
              >
                {state.error}
              </div>
            )}

            <div className="mt-6 space-y-4">
              {step === 1 && (
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
              )}

              {step === 2 && (
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
              )}

              {step === 3 && described && (
                <TextAreaField
                  {...bind('custom_service')}
                  label={b.customService}
                  placeholder={b.customServicePlaceholder}
                  maxLength={LIMITS.custom_service}
                  required
                  hint={
                    <span className="shrink-0 text-slate-500" aria-hidden="true">
                      {draft.custom_service.length}/{LIMITS.custom_service}
                    </span>
                  }
                />
              )}

              {step === 3 && !described && (
                <fieldset>
                  <legend className="text-sm font-medium text-slate-200">{b.product}</legend>
                  <div className="mt-2 space-y-2">
                    {productsOf(draft.service).map((p) => (
                      <label
                        key={p}
                        className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-600 px-4 py-3 has-checked:border-cyan-400 has-checked:bg-cyan-400/10"
                      >
                        <input
                          type="radio"
                          name="product"
                          value={p}
                          checked={draft.product === p}
                          disabled={sending}
                          onChange={() => dispatch({ type: 'edit', field: 'product', value: p })}
                          {...errorProps(fieldId('product'), errors.product)}
                          className="mt-1 size-4 accent-cyan-400"
                        />
                        <span>{t.products[p]}</span>
                      </label>
                    ))}
                  </div>
                  {errors.product && (
                    <p id={`${fieldId('product')}-error`} className="mt-1 text-sm text-rose-300">
                      {errors.product}
                    </p>
                  )}
                </fieldset>
              )}
            </div>

            <div className="mt-8 flex items-center justify-between gap-3">
              <Button
                variant="secondary"
                disabled={step === 1 || sending}
                onClick={() => dispatch({ type: 'back' })}
              >
                {b.back}
              </Button>
              {step < 3 ? (
                <Button type="submit" disabled={!stepValid}>
                  {b.next}
                </Button>
              ) : (
                <Button type="submit" disabled={!canSubmit(state) || sending} aria-busy={sending}>
                  {sending ? b.sending : b.send}
                </Button>
              )}
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
