import { useEffect, useRef } from 'react';
import { INBOX_API, type LeadView } from '../../shared/inbox.ts';
import { useInbox } from '../inbox-context.ts';
import { useResource } from '../use-resource.ts';

/** One lead as the API has it, marked seen once opened; `apply` puts a change's answer in place. */
export function useLead(id: string) {
  const { api } = useInbox();
  const lead = useResource<LeadView>(INBOX_API.lead(id));
  const markedSeen = useRef<string>(undefined);
  const view = lead.current ? lead.data : undefined;
  const { replace } = lead;

  // Opening a lead marks it seen, once; the list shows it as read from then on. A failure here is not
  // worth interrupting the operator for: the lead simply stays "new".
  useEffect(() => {
    if (!view || view.lead.seen_at !== null || markedSeen.current === view.lead.id) return;
    markedSeen.current = view.lead.id;
    api.post<LeadView | undefined>(INBOX_API.seen(view.lead.id)).then(
      (answer) => {
        if (answer?.lead) replace(answer);
      },
      () => undefined,
    );
  }, [api, view, replace]);

  /** A change's answer is the lead as it now is; an answer without it means reading it again. */
  const apply = (answer: LeadView | undefined) => {
    if (answer?.lead) replace(answer);
    else lead.reload();
  };

  return { lead, view, apply };
}
