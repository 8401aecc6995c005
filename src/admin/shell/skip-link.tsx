import { useInbox } from '../inbox-context.ts';
import { focusMain, MAIN_ID } from './focus-main.ts';

export function SkipLink() {
  const { t } = useInbox();
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        focusMain();
      }}
      className="sr-only rounded-full bg-slate-100 px-4 py-2 text-sm font-semibold text-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      {t.skipToContent}
    </a>
  );
}
