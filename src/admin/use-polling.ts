import { useEffect, useRef } from 'react';

/**
 * Calls `poll` every `everyMs` while `active` and the page is in view; a page shown again polls at once.
 * A hidden tab asks nothing of the server.
 */
export function usePolling(active: boolean, poll: () => void, everyMs = 5_000) {
  // The latest poll, read at each tick (not itself a reason to start again).
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });

  useEffect(() => {
    if (!active) return;
    let timer: number | undefined;
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      stop();
      if (document.visibilityState === 'visible') timer = window.setInterval(() => latest.current(), everyMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') latest.current();
      start();
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, everyMs]);
}
