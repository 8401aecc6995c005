// The booking dialog as every page opens it. It is not needed for the first paint: it is fetched when
// the browser is idle, and drawn then, closed, or on the first click at the latest. Should its code not arrive (the visitor went
// offline after the page loaded), the dialog says so in the page's language and offers to try again.
import { lazy, startTransition, Suspense, useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { ChunkBoundary } from '../../ui/chunk-boundary.tsx';
import { whenIdle } from '../when-idle.ts';
import type BookingDialogComponent from './booking-dialog.tsx';
import { BookingUnavailable } from './booking-unavailable.tsx';

/** The dialog's code once it has arrived. */
let loaded: typeof BookingDialogComponent | undefined;
const loadBookingDialog = (): Promise<{ default: typeof BookingDialogComponent }> =>
  import('./booking-dialog.tsx').then((m) => {
    loaded = m.default;
    return m;
  });

/**
 * The dialog's code for React.lazy: once it has arrived, handed over at once (a thenable that calls back
 * before returning), so that a dialog first rendered after that has no Suspense round either.
 */
const loadedOrLoading = (): Promise<{ default: typeof BookingDialogComponent }> => {
  const ready = loaded;
  if (!ready) return loadBookingDialog();
  const now = { then: (resolve: (m: { default: typeof BookingDialogComponent }) => void) => resolve({ default: ready }) };
  return now as unknown as Promise<{ default: typeof BookingDialogComponent }>;
};

/**
 * One try at the dialog's code: React keeps a lazy part that failed failed, so a retry is a new one. Its
 * component stays the one rendered for the whole try: had the page switched to the loaded code as it
 * arrived, a dialog opened while it was on its way would be unmounted and opened again, its answers and
 * its focus lost.
 */
const attemptAt = (n: number) => ({ n, BookingDialog: lazy(loadedOrLoading) });

/** The mark of the history entry an open dialog adds. */
const DIALOG_MARK = 'bookingDialog';
type HistoryMark = Partial<Record<typeof DIALOG_MARK, boolean>>;

/** What the page calls to open the dialog (BookingDialogHost). */
export interface Opener {
  open: () => void;
}

/**
 * What opens the dialog, and the element that renders it. Whether it is open is the element's own state,
 * so opening and closing it render the dialog alone, not the page that holds it.
 */
export function useBookingDialog(): { openBooking: () => void; dialog: ReactNode } {
  const opener = useRef<Opener>(null);
  const openBooking = useCallback(() => opener.current?.open(), []);
  return { openBooking, dialog: <BookingDialogHost ref={opener} /> };
}

export function BookingDialogHost({ ref }: { ref: Ref<Opener> }) {
  const [open, setOpen] = useState(false);
  // A closed dialog drawn ahead, once its code is here and the browser idle: opening it is then the
  // browser's work alone, not React's too (booking-dialog.tsx). Not after a close until idle again.
  const [drawn, setDrawn] = useState(false);
  const [attempt, setAttempt] = useState(() => attemptAt(0));
  // Opened before its code is here (a first press that is the page's first touch), the dialog is
  // opened once the code has arrived, not rendered meanwhile: a part that suspends is rendered again
  // in slices that give way to the browser, frame after frame, where the visitor waits for this one.
  // Should the code not arrive, it opens all the same, and says so.
  useImperativeHandle(
    ref,
    () => ({
      open: () => {
        const show = () => {
          // An entry in the tab's history, so Back (a phone's, the browser's) closes the dialog rather
          // than leaving the page.
          if (!(history.state as HistoryMark | null)?.[DIALOG_MARK]) history.pushState({ ...(history.state as object | null), [DIALOG_MARK]: true }, '');
          setOpen(true);
        };
        if (loaded) show();
        else void loadBookingDialog().then(show, show);
      },
    }),
    [],
  );

  useEffect(() => {
    if (drawn) return;
    // A failed prefetch is tried again on the click. Drawing is a transition: it gives way to the visitor.
    const prepare = () =>
      void loadBookingDialog().then(
        () => startTransition(() => setDrawn(true)),
        () => {},
      );
    return whenIdle(prepare, { timeout: 4000, fallback: 2000 });
  }, [drawn]);

  // The dialog gives focus back to the button that opened it when it closes (ui/modal.tsx). Unmounted,
  // it keeps what was typed in the tab (draft-store.ts); the next one is drawn when the browser is idle
  // again. Closed by its own means, it takes its history entry back; by Back, the entry is gone already.
  const closeBooking = useCallback(() => {
    setOpen(false);
    setDrawn(false);
    if ((history.state as HistoryMark | null)?.[DIALOG_MARK]) history.back();
  }, []);
  useEffect(() => {
    if (!open) return;
    const onPop = () => {
      if ((history.state as HistoryMark | null)?.[DIALOG_MARK]) return;
      setOpen(false);
      setDrawn(false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [open]);
  const retry = useCallback(() => setAttempt((a) => attemptAt(a.n + 1)), []);

  if (!open && !(drawn && loaded)) return null;
  const { BookingDialog } = attempt;
  return (
    <ChunkBoundary key={attempt.n} fallback={<BookingUnavailable onRetry={retry} onClose={closeBooking} />}>
      <Suspense fallback={null}>
        <BookingDialog open={open} onClose={closeBooking} />
      </Suspense>
    </ChunkBoundary>
  );
}
