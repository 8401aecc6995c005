// A press made before the page was hydrated. The page's loader (scripts/page-loader.ts) starts the
// scripts only once the page is drawn, so a visitor can press a button, or a language link, that has no
// handler yet: the loader holds that press (the latest one) instead of letting it fall through, and hands
// it over here once React has hydrated the page, to be made again.
import { useEffect } from 'react';

/** The window property through which the loader hands over the held press, and stops holding presses. */
export const PENDING_PRESS = '__pendingPress';

/** Takes the held press from the loader, which holds no more; none when there was none, or no loader. */
function takePendingPress(): HTMLElement | null {
  const take = (window as unknown as Record<string, (() => HTMLElement | null) | undefined>)[PENDING_PRESS];
  return take?.() ?? null;
}

/** Rendered last in a hydrated root: once the page has hydrated, makes the held press again. */
export function ReplayPendingPress(): null {
  useEffect(() => {
    const button = takePendingPress();
    if (button?.isConnected) button.click();
  }, []);
  return null;
}
