import { Alert } from '../../ui/alert.tsx';
import { useInbox } from '../inbox-context.ts';

/** Who is logged in could not be asked (no connection, a server error): why, and "Try again". */
export function SessionFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  const { t } = useInbox();
  return (
    <Alert className="mx-auto mt-12 max-w-md flex-col items-start gap-4 p-6 text-base" retry={{ label: t.errors.retry, onRetry }}>
      {error}
    </Alert>
  );
}
