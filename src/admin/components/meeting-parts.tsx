// What the agenda and a lead's page show of a call alike: its time on Sofia's clock, its status as a
// badge, a question to confirm before a change the visitor hears of, cancelling it, and what went wrong.
import { useState, type ReactNode } from 'react';
import { format } from '../../content/i18n/format.ts';
import type { Locale } from '../../shared/locale.ts';
import { INBOX_API } from '../../shared/inbox.ts';
import { whenInWords } from '../../shared/meeting-times.ts';
import { AGENCY_TIME_ZONE, type MeetingStatus } from '../../shared/meetings.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { useInbox } from '../inbox-context.ts';

/** "Tuesday 8 December at 11:00", on Sofia's clock, as a lead's call and its cancellation say it. */
export function callWhen(texts: { when: string }, start: string, locale: Locale): string {
  return format(texts.when, { when: whenInWords(start, AGENCY_TIME_ZONE, locale) });
}

const LOOKS: Record<MeetingStatus, string> = {
  booked: 'bg-indigo-400/15 text-indigo-100',
  held: 'bg-emerald-400/15 text-emerald-100',
  no_show: 'bg-amber-400/15 text-amber-100',
  cancelled: 'bg-slate-500/20 text-slate-300',
};

/** A call's status, as the agenda names it. */
export function MeetingStatusBadge({ status }: { status: MeetingStatus }) {
  const { t } = useInbox();
  return <span className={cn('w-fit rounded-full px-3 py-1 text-xs font-semibold', LOOKS[status])}>{t.agenda.statuses[status]}</span>;
}

interface ConfirmPanelProps {
  /** What is asked, and any choice that goes with it. */
  children: ReactNode;
  confirm: string;
  back: string;
  busy: boolean;
  busyLabel: string;
  onConfirm: () => void;
  onBack: () => void;
}

/** The question before a change to a call, with its two answers. */
export function ConfirmPanel({ children, confirm, back, busy, busyLabel, onConfirm, onBack }: ConfirmPanelProps) {
  return (
    <div className="grid gap-2 rounded-xl border border-amber-400/30 bg-amber-400/5 p-3 text-sm">
      {children}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={busy} aria-busy={busy} onClick={onConfirm}>
          {busy ? busyLabel : confirm}
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onBack}>
          {back}
        </Button>
      </div>
    </div>
  );
}

/** What went wrong with the last change, said at once. */
export function ErrorLine({ error }: { error: string | undefined }) {
  return error ? (
    <p role="alert" className="text-sm text-rose-300">
      {error}
    </p>
  ) : null;
}

/**
 * Cancelling a booked call for the visitor, after a confirmation: the visitor gets the cancellation once,
 * the time is free again, and their link books no other (the server's POST …/meetings/:id/cancel).
 * `actions` stand beside the button while nothing is asked.
 */
export function CancelCall({ id, start, actions, onCancelled }: { id: string; start: string; actions?: ReactNode; onCancelled: (said: string) => void }) {
  const { t, api, locale } = useInbox();
  const m = t.lead.meeting;
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  async function cancel() {
    setSaving(true);
    setError(undefined);
    try {
      await api.post(INBOX_API.meetingCancel(id));
      setAsking(false);
      onCancelled(m.cancelled);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {!asking && (
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
            {m.cancel}
          </Button>
        </div>
      )}
      {asking && (
        <ConfirmPanel confirm={m.yes} back={m.keep} busy={saving} busyLabel={m.cancelling} onConfirm={() => void cancel()} onBack={() => setAsking(false)}>
          <p className="text-slate-200">{format(m.confirm, { when: callWhen(m, start, locale) })}</p>
        </ConfirmPanel>
      )}
      <ErrorLine error={error} />
    </>
  );
}
