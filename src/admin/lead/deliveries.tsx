// The lead's notifications, each with its outcome, and a re-send for a failed one.
import { useState } from 'react';
import type { DeliverySummary } from '../../shared/inbox.ts';
import { messageOf } from '../api.ts';
import { useInbox } from '../inbox-context.ts';
import { DeliveryItem } from './delivery-item.tsx';

export function Deliveries({ deliveries, onResend }: { deliveries: DeliverySummary[]; onResend: (id: string) => Promise<void> }) {
  const { t } = useInbox();
  const [busy, setBusy] = useState<string>();
  const [notes, setNotes] = useState<Record<string, { ok: boolean; text: string }>>({});
  if (deliveries.length === 0) return <p className="text-sm text-slate-400">{t.lead.noDeliveries}</p>;

  const resend = async (id: string) => {
    setBusy(id);
    setNotes((n) => ({ ...n, [id]: { ok: true, text: '' } }));
    const note = await onResend(id).then(
      () => ({ ok: true, text: t.lead.resent }),
      (err: unknown) => ({ ok: false, text: messageOf(err, t) }),
    );
    setNotes((n) => ({ ...n, [id]: note }));
    setBusy(undefined);
  };

  return (
    <ul className="divide-y divide-line">
      {deliveries.map((d) => (
        <DeliveryItem key={d.id} delivery={d} busy={busy === d.id} note={notes[d.id]} onResend={() => void resend(d.id)} />
      ))}
    </ul>
  );
}
