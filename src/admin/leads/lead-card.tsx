import type { LeadSummary } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { Received } from '../components/lead-marks/received.tsx';
import { SourceMark } from '../components/lead-marks/source-mark.tsx';
import { StatusBadge } from '../components/lead-marks/status-badge.tsx';
import { useInbox } from '../inbox-context.ts';
import { LastColumn } from './last-column.tsx';
import { LeadName } from './lead-name.tsx';

/** One lead as a card, on a phone; a lead Alex or Lana made has their label beside its name. */
export function LeadCard({ lead, now }: { lead: LeadSummary; now: number }) {
  const { booking } = useInbox();
  return (
    <li className={cn('relative px-4 py-4 hover:bg-slate-800/50', lead.seen_at === null && 'bg-cyan-400/[0.04]')}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <LeadName lead={lead} className="text-base" />
          <SourceMark source={lead.source} />
        </div>
        <StatusBadge status={lead.status} className="mt-0.5" />
      </div>
      <p className={cn('mt-1 text-sm wrap-anywhere', lead.seen_at === null ? 'font-semibold text-slate-100' : 'text-slate-300')}>
        {lead.business_name}
        <span className="text-slate-500"> · </span>
        <span className="font-normal text-slate-400">{booking.services[lead.service]}</span>
      </p>
      <p className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-slate-400">
        <Received at={lead.created_at} now={now} />
        <LastColumn lead={lead} now={now} />
      </p>
    </li>
  );
}
