import type { LeadSummary } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { UnseenMark } from '../components/lead-marks/unseen-mark.tsx';
import { Link } from '../navigation.tsx';
import { inboxLeadPath } from '../routes.ts';

/**
 * The lead's name, a link to its page that covers its whole row or card; bold while unread. In the
 * table (`truncate`) a long name is cut short to one line, whole in its title; in a card it wraps, even
 * inside a word.
 */
export function LeadName({ lead, className, truncate = false }: { lead: LeadSummary; className?: string; truncate?: boolean }) {
  const unseen = lead.seen_at === null;
  return (
    <Link
      href={inboxLeadPath(lead.id)}
      className={cn(
        'inline-flex max-w-full min-w-0 items-center gap-2 rounded-md after:absolute after:inset-0 after:content-[""] hover:text-cyan-200',
        unseen ? 'font-bold text-white' : 'font-medium text-slate-200',
        className,
      )}
    >
      {unseen && <UnseenMark />}
      <span className={cn('min-w-0', truncate ? 'truncate' : 'wrap-anywhere')} title={truncate ? lead.first_name : undefined}>
        {lead.first_name}
      </span>
    </Link>
  );
}
