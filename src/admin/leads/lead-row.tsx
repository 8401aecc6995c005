import type { LeadSummary } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { Received } from '../components/lead-marks/received.tsx';
import { SourceMark } from '../components/lead-marks/source-mark.tsx';
import { StatusBadge } from '../components/lead-marks/status-badge.tsx';
import { useInbox } from '../inbox-context.ts';
import { LastColumn } from './last-column.tsx';
import { LeadName } from './lead-name.tsx';

/**
 * One lead in the table of a wide screen. The name and the business, which a visitor types, are cut
 * short to one line of at most 14rem, each whole in its title, so no value pushes a column out of view.
 * A lead Alex or Lana made has their label beside its name.
 */
export function LeadRow({ lead, now }: { lead: LeadSummary; now: number }) {
  const { booking } = useInbox();
  return (
    <tr className={cn('relative hover:bg-slate-800/50', lead.seen_at === null && 'bg-cyan-400/[0.04]')}>
      <td className="py-3.5 pr-4 pl-5">
        <div className="flex items-center gap-2">
          <LeadName lead={lead} truncate className="max-w-56" />
          <SourceMark source={lead.source} />
        </div>
      </td>
      <td className={cn('px-4 py-3.5', lead.seen_at === null ? 'font-semibold text-slate-100' : 'text-slate-300')}>
        <span className="block max-w-56 truncate" title={lead.business_name}>
          {lead.business_name}
        </span>
      </td>
      <td className="px-4 py-3.5 text-slate-300">{booking.services[lead.service]}</td>
      <td className="px-4 py-3.5">
        <StatusBadge status={lead.status} />
      </td>
      <td className="px-4 py-3.5 text-slate-300">
        <Received at={lead.created_at} now={now} />
      </td>
      <td className="py-3.5 pr-5 pl-4">
        <LastColumn lead={lead} now={now} />
      </td>
    </tr>
  );
}
