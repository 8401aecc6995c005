import { format } from '../../../content/i18n/format.ts';
import type { LeadSource } from '../../../shared/booking.ts';
import { cn } from '../../../ui/cn.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useInbox } from '../../inbox-context.ts';

/**
 * A lead an assistant made, marked as such: "Alex · voice", "Lana · chat" (a screen reader hears "Booked
 * in a call with Alex" instead); nothing for the form's, which most leads are.
 */
export function SourceMark({ source, className }: { source: LeadSource; className?: string }) {
  const { t } = useInbox();
  if (source === 'form') return null;
  const assistant = t.assistants[source];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        source === 'voice' ? 'bg-violet-400/10 text-violet-200 ring-violet-400/30' : 'bg-teal-400/10 text-teal-200 ring-teal-400/30',
        className,
      )}
    >
      <Icon name={source === 'voice' ? 'mic' : 'chat'} className="size-3.5 shrink-0" />
      <span aria-hidden="true">{format(t.via.label[source], { assistant })}</span>
      <span className="sr-only">{format(t.via.spoken[source], { assistant })}</span>
    </span>
  );
}
