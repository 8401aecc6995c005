import type { LeadSummary } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { UnseenMark } from '../components/lead-marks/unseen-mark.tsx';
import { Link } from '../navigation.tsx';
import { inboxLeadPath } from '../routes.ts';

/** The lead's name, a link to its page that covers its whole row or card; bold while unread. */
export function LeadName({ lead, className }: { lead: LeadSummary; className?: string }) {
  const unseen = lead.seen_at === null;
  return (
    <Link
      href={inboxLeadPath(lead.id)}
      className={cn(
        'inline-flex items-center gap-2 rounded-md after:absolute after:inset-0 after:content-[""] hover:text-cyan-200',
        unseen ? 'font-bold text-white' : 'font-medium text-slate-200',
        className,
      )}
    >
      {unseen && <UnseenMark />}
      <span className="min-w-0 break-words">{lead.first_name}</span>
    </Link>
  );
}
