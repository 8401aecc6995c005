// A modal dialog on the native <dialog> (docs/decisions/002-native-dialog.md): the booking dialog's, and
// the one for any other dialog of the site.
import { useEffect, useRef, useState, type DialogHTMLAttributes, type KeyboardEvent, type MouseEvent } from 'react';
import { FOCUSABLE, wrapFocus } from './focus-trap.ts';

interface ModalProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onClose' | 'onCancel'> {
  /** Asked to close: Escape, a press on the backdrop, or the dialog closing itself. Unmount the modal. */
  onClose: () => void;
}

/**
 * A dialog that is open while it is mounted: render it when the visitor opens it, stop rendering it in
 * `onClose`. Unmounting is also what resets its contents. Give it `aria-labelledby` (its heading's id).
 *
 * The browser makes the page behind it inert and draws the backdrop; on top of that it
 * - keeps Tab inside (otherwise Tab reaches the browser's own UI),
 * - closes on Escape, and on a press on the backdrop only when the press both starts and ends there (a
 *   text selection dragged out of a field must not throw the visitor's answers away),
 * - gives focus back, once closed, to what had it when the modal opened (the button that opened it).
 *
 * It moves focus nowhere itself: the browser focuses the element with the `autofocus` attribute, else its
 * first focusable element, and the content may move focus in its own effects, which run after the modal
 * is open. Marking what should have focus first saves a focus change, each a style and layout update.
 */
export function Modal({ onClose, onKeyDown, onMouseDown, onClick, children, ...props }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  // Read while rendering, before the dialog takes focus; rendered only in the browser, once opened.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (!el.open) el.showModal();
    return () => {
      el.close();
      // After React has removed the dialog, back to the opener, as a keyboard user expects.
      requestAnimationFrame(() => opener?.focus());
    };
  }, [opener]);

  function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
    onKeyDown?.(e);
    if (e.key !== 'Tab') return;
    const items = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = wrapFocus(items, active, e.shiftKey);
    if (target) {
      e.preventDefault();
      target.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={onClose}
      onKeyDown={keepTabInside}
      onMouseDown={(e: MouseEvent<HTMLDialogElement>) => {
        onMouseDown?.(e);
        pressedOnBackdrop.current = e.target === dialog.current;
      }}
      onClick={(e: MouseEvent<HTMLDialogElement>) => {
        onClick?.(e);
        if (pressedOnBackdrop.current && e.target === dialog.current) onClose();
        pressedOnBackdrop.current = false;
      }}
      {...props}
    >
      {children}
    </dialog>
  );
}
