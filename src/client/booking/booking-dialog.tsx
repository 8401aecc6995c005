// The three-step "Book a Free Discovery Call" dialog. Loaded on demand, and drawn ahead (closed) once the
// browser is idle, or when opened; closing unmounts it. What was typed is kept in the tab until it is
// sent (draft-store.ts), so the next opening starts where the visitor was.
import { memo, useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { fieldErrorText, format } from '../../content/i18n/format.ts';
import { FIELDS, STEP_FIELDS, validateStep, type Field } from '../../shared/booking.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useI18n } from '../use-i18n.ts';
import { blockingFields, bookingReducer, canSubmit, continueHint, initialState, visibleErrors } from './booking-form.ts';
import { fieldId, type FieldBinding, type FieldBindings } from './field-binding.ts';
import { StepBusiness } from './step-business.tsx';
import { StepContact } from './step-contact.tsx';
import { Consent, StepProject } from './step-project.tsx';
import { CallNow } from './call-now.tsx';
import type { CallbackOffer } from '../../shared/callback-offer.ts';
import { HONEYPOT_FIELD } from '../../shared/spam.ts';
import { sendBooking, useFormToken, type FormTokenRef } from './send-booking.ts';
import { ThankYou } from './thank-you.tsx';
import { keepDraft, restoredDraft } from './draft-store.ts';
import { reportStep } from '../visit.ts';

/** The pause between a stored request and the thank-you panel, in milliseconds. */
export const THANK_YOU_DELAY_MS = 500;

/** The line by Next that says what is still missing. */
const CONTINUE_HINT_ID = 'booking-continue-hint';

function newKey(): string {
  // randomUUID needs a secure context; getRandomValues works everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The dialog, drawn ahead while closed (`open` false) or when it is opened. Opening a dialog drawn ahead
 * renders this and the modal only: the form's properties do not change, so React leaves it as it is, and
 * the press costs the browser's work alone (the page made inert, the dialog laid out, the field focused).
 */
export default function BookingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { locale } = useI18n();
  const { formToken: formTokenRef, callback } = useFormToken(open);
  // The funnel: the dialog opened (visit.ts; once per tab); the form reports the steps after it.
  useEffect(() => {
    if (open) reportStep('open', locale);
  }, [open, locale]);

  return (
    <Modal
      open={open}
      aria-labelledby="booking-title"
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[min(100%-1.5rem,34rem)] overflow-y-auto overscroll-contain rounded-2xl border border-line bg-panel p-0 text-slate-100 shadow-2xl shadow-black/50"
    >
      <BookingForm onClose={onClose} formTokenRef={formTokenRef} callback={callback} />
    </Modal>
  );
}

/** The steps, the thank-you panel and the close button: all that is inside the modal. */
const BookingForm = memo(function BookingForm({
  onClose,
  formTokenRef,
  callback,
}: {
  onClose: () => void;
  formTokenRef: FormTokenRef;
  /** Alex's call, where the server offers it as the dialog opens (send-booking.ts). */
  callback: CallbackOffer | undefined;
}) {
  const { locale } = useI18n();
  const b = bookingTexts[locale];
  const [state, dispatch] = useReducer(bookingReducer, undefined, () => {
    const saved = restoredDraft();
    return saved ? { ...initialState(saved.idempotencyKey), step: saved.step, draft: saved.draft } : initialState(newKey());
  });
  /** The booking's answer's token, with which the visitor may pick the call's time on the thank-you panel. */
  const [meetingToken, setMeetingToken] = useState<string>();
  /** Whether the visitor asked Alex to call; never kept with the draft, so each sending asks afresh. */
  const [callNow, setCallNow] = useState(false);
  /** Alex's call as the booking's answer says it, for the thank-you panel. */
  const [callbackAgreed, setCallbackAgreed] = useState<CallbackOffer>();
  const form = useRef<HTMLFormElement>(null);
  const { step, draft, phase } = state;
  const sending = phase === 'sending' || phase === 'succeeded';

  // What was typed, kept until it is sent; nothing is written for a form nobody has touched.
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current) {
      changed.current = true;
      return;
    }
    keepDraft(state);
  }, [state.draft, state.step, state.idempotencyKey, state.phase]); // eslint-disable-line react-hooks/exhaustive-deps

  // The funnel: each step after the first reached (the dialog reports its opening).
  useEffect(() => {
    if (step > 1) reportStep(step === 2 ? 'step2' : 'step3', locale);
  }, [step, locale]);

  // Each step starts at its first field, so keyboard and screen-reader users land where they type. The
  // first step's is focused by the browser as the dialog opens (its `autofocus`): this effect runs before
  // that, as the form is drawn.
  useEffect(() => {
    if (phase !== 'editing') return;
    const first = STEP_FIELDS[step].find((f) => document.getElementById(fieldId(f)));
    const el = first
      ? document.getElementById(fieldId(first))
      : form.current?.querySelector<HTMLElement>('input[type="radio"]');
    // The dialog opens on the step's first field (its `autofocus`): step 1's, or the step a kept draft
    // comes back to (draft-store.ts).
    if (el && !el.hasAttribute('autofocus')) {
      for (const marked of form.current?.querySelectorAll('[autofocus]') ?? []) marked.removeAttribute('autofocus');
      el.setAttribute('autofocus', '');
    }
    // Step 1's field has it already: the dialog opened on it.
    if (el !== document.activeElement) el?.focus();
    // Only a step change moves focus; a failure leaves it where the visitor is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  useEffect(() => {
    if (phase !== 'succeeded') return;
    const timer = window.setTimeout(() => dispatch({ type: 'showThanks' }), THANK_YOU_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  // The step's errors by the rules, once per change of the answers: they decide both what is shown and
  // whether Next can be pressed.
  const own = useMemo(() => validateStep(step, draft), [step, draft]);
  // Next stays off until the step is complete; this line says what is still missing.
  const blocking = blockingFields(step, own);
  const toContinue = sending ? '' : continueHint(blocking, own, b, locale);
  const errors = visibleErrors(
    state,
    (found, field) => {
      const e = found[field];
      return e ? fieldErrorText(b, e) : undefined;
    },
    own,
  );

  // Each field's handlers, made once: a step's bindings change only with what it shows (stepView).
  const handlers = useMemo(() => {
    const made = {} as Record<Field, Pick<FieldBinding, 'onChange' | 'onBlur'>>;
    for (const field of FIELDS) {
      made[field] = {
        onChange: (e) => dispatch({ type: 'edit', field, value: e.target.value }),
        onBlur: () => dispatch({ type: 'touch', field }),
      };
    }
    return made;
  }, []);
  const fields = {} as FieldBindings;
  for (const field of FIELDS) {
    fields[field] = {
      id: fieldId(field),
      name: field,
      value: draft[field],
      error: errors[field],
      disabled: sending,
      ...handlers[field],
    };
  }

  async function send() {
    if (!canSubmit(state) || phase !== 'editing') return;
    dispatch({ type: 'submit' });
    const result = await sendBooking({
      draft,
      locale,
      idempotencyKey: state.idempotencyKey,
      texts: b,
      formToken: formTokenRef,
      form: form.current,
      callNow: callNow && callback !== undefined,
    });
    if (result.ok) {
      setMeetingToken(result.meetingToken);
      setCallbackAgreed(result.callback);
      return dispatch({ type: 'succeeded' });
    }
    dispatch({
      type: 'failed',
      message: result.message,
      fields: result.fields,
      ...(result.renewKey ? { idempotencyKey: newKey() } : {}),
    });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step < 3) dispatch({ type: 'next' });
    else void send();
  }

  return (
    <div className="relative p-5 sm:p-8">
      <button
        type="button"
        onClick={onClose}
        aria-label={b.closeDialog}
        className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-white"
      >
        <Icon name="close" strokeWidth={2} className="size-5" />
      </button>

      {phase === 'thanks' ? (
        <ThankYou texts={b} locale={locale} meetingToken={meetingToken} callback={callbackAgreed} onClose={onClose} />
      ) : (
        <form ref={form} noValidate onSubmit={onSubmit} aria-describedby="booking-progress">
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
                  className={cn('h-1.5 rounded-full', s <= step ? 'bg-gradient-to-r from-indigo-400 to-cyan-400' : 'bg-slate-700')}
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

          {/* The honeypot: out of sight, out of the accessibility tree and out of the tab order, so only
              a script filling in every field finds it (shared/spam.ts). Its label is for such scripts. */}
          <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
            <label>
              Website
              <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>

          {/* Every step is in the form from the dialog's start, the others hidden (out of layout, of the tab
              order and of the accessibility tree): Next shows the next step instead of building it, its
              code having run when the dialog was drawn. A step is drawn again only when what it shows
              changes (stepView), so typing in one does not redraw the others (decision 020). */}
          <div className="mt-6">
            <div hidden={step !== 1} className="space-y-4">
              <StepContact fields={fields} texts={b} />
            </div>
            <div hidden={step !== 2} className="space-y-4">
              <StepBusiness fields={fields} texts={b} />
            </div>
            <div hidden={step !== 3} className="space-y-4">
              <StepProject fields={fields} texts={b} />
              {callback && <CallNow offer={callback} texts={b} checked={callNow} disabled={sending} onChange={setCallNow} />}
              <Consent texts={b} />
            </div>
          </div>

          {/* Present from the start and polite, so a screen reader hears what changes, not the whole form;
              its line stays when it empties, so the buttons never move under the visitor's finger. */}
          <p id={CONTINUE_HINT_ID} aria-live="polite" className="mt-6 min-h-5 text-right text-sm text-pretty text-slate-400">
            {toContinue}
          </p>
          <div className="mt-3 flex items-center justify-between gap-3">
            <Button
              variant="secondary"
              disabled={step === 1 || sending}
              onClick={() => dispatch({ type: 'back' })}
            >
              {b.back}
            </Button>
            {step < 3 ? (
              <Button type="submit" disabled={blocking.length > 0} aria-describedby={toContinue ? CONTINUE_HINT_ID : undefined}>
                {b.next}
              </Button>
            ) : (
              <Button
                type="submit"
                disabled={!canSubmit(state) || sending}
                aria-busy={sending}
                aria-describedby={toContinue ? CONTINUE_HINT_ID : undefined}
              >
                {sending ? b.sending : b.send}
              </Button>
            )}
          </div>
        </form>
      )}
    </div>
  );
});
