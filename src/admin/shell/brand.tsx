import { business } from '../../content/site.ts';
import { useInbox } from '../inbox-context.ts';

export function Brand() {
  const { t } = useInbox();
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
      <span className="min-w-0 leading-tight">
        <span className="block truncate text-sm font-bold tracking-tight">{business.name}</span>
        <span className="block truncate text-xs text-slate-400">{t.title}</span>
      </span>
    </span>
  );
}
