// What the agenda and a lead's page show of a call alike: its status as a badge, a question to confirm
// before a change the visitor hears of, and what went wrong.
import type { ReactNode } from 'react';
import type { MeetingStatus } from '../../shared/meetings.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { useInbox } from '../inbox-context.ts';

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
