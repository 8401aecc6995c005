import { useCallback, useEffect, useState } from 'react';
import { INBOX_API, type ErasureDone, type ErasurePreview } from '../../../shared/inbox.ts';
import { ApiError, messageOf } from '../../api.ts';
import { useInbox } from '../../inbox-context.ts';

/** The erasure of every lead with `email`: how many there are, counted first, and the erasure of that many. */
export function useErasure(email: string, onErased: (count: number) => void) {
  const { t, api } = useInbox();
  const [count, setCount] = useState<number>();
  const [error, setError] = useState<string>();
  const [erasing, setErasing] = useState(false);

  // Counted when the dialog opens, and again after a refused erasure.
  const preview = useCallback(
    () =>
      api.post<ErasurePreview>(INBOX_API.personErasurePreview, { email }).then(
        (answer) => setCount(answer.leads),
        (err: unknown) => setError(messageOf(err, t)),
      ),
    [api, email, t],
  );
  useEffect(() => {
    void preview();
  }, [preview]);

  const erase = async () => {
    if (erasing || !count) return;
    setErasing(true);
    setError(undefined);
    try {
      const done = await api.post<ErasureDone>(INBOX_API.personErase, { email, expected: count });
      onErased(done.erased);
    } catch (err) {
      // Leads came or went since the count was shown (409): the new count, to confirm again.
      setError(messageOf(err, t));
      setErasing(false);
      if (err instanceof ApiError && err.status === 409) void preview();
    }
  };

  return { count, error, erasing, erase };
}
