import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api.ts';
import { useInbox } from './inbox-context.ts';

export interface Resource<T> {
  /** The latest answer, kept while another address loads (shown dimmed, not blanked). */
  data: T | undefined;
  /** Whether `data` answers the address asked for now. */
  current: boolean;
  loading: boolean;
  error: { status: number; message: string } | undefined;
  reload: () => void;
  /** Puts an answer in place, as a change's answer is the resource as it now is. */
  replace: (data: T) => void;
}

/** A GET of the inbox's API, asked again when the address changes or on reload. */
export function useResource<T>(path: string): Resource<T> {
  const { api } = useInbox();
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt} ${path}`;
  const [result, setResult] = useState<{ key: string; path: string; data?: T; error?: Resource<T>['error'] }>();

  useEffect(() => {
    const controller = new AbortController();
    api.get<T>(path, controller.signal).then(
      (data) => setResult({ key, path, data }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const error = err instanceof ApiError ? { status: err.status, message: err.message } : { status: 0, message: String(err) };
        setResult((r) => ({ key, path, data: r?.path === path ? r.data : undefined, error }));
      },
    );
    return () => controller.abort();
  }, [api, path, key]);

  const loading = result?.key !== key;
  return {
    data: result?.data,
    current: result?.path === path,
    loading,
    error: loading ? undefined : result?.error,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    replace: useCallback((data: T) => setResult({ key, path, data }), [key, path]),
  };
}
