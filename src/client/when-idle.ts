/**
 * Runs `fn` once the browser is idle, or after `timeout` ms at the latest; where there is no
 * requestIdleCallback (Safari), after `fallback` ms. Returns what cancels it.
 */
export function whenIdle(fn: () => void, { timeout, fallback }: { timeout: number; fallback: number }): () => void {
  const idle = window.requestIdleCallback as typeof window.requestIdleCallback | undefined;
  if (idle) {
    const id = idle(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, fallback);
  return () => window.clearTimeout(id);
}
