// Tab inside a modal dialog, apart from the DOM so it can be tested on its own.

/** What a dialog's Tab can land on. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where Tab (or Shift+Tab, `backwards`) must go instead of where the browser would take it: from the
 * last item back to the first, from the first back to the last. `undefined` where the browser's own
 * move stays inside.
 */
export function wrapFocus<T>(items: readonly T[], active: T | null, backwards: boolean): T | undefined {
  const first = items[0];
  const last = items[items.length - 1];
  if (first === undefined || last === undefined) return undefined;
  if (backwards) return active === first ? last : undefined;
  return active === last ? first : undefined;
}
