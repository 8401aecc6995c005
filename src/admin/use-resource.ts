import { useFetch, type Fetched } from '../ui/use-fetch.ts';
import { ApiError } from './api.ts';
import { useInbox } from './inbox-context.ts';

export interface Resource<T> extends Omit<Fetched<T>, 'error' | 'failed'> {
  error: { status: number; message: string } | undefined;
}

/** A GET of the inbox's API, asked again when the address changes or on reload (aborted when it does). */
export function useResource<T>(path: string): Resource<T> {
  const { api } = useInbox();
  const { error, failed, ...fetched } = useFetch(path, (signal) => api.get<T>(path, signal));
  return {
    ...fetched,
    error: failed ? (error instanceof ApiError ? { status: error.status, message: error.message } : { status: 0, message: String(error) }) : undefined,
  };
}
