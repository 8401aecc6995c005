import type { LeadSummary } from '../../shared/inbox.ts';
import { useInbox } from '../inbox-context.ts';
import { LeadRow } from './lead-row.tsx';

/** The leads as a table, shown from `lg` up (lead-cards.tsx below it). */
export function LeadTable({ leads, now, spam }: { leads: LeadSummary[]; now: number; spam: boolean }) {
  const { t } = useInbox();
  const c = t.list.columns;
  return (
    <table className="hidden w-full text-left text-sm lg:table">
      <caption className="sr-only">{spam ? t.spam.title : t.list.title}</caption>
      <thead className="border-b border-line text-xs tracking-wide text-slate-400 uppercase">
        <tr>
          {[c.name, c.business, c.service, c.status, c.received, spam ? t.spam.reason : c.clock].map((label) => (
            <th key={label} scope="col" className="px-4 py-3 font-semibold first:pl-5 last:pr-5">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {leads.map((lead) => (
          <LeadRow key={lead.id} lead={lead} now={now} />
        ))}
      </tbody>
    </table>
  );
}
