import { useState } from 'react';
import { SEARCH_MAX_LENGTH } from '../../shared/inbox.ts';
import { buttonVariants } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { controlClass } from '../../ui/field.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useInbox } from '../inbox-context.ts';

const HINT_ID = 'conversation-search-hint';

/**
 * The conversations' search: sent with Enter or the button, not at every key, since each search reads
 * every transcript. What it holds is the address's `q` (back and forward change it).
 */
export function ConversationSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useInbox();
  const c = t.conversations;
  const [text, setText] = useState(q);
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    setShown(q);
    setText(q);
  }
  return (
    <form
      role="search"
      aria-label={c.search}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
      className="rounded-2xl border border-line bg-panel/80 p-4 sm:p-5"
    >
      <label htmlFor="conversation-q" className="block text-sm font-medium text-slate-200">
        {c.search}
      </label>
      <div className="mt-1.5 flex gap-3">
        <div className="relative min-w-0 flex-1">
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-400" />
          <input
            id="conversation-q"
            type="search"
            value={text}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            aria-describedby={HINT_ID}
            onChange={(e) => setText(e.target.value)}
            className={cn(controlClass, 'mt-0 pl-11')}
          />
        </div>
        <button type="submit" className={buttonVariants({ variant: 'secondary', size: 'md', className: 'shrink-0 rounded-xl' })}>
          {c.searchButton}
        </button>
      </div>
      <p id={HINT_ID} className="mt-1.5 text-xs text-slate-400">
        {c.searchHint}
      </p>
    </form>
  );
}
