// One lead: every field, one-press call and email, its status (any order, each change recorded), notes,
// the timeline and the notifications with a re-send for a failed one, and the person's data (export,
// erasure). Opening it marks it seen (use-lead.ts).
import { Alert } from '../../ui/alert.tsx';
import { useInbox } from '../inbox-context.ts';
import { LeadHeader } from './lead-header.tsx';
import { LeadSections } from './lead-sections.tsx';
import { SpamBanner } from './spam-banner.tsx';
import { useLead } from './use-lead.ts';

export function LeadView({ id, listSearch, onErased }: { id: string; listSearch: string; onErased: (count: number) => void }) {
  const { t } = useInbox();
  const { lead, view, apply } = useLead(id);
  const missing = lead.error?.status === 404;
  const data = view?.lead;

  return (
    <>
      <LeadHeader lead={data} missing={missing} listSearch={listSearch} />

      {lead.error && (
        <Alert className="mt-6 justify-start" retry={missing ? undefined : { label: t.errors.retry, onRetry: lead.reload }}>
          {lead.error.message}
        </Alert>
      )}

      {view && data && <SpamBanner id={data.id} reason={data.spam_reason} onRestored={apply} />}

      {view && data && <LeadSections view={view} apply={apply} onErased={onErased} />}
    </>
  );
}
