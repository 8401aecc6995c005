// One lead: every field, one-press call and email, its status (any order, each change recorded), notes,
// the timeline and the notifications with a re-send for a failed one, and the person's data (export,
// erasure). Opening it marks it seen.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { format } from '../content/i18n/format.ts';
import { LEAD_STATUSES, type LeadStatus } from '../shared/booking.ts';
import { isSpamReason } from '../shared/spam.ts';
import {
  CHANNELS,
  INBOX_API,
  NOTE_MAX_LENGTH,
  OUTBOX_KINDS,
  newNote,
  type DeliverySummary,
  type LeadView as LeadViewData,
  type TimelineEntry,
} from '../shared/inbox.ts';
import { buttonVariants } from '../client/ui/button.tsx';
import { cn } from '../client/ui/cn.ts';
import { TextAreaField } from '../client/ui/field.tsx';
import { Icon } from '../client/ui/icons.tsx';
import type { IconName } from '../content/icon-names.ts';
import { messageOf } from './api.ts';
import { AttributionView } from './attribution-view.tsx';
import { BusyButton } from './busy-button.tsx';
import { dateTimeText } from './clock.ts';
import { DetailList } from './detail-list.tsx';
import { useInbox, useProductNames, type Inbox } from './inbox-context.ts';
import { CallbackClock, Received, StatusBadge } from './lead-marks.tsx';
import { Link } from './navigation.tsx';
import { PageHeading } from './page-heading.tsx';
import { PersonData } from './person-data.tsx';
import { SpamBanner } from './spam-banner.tsx';
import { INBOX_PATH } from './routes.ts';
import { useNow } from './use-now.ts';
import { useResource } from './use-resource.ts';


/** A `tel:` address: digits and a leading plus only, as dialers expect. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Card({ title, id, children, className }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-line bg-panel/80 p-5 sm:p-6', className)}>
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The channel and kind named in a notification's timeline entry, in words. */
function notificationText(detail: string, t: Inbox['t']): string {
  const channel = CHANNELS.find((c) => detail.includes(c));
  const kind = OUTBOX_KINDS.find((k) => detail.includes(k));
  if (!channel) return detail;
  return kind ? `${t.channelNames[channel]} (${t.kinds[kind]})` : t.channelNames[channel];
}

const EVENT_ICONS: Record<TimelineEntry['type'], { icon: IconName; look: string }> = {
  created: { icon: 'inbox', look: 'bg-indigo-400/15 text-indigo-200' },
  'notification.delivered': { icon: 'check', look: 'bg-emerald-400/15 text-emerald-200' },
  'notification.failed': { icon: 'close', look: 'bg-rose-500/15 text-rose-200' },
  status: { icon: 'repeat', look: 'bg-sky-400/15 text-sky-200' },
  note: { icon: 'chat', look: 'bg-amber-400/15 text-amber-200' },
  spam: { icon: 'close', look: 'bg-slate-500/20 text-slate-300' },
  restored: { icon: 'repeat', look: 'bg-emerald-400/15 text-emerald-200' },
};

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const { t, locale } = useInbox();
  const isStatus = (s: string): s is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(s);
  // Leads stored before the timeline existed have none.
  if (entries.length === 0) return <p className="text-sm text-slate-400">{t.lead.noTimeline}</p>;
  return (
    <ol className="space-y-5">
      {entries.map((entry, i) => {
        const { icon, look } = EVENT_ICONS[entry.type];
        const detail =
          entry.type === 'status'
            ? isStatus(entry.detail)
              ? t.statuses[entry.detail]
              : entry.detail
            : entry.type === 'spam'
              ? isSpamReason(entry.detail)
                ? t.spam.reasons[entry.detail]
                : entry.detail
              : notificationText(entry.detail, t);
        return (
          <li key={entry.id} className="relative flex gap-3">
            {i < entries.length - 1 && <span aria-hidden="true" className="absolute top-9 bottom-[-1.25rem] left-4 w-px bg-line" />}
            <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', look)}>
              <Icon name={icon} className="size-4" />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <p className="font-medium text-slate-100">{format(t.events[entry.type], { detail })}</p>
              {entry.type === 'note' && (
                <p className="mt-2 rounded-xl border border-line bg-slate-950/50 px-3.5 py-2.5 text-sm break-words whitespace-pre-wrap text-slate-200">
                  {entry.detail}
                </p>
              )}
              <p className="mt-1 text-xs text-slate-400">
                {entry.operator_email ? format(t.byOperator, { email: entry.operator_email }) : t.bySite}
                <span aria-hidden="true"> · </span>
                <time dateTime={entry.created_at}>{dateTimeText(entry.created_at, locale)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

const DELIVERY_LOOKS: Record<DeliverySummary['status'], string> = {
  pending: 'bg-amber-400/15 text-amber-200 ring-amber-400/30',
  delivered: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/30',
  failed: 'bg-rose-500/15 text-rose-200 ring-rose-400/40',
};

function Deliveries({ deliveries, onResend }: { deliveries: DeliverySummary[]; onResend: (id: string) => Promise<void> }) {
  const { t, locale } = useInbox();
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
        <li key={d.id} className="py-3.5 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-100">
                {t.channelNames[d.channel]} <span className="font-normal text-slate-400">({t.kinds[d.kind]})</span>
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
              <BusyButton variant="secondary" size="sm" busy={busy === d.id} onClick={() => void resend(d.id)}>
                <Icon name="repeat" className="size-4" />
                {busy === d.id ? t.lead.resending : t.lead.resend}
              </BusyButton>
            </div>
          )}
          <p role="status" className={cn('text-sm empty:hidden', notes[d.id]?.ok === false ? 'mt-2 text-rose-300' : 'mt-2 text-emerald-300')}>
            {notes[d.id]?.text ?? ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

function StatusControl({ status, onChange }: { status: LeadStatus; onChange: (status: LeadStatus) => Promise<void> }) {
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
      <div role="group" aria-labelledby="status-title" aria-describedby="status-hint" aria-busy={saving !== undefined} className="flex flex-wrap gap-2">
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

function NoteForm({ onAdd }: { onAdd: (text: string) => Promise<void> }) {
  const { t } = useInbox();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = newNote.safeParse({ text });
    if (!parsed.success) {
      setError(text.trim() ? format(t.lead.noteTooLong, { max: NOTE_MAX_LENGTH }) : t.lead.noteEmpty);
      document.getElementById('note')?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await onAdd(parsed.data.text);
      setText('');
      setSaved(true);
    } catch (err) {
      // The note stays in the box, to be sent again.
      setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  const length = text.trim().length;
  return (
    <form noValidate onSubmit={submit}>
      <TextAreaField
        id="note"
        label={t.lead.note}
        error={error}
        value={text}
        rows={3}
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
          if (error) setError(undefined);
        }}
        hint={
          <span className={cn('ml-auto shrink-0 tabular-nums', length > NOTE_MAX_LENGTH ? 'text-rose-300' : 'text-slate-400')}>
            {length} / {NOTE_MAX_LENGTH}
          </span>
        }
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <BusyButton type="submit" size="sm" busy={busy}>
          {busy ? t.lead.addingNote : t.lead.addNote}
        </BusyButton>
        <p role="status" className="text-sm text-emerald-300">
          {saved ? t.lead.noteSaved : ''}
        </p>
      </div>
    </form>
  );
}

function Details({ view }: { view: LeadViewData }) {
  const { t, booking, locale } = useInbox();
  const products = useProductNames(locale);
  const now = useNow();
  const { lead } = view;
  const rows: [string, ReactNode][] = [
    [booking.firstName, lead.first_name],
    [
      booking.email,
      <a key="email" href={`mailto:${lead.email}`} className="break-all text-cyan-300 underline-offset-4 hover:underline">
        {lead.email}
      </a>,
    ],
    [
      booking.phone,
      <a key="phone" href={telOf(lead.phone)} className="text-cyan-300 underline-offset-4 hover:underline">
        {lead.phone}
      </a>,
    ],
    [booking.businessName, lead.business_name],
    [t.filters.service, booking.services[lead.service]],
    ...(lead.product ? [[t.lead.product, products[lead.product as keyof typeof products] ?? lead.product] as [string, ReactNode]] : []),
    ...(lead.custom_service
      ? [[booking.customService, <span key="custom" className="whitespace-pre-wrap">{lead.custom_service}</span>] as [string, ReactNode]]
      : []),
    [t.lead.language, t.locales[lead.locale]],
    [
      t.lead.received,
      <span key="received">
        {dateTimeText(lead.created_at, locale)} <span className="text-slate-400">(<Received at={lead.created_at} now={now} />)</span>
      </span>,
    ],
    [t.list.columns.clock, <CallbackClock key="clock" lead={lead} now={now} />],
    [t.lead.updated, dateTimeText(lead.updated_at, locale)],
    [
      t.lead.privacyNotice,
      lead.privacy_notice_version ? (
        <span key="notice">
          <code className="font-mono">{lead.privacy_notice_version}</code>
          {lead.privacy_notice_locale && <span className="text-slate-400"> ({t.locales[lead.privacy_notice_locale]})</span>}
        </span>
      ) : (
        <span key="notice" className="text-slate-400">
          {t.lead.privacyNoticeNone}
        </span>
      ),
    ],
  ];
  return <DetailList rows={rows} />;
}

export function LeadView({ id, listSearch, onErased }: { id: string; listSearch: string; onErased: (count: number) => void }) {
  const { t, api } = useInbox();
  const lead = useResource<LeadViewData>(INBOX_API.lead(id));
  const markedSeen = useRef<string>(undefined);
  const view = lead.current ? lead.data : undefined;
  const { replace } = lead;

  // Opening a lead marks it seen, once; the list shows it as read from then on. A failure here is not
  // worth interrupting the operator for: the lead simply stays "new".
  useEffect(() => {
    if (!view || view.lead.seen_at !== null || markedSeen.current === view.lead.id) return;
    markedSeen.current = view.lead.id;
    api.post<LeadViewData | undefined>(INBOX_API.seen(view.lead.id)).then(
      (answer) => {
        if (answer?.lead) replace(answer);
      },
      () => undefined,
    );
  }, [api, view, replace]);

  /** A change's answer is the lead as it now is; an answer without it means reading it again. */
  const apply = (answer: LeadViewData | undefined) => {
    if (answer?.lead) replace(answer);
    else lead.reload();
  };

  const back = (
    <Link href={INBOX_PATH + listSearch} className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-300 hover:text-white">
      <Icon name="chevron-left" className="size-4" />
      {t.lead.back}
    </Link>
  );

  const missing = lead.error?.status === 404;
  const data = view?.lead;
  // One heading element whatever the state, so the focus a new page gives it stays through the load.
  return (
    <>
      {back}
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <PageHeading className="break-words">{data ? data.first_name : missing ? t.lead.notFoundTitle : t.lead.loading}</PageHeading>
            {data && <StatusBadge status={data.status} />}
          </div>
          {data && <p className="mt-1 text-lg break-words text-slate-300">{data.business_name}</p>}
        </div>
        {data && (
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <a href={telOf(data.phone)} className={buttonVariants({ size: 'md' })}>
              <Icon name="handset" className="size-4.5" />
              {t.lead.call}
            </a>
            <a href={`mailto:${data.email}`} className={buttonVariants({ variant: 'secondary', size: 'md' })}>
              <Icon name="mail" className="size-4.5" />
              {t.lead.email}
            </a>
          </div>
        )}
      </div>

      {lead.error && (
        <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100">
          <p>{lead.error.message}</p>
          {!missing && (
            <button type="button" onClick={lead.reload} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              {t.errors.retry}
            </button>
          )}
        </div>
      )}

      {view && data && <SpamBanner id={data.id} reason={data.spam_reason} onRestored={apply} />}

      {view && data && (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
          <div className="grid gap-6">
            <Card title={t.lead.status} id="status-title">
              <StatusControl
                status={data.status}
                onChange={async (status) => apply(await api.post<LeadViewData>(INBOX_API.status(data.id), { status }))}
              />
            </Card>
            <Card title={t.lead.details} id="details-title">
              <Details view={view} />
            </Card>
            <Card title={t.lead.attributionTitle} id="attribution-title">
              <AttributionView lead={data} />
            </Card>
            <Card title={t.person.title} id="person-title">
              <PersonData email={data.email} onErased={onErased} />
            </Card>
          </div>
          <div className="grid gap-6">
            <Card title={t.lead.notes} id="note-title">
              <NoteForm onAdd={async (text) => apply(await api.post<LeadViewData>(INBOX_API.notes(data.id), { text }))} />
            </Card>
            <Card title={t.lead.timeline} id="timeline-title">
              <Timeline entries={view.timeline} />
            </Card>
            <Card title={t.lead.deliveries} id="deliveries-title">
              <Deliveries
                deliveries={view.deliveries}
                onResend={async (deliveryId) => apply(await api.post<LeadViewData>(INBOX_API.resend(deliveryId)))}
              />
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
