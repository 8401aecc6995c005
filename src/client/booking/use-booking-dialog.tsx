// The booking dialog as every page opens it. It is not needed for the first paint: it is fetched when
// the browser is idle, or on the first click at the latest.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';

const loadBookingDialog = () => import('./booking-dialog.tsx');
const BookingDialog = lazy(loadBookingDialog);

/** What opens the dialog, and the dialog to render while it is open (null otherwise). */
export function useBookingDialog(): { openBooking: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const prefetch = () => void loadBookingDialog();
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

  const dialog = open ? (
    <Suspense fallback={null}>
      <BookingDialog onClose={closeBooking} />
    </Suspense>
  ) : null;
  return { openBooking, dialog };
}
