// A press made on a part of the page before its script had hydrated it. The page's loader
// (scripts/page-loader.ts) holds such a press on a button, or a plain press on a language link, instead
// of letting it fall through or be lost, and hands it over here once React has hydrated that part, to
// be made again.

/** The window property through which the loader hands over the press it holds for a part. */
export const PENDING_PRESS = '__pendingPress';

/** The press held for `part` (an island, or a page's root), taken from the loader; null when none. */
function takePendingPress(part: Element): HTMLElement | null {
  const take = (window as unknown as Record<string, ((part: Element) => HTMLElement | null) | undefined>)[PENDING_PRESS];
  return take?.(part) ?? null;
}

/** Once `part` has hydrated: makes the press held for it again. */
export function replayPendingPress(part: Element) {
  const button = takePendingPress(part);
  if (button?.isConnected) button.click();
}
