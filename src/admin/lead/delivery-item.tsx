import { format } from '../../content/i18n/format.ts';
import type { DeliverySummary } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { dateTimeText } from '../../shared/inbox-time.ts';
import { BusyButton } from '../components/busy-button.tsx';
import { useInbox } from '../inbox-context.ts';

const DELIVERY_LOOKS: Record<DeliverySummary['status'], string> = {
  pending: 'bg-amber-400/15 text-amber-200 ring-amber-400/30',
  delivered: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/30',
  failed: 'bg-rose-500/15 text-rose-200 ring-rose-400/40',
};

interface DeliveryItemProps {
  delivery: DeliverySummary;
  /** Whether its re-send is under way. */
  busy: boolean;
  /** What its last re-send came to. */
  note: { ok: boolean; text: string } | undefined;
  onResend: () => void;
}

/** One notification: its channel and kind, attempts, status and last error; a re-send once it failed. */
export function DeliveryItem({ delivery: d, busy, note, onResend }: DeliveryItemProps) {
  const { t, locale, channel } = useInbox();
  return (
    <li className="py-3.5 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-100">
            {channel(d.channel).name} <span className="font-normal text-slate-400">({t.kinds[d.kind]})</span>
          </p>
          <p className="mt-0.5 text-xs text-slate-400">
            {format(t.lead.attempts, { count: d.attempts })}
            {d.delivered_at && (
              <>
                <span aria-hidden="true"> · </span>
                {format(t.lead.deliveredAt, { time: dateTimeText(d.delivered_at, locale) })}
              </>
            )}
          </p>
        </div>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1', DELIVERY_LOOKS[d.status])}>
          {t.deliveryStatuses[d.status]}
        </span>
      </div>
      {d.last_error && d.status !== 'delivered' && (
        <p className="mt-2 font-mono text-xs break-all text-rose-200/90">{format(t.lead.lastError, { error: d.last_error })}</p>
      )}
      {d.status === 'failed' && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <BusyButton variant="secondary" size="sm" busy={busy} onClick={onResend}>
            <Icon name="repeat" className="size-4" />
            {busy ? t.lead.resending : t.lead.resend}
          </BusyButton>
        </div>
      )}
      <p role="status" className={cn('text-sm empty:hidden', note?.ok === false ? 'mt-2 text-rose-300' : 'mt-2 text-emerald-300')}>
        {note?.text ?? ''}
      </p>
    </li>
  );
}
