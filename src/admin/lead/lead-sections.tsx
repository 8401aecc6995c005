import { format } from '../../content/i18n/format.ts';
import { INBOX_API, type LeadView } from '../../shared/inbox.ts';
import { useInbox } from '../inbox-context.ts';
import { AttributionView } from './attribution-view.tsx';
import { CallbackCard } from './callback-card.tsx';
import { hasCallback } from './callback-state.ts';
import { Card } from './card.tsx';
import { Deliveries } from './deliveries.tsx';
import { LeadConversations } from './lead-conversations.tsx';
import { LeadDetails } from './lead-details.tsx';
import { MeetingCard } from './meeting-card.tsx';
import { NoteForm } from './note-form.tsx';
import { PersonData } from './person/person-data.tsx';
import { StatusControl } from './status-control.tsx';
import { Timeline } from './timeline.tsx';

const STATUS_TITLE = 'status-title';

interface LeadSectionsProps {
  view: LeadView;
  /** Puts a change's answer in place (use-lead.ts). */
  apply: (answer: LeadView | undefined) => void;
  onErased: (count: number) => void;
}

/**
 * The lead page's cards, in two columns on a wide screen: what to do about the lead (with Alex's calls
 * back, if it asked for one, and the conversations with Alex or Lana), and what happened.
 */
export function LeadSections({ view, apply, onErased }: LeadSectionsProps) {
  const { t, api } = useInbox();
  const data = view.lead;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
      <div className="grid gap-6">
        <Card title={t.lead.status} id={STATUS_TITLE}>
          <StatusControl
            status={data.status}
            labelledBy={STATUS_TITLE}
            onChange={async (status) => apply(await api.post<LeadView>(INBOX_API.status(data.id), { status }))}
          />
        </Card>
        {view.meeting && (
          <Card title={t.lead.meeting.title} id="meeting-title">
            <MeetingCard meeting={view.meeting} onChanged={() => apply(undefined)} />
          </Card>
        )}
        {hasCallback(view) && (
          <Card title={format(t.callback.title, { assistant: t.assistants.voice })} id="callback-title">
            <CallbackCard view={view} apply={apply} />
          </Card>
        )}
        <Card title={t.lead.details} id="details-title">
          <LeadDetails view={view} />
        </Card>
        {view.conversations.length > 0 && (
          <Card title={view.conversations.length > 1 ? t.conversations.title : t.conversations.section} id="conversation-title">
            <LeadConversations conversations={view.conversations} callbacks={view.callbacks} />
          </Card>
        )}
        <Card title={t.lead.attributionTitle} id="attribution-title">
          <AttributionView lead={data} />
        </Card>
        <Card title={t.person.title} id="person-title">
          <PersonData email={data.email} onErased={onErased} />
        </Card>
      </div>
      <div className="grid gap-6">
        <Card title={t.lead.notes} id="note-title">
          <NoteForm onAdd={async (text) => apply(await api.post<LeadView>(INBOX_API.notes(data.id), { text }))} />
        </Card>
        <Card title={t.lead.timeline} id="timeline-title">
          <Timeline entries={view.timeline} />
        </Card>
        <Card title={t.lead.deliveries} id="deliveries-title">
          <Deliveries deliveries={view.deliveries} onResend={async (deliveryId) => apply(await api.post<LeadView>(INBOX_API.resend(deliveryId)))} />
        </Card>
      </div>
    </div>
  );
}
