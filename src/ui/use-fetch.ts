import { useCallback, useEffect, useRef, useState } from 'react';

export interface Fetched<T> {
  /** The latest answer, kept while another key loads (shown dimmed, not blanked). */
  data: T | undefined;
  /** Whether `data` answers the key asked for now. */
  current: boolean;
  loading: boolean;
  /** Whether the last load for this key failed (not while loading again). */
  failed: boolean;
  /** Why it failed. */
  error: unknown;
  /** Loads the same key again. */
  reload: () => void;
  /** Puts an answer in place, as a change's answer is the resource as it now is. */
  replace: (data: T) => void;
}

/**
 * What `load` answers for `key`, loaded again when the key changes or on reload. The load under way is
 * aborted when the key changes, on reload, when an answer is put in place (`replace`) and when the
 * component goes (its `signal`), and what an aborted load answers is dropped: a slow answer never
 * overwrites a newer one.
 */
export function useFetch<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Fetched<T> {
  const [attempt, setAttempt] = useState(0);
  const asked = `${attempt} ${key}`;
  const [result, setResult] = useState<{ asked: string; key: string; data?: T; error?: unknown; failed?: true }>();
  // The latest load, read when the key or the attempt changes (not itself a reason to load again).
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });

  // The load under way, so that an answer put in place (replace) is not overwritten by it.
  const underWay = useRef<AbortController>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    underWay.current = controller;
    latest.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ asked, key, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult((r) => ({ asked, key, data: r?.key === key ? r.data : undefined, error, failed: true }));
      },
    );
    return () => controller.abort();
  }, [asked, key]);

  const loading = result?.asked !== asked;
  return {
    data: result?.data,
    current: result?.key === key,
    loading,
    failed: !loading && result?.failed === true,
    error: loading || !result?.failed ? undefined : result.error,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    replace: useCallback(
      (data: T) => {
        underWay.current?.abort();
        setResult({ asked, key, data });
      },
      [asked, key],
    ),
  };
}
