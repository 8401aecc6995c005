// What a visitor has typed into the booking dialog, kept in the tab's session storage until it is sent:
// a stray tap on the backdrop, Back, a reload or a language switch closes the dialog, and the next
// opening starts where they were, step and answers, with the same idempotency key (so a request that
// did reach the server before is never stored twice). Sent, it is forgotten.
import { EMPTY_DRAFT, FIELDS, LIMITS, type BookingDraft, type Step } from '../../shared/booking.ts';
import type { BookingFormState } from './booking-form.ts';

const KEY = 'booking-draft';

export interface SavedDraft {
  step: Step;
  draft: BookingDraft;
  idempotencyKey: string;
}

/** The longest a kept answer can be: the longest any field takes. */
const LONGEST = Math.max(...Object.values(LIMITS));

/** The draft kept in this tab, if there is a sound one (anything else stored there is ignored). */
export function restoredDraft(): SavedDraft | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as Partial<SavedDraft>;
    const step = saved.step;
    if (step !== 1 && step !== 2 && step !== 3) return undefined;
    if (typeof saved.idempotencyKey !== 'string' || !/^[\w-]{16,64}$/.test(saved.idempotencyKey)) return undefined;
    const draft: BookingDraft = { ...EMPTY_DRAFT };
    for (const field of FIELDS) {
      const value = saved.draft?.[field];
      if (typeof value === 'string') draft[field] = value.slice(0, LONGEST);
    }
    return { step, draft, idempotencyKey: saved.idempotencyKey };
  } catch {
    return undefined;
  }
}

/** Keeps what the form holds now; forgets it once the request is sent. Storage may be off or full: then nothing is kept. */
export function keepDraft(state: Pick<BookingFormState, 'step' | 'draft' | 'idempotencyKey' | 'phase'>): void {
  try {
    if (state.phase === 'succeeded' || state.phase === 'thanks') return window.sessionStorage.removeItem(KEY);
    const empty = FIELDS.every((field) => state.draft[field] === EMPTY_DRAFT[field]);
    if (empty && state.step === 1) return window.sessionStorage.removeItem(KEY);
    const saved: SavedDraft = { step: state.step, draft: state.draft, idempotencyKey: state.idempotencyKey };
    window.sessionStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Private mode or a full storage: the dialog works as before, without the keeping.
  }
}
