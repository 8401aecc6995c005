// A modal dialog on the native <dialog> (docs/decisions/002-native-dialog.md): the booking dialog's, and
// the one for any other dialog of the site.
import { useEffect, useRef, type DialogHTMLAttributes, type KeyboardEvent, type MouseEvent } from 'react';
import { FOCUSABLE, wrapFocus } from './focus-trap.ts';

interface ModalProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onClose' | 'onCancel'> {
  /** Asked to close: Escape, a press on the backdrop, or the dialog closing itself. Unmount the modal. */
  onClose: () => void;
  /**
   * Whether it is open; by default it is open while it is mounted. False draws it ahead, closed (the
   * browser shows nothing of it and lays none of it out), so that opening it later is the browser's work
   * alone.
   */
  open?: boolean;
}

/**
 * A dialog that is open while it is mounted: render it when the visitor opens it, stop rendering it in
 * `onClose`. Unmounting is also what resets its contents. Give it `aria-labelledby` (its heading's id).
 * Or render it ahead with `open={false}` and set `open` when the visitor opens it.
 *
 * The browser makes the page behind it inert and draws the backdrop; on top of that it
 * - keeps Tab inside (otherwise Tab reaches the browser's own UI),
 * - closes on Escape, and on a press on the backdrop only when the press both starts and ends there (a
 *   text selection dragged out of a field must not throw the visitor's answers away),
 * - gives focus back, once closed, to what had it when the modal opened (the button that opened it).
 *
 * It moves focus nowhere itself: the browser focuses the element with the `autofocus` attribute, else its
 * first focusable element. Marking what should have focus first saves a focus change, each a style and
 * layout update of the page. The effects of the component that renders the modal run once it is open;
 * those of the components inside it run before it opens, when nothing in it can take focus yet.
 */
export function Modal({ open = true, onClose, onKeyDown, onMouseDown, onClick, children, ...props }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const el = dialog.current;
    if (!el || !open) return;
    // What has focus as it opens (the button that opened it) gets it back when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    return () => {
      el.close();
      // After React has removed or closed the dialog, back to the opener, as a keyboard user expects.
      requestAnimationFrame(() => opener?.focus());
    };
  }, [open]);

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
