import type { LeadSummary } from '../../shared/inbox.ts';
import { useInbox } from '../inbox-context.ts';
import { LeadCard } from './lead-card.tsx';

/** The leads as a list of cards, shown below `lg` (lead-table.tsx above it). */
export function LeadCards({ leads, now, spam }: { leads: LeadSummary[]; now: number; spam: boolean }) {
  const { t } = useInbox();
  return (
    <ul aria-label={spam ? t.spam.title : t.list.title} className="divide-y divide-line lg:hidden">
      {leads.map((lead) => (
        <LeadCard key={lead.id} lead={lead} now={now} />
      ))}
    </ul>
  );
}
