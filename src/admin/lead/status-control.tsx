// The lead's status, set in any order (each change is recorded in the timeline).
import { useState } from 'react';
import { format } from '../../content/i18n/format.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../shared/booking.ts';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { messageOf } from '../api.ts';
import { BusyButton } from '../components/busy-button.tsx';
import { useInbox } from '../inbox-context.ts';

/** `labelledBy`: the id of the heading that names the group. */
export function StatusControl({ status, labelledBy, onChange }: { status: LeadStatus; labelledBy: string; onChange: (status: LeadStatus) => Promise<void> }) {
  const { t } = useInbox();
  const [saving, setSaving] = useState<LeadStatus>();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();

  const choose = async (next: LeadStatus) => {
    if (saving || next === status) return;
    setSaving(next);
    setMessage({ ok: true, text: t.lead.saving });
    try {
      await onChange(next);
      setMessage({ ok: true, text: format(t.lead.statusSaved, { status: t.statuses[next] }) });
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, t) });
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <>
      <div role="group" aria-labelledby={labelledBy} aria-describedby="status-hint" aria-busy={saving !== undefined} className="flex flex-wrap gap-2">
        {LEAD_STATUSES.map((s) => (
          <BusyButton
            key={s}
            size="sm"
            variant={s === status ? 'primary' : 'secondary'}
            aria-pressed={s === status}
            busy={saving === s}
            onClick={() => void choose(s)}
            className={cn('rounded-xl', s === status && 'shadow-none')}
          >
            {s === status && <Icon name="check" className="size-4" />}
            {t.statuses[s]}
          </BusyButton>
        ))}
      </div>
      <p id="status-hint" className="mt-3 text-xs text-slate-400">
        {t.lead.statusHint}
      </p>
      <p role="status" className={cn('mt-2 text-sm empty:hidden', message?.ok === false ? 'text-rose-300' : 'text-emerald-300')}>
        {message?.text ?? ''}
      </p>
    </>
  );
}
