// The booking dialog as every page opens it. It is not needed for the first paint: it is fetched when
// the browser is idle, or on the first click at the latest. Should its code not arrive (the visitor went
// offline after the page loaded), the dialog says so in the page's language and offers to try again.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { ChunkBoundary } from '../ui/chunk-boundary.tsx';
import { BookingUnavailable } from './booking-unavailable.tsx';

const loadBookingDialog = () => import('./booking-dialog.tsx');

/** One try at the dialog's code: React keeps a lazy part that failed failed, so a retry is a new one. */
const attemptAt = (n: number) => ({ n, BookingDialog: lazy(loadBookingDialog) });

/** What opens the dialog, and the dialog to render while it is open (null otherwise). */
export function useBookingDialog(): { openBooking: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(() => attemptAt(0));

  useEffect(() => {
    // A failed prefetch is tried again on the click.
    const prefetch = () => void loadBookingDialog().catch(() => {});
    // Safari has no requestIdleCallback.
    const idle = window.requestIdleCallback as typeof window.requestIdleCallback | undefined;
    if (idle) {
      const id = idle(prefetch, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(prefetch, 2000);
    return () => window.clearTimeout(id);
  }, []);

  // The dialog gives focus back to the button that opened it when it closes (ui/modal.tsx).
  const openBooking = useCallback(() => setOpen(true), []);
  const closeBooking = useCallback(() => setOpen(false), []);
  const retry = useCallback(() => setAttempt((a) => attemptAt(a.n + 1)), []);

  const { BookingDialog } = attempt;
  const dialog = open ? (
    <ChunkBoundary key={attempt.n} fallback={<BookingUnavailable onRetry={retry} onClose={closeBooking} />}>
      <Suspense fallback={null}>
        <BookingDialog onClose={closeBooking} />
      </Suspense>
    </ChunkBoundary>
  ) : null;
  return { openBooking, dialog };
}
