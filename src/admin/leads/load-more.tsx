import { BusyButton } from '../components/busy-button.tsx';
import { useInbox } from '../inbox-context.ts';

interface LoadMoreProps {
  /** How many leads are shown, and whether that is all of them, in words. */
  shown: string;
  /** Whether another page follows. */
  more: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/** Under the leads: how many are shown and, while more follow, the button for the next page. */
export function LoadMore({ shown, more, loading, onLoadMore }: LoadMoreProps) {
  const { t } = useInbox();
  return (
    <div className="mt-5 flex flex-col items-center gap-3">
      <p className="text-sm text-slate-400" aria-hidden="true">
        {shown}
      </p>
      {more && (
        <BusyButton variant="secondary" busy={loading} onClick={onLoadMore}>
          {loading ? t.list.loadingMore : t.list.loadMore}
        </BusyButton>
      )}
    </div>
  );
}
