import { useLayoutEffect, useRef } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { useI18n } from '../use-i18n.ts';

const ACTION = 'min-h-11 rounded-full px-5 py-2.5 text-sm font-semibold focus-visible:outline-2';

/**
 * In place of the booking dialog when its code could not be loaded (offline after the page arrived, or
 * a deploy replaced the chunk): the dialog's frame and title, a sentence in the page's language, and a
 * way to try again. Its words are the page's own, since the dialog's texts come with its code.
 *
 * It is in the page's first script, within a budget with little room (scripts/build-output.test.ts), so
 * it is kept to the bare platform: the native dialog without `Modal`'s additions (two buttons need no
 * focus trap, and closing gives focus back to the opener by itself), and plain buttons, as `Button`'s
 * variants here make the bundler split the first script in two, which costs more than the dialog.
 */
export function BookingUnavailable({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { t } = useI18n();
  const u = t.bookingUnavailable;
  const dialog = useRef<HTMLDialogElement>(null);
  // Closed before React removes it, so the browser gives focus back to what had it (the opener).
  useLayoutEffect(() => {
    const el = dialog.current;
    el?.showModal();
    return () => el?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="booking-unavailable-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(100%-1.5rem,34rem)] rounded-2xl border border-line bg-panel p-5 text-center text-slate-100 shadow-2xl shadow-black/50 sm:p-8"
    >
      <Icon name="globe" className="mx-auto size-10 text-rose-300" />
      <h2 id="booking-unavailable-title" className="mt-4 text-xl font-bold sm:text-2xl">
        {t.hero.cta}
      </h2>
      <p role="alert" className="mt-3 text-slate-300">
        {u.message}
      </p>
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <button type="button" className={`${ACTION} border border-slate-600 hover:bg-slate-800`} onClick={onClose}>
          {u.close}
        </button>
        <button type="button" className={`${ACTION} bg-indigo-500 text-white hover:bg-indigo-400`} onClick={onRetry}>
          {u.retry}
        </button>
      </div>
    </dialog>
  );
}
