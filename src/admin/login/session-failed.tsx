import { buttonVariants } from '../../ui/button.tsx';
import { useInbox } from '../inbox-context.ts';

/** Who is logged in could not be asked (no connection, a server error): why, and "Try again". */
export function SessionFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  const { t } = useInbox();
  return (
    <div role="alert" className="mx-auto mt-12 max-w-md rounded-2xl border border-rose-400/40 bg-rose-500/10 p-6 text-rose-100">
      <p>{error}</p>
      <button type="button" onClick={onRetry} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
        {t.errors.retry}
      </button>
    </div>
  );
}
