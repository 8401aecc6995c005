import { useRef, type MouseEvent, type PointerEvent } from 'react';
import { swipeStep, type Step } from './paging.ts';

/**
 * Pointer handlers that turn a horizontal swipe into a page step. The element needs
 * `touch-action: pan-y`, so the browser keeps vertical scrolling and leaves sideways moves to us.
 */
export function useSwipe(onSwipe: (step: Step) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  // A mouse drag ends in a click on whatever card it ended over; that click must not open it.
  const swiped = useRef(false);

  return {
    onPointerDown(event: PointerEvent) {
      swiped.current = false;
      start.current = event.isPrimary && event.button === 0 ? { x: event.clientX, y: event.clientY } : null;
    },
    onPointerUp(event: PointerEvent) {
      if (!start.current) return;
      const step = swipeStep(event.clientX - start.current.x, event.clientY - start.current.y);
      start.current = null;
      if (step !== 0) {
        swiped.current = true;
        onSwipe(step);
      }
    },
    // The browser took the gesture over for scrolling.
    onPointerCancel() {
      start.current = null;
    },
    onClickCapture(event: MouseEvent) {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
