// The visitor's page of their call (`/meeting/<token>`, from the invitation's link): the call on their
// clock with Sofia's beside it, and the ways to move it (the thank-you panel's picker) or cancel it; a
// cancelled, missed or not yet booked call offers to pick a time. A link that was tampered with gets its
// own words. Loaded only on this page, after the page's own script.
import { useCallback, useEffect, useRef, useState } from 'react';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { format } from '../../content/i18n/format.ts';
import type { PageTexts } from '../../content/i18n/pages.ts';
import { business } from '../../content/site.ts';
import { sameClock, sofiaTime, visitorTimeZone, whenInWords, zoneName } from '../../shared/meeting-times.ts';
import type { MeetingJson } from '../../shared/meetings.ts';
import { pathOf } from '../../shared/site-pages.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { useFetch } from '../../ui/use-fetch.ts';
import MeetingPicker from '../booking/meeting-picker.tsx';
import { useI18n } from '../use-i18n.ts';
import { meetingTokenOfPage } from './meeting-token.ts';

type Loaded = { kind: 'bad' } | { kind: 'gone' } | { kind: 'ready'; meeting: MeetingJson | null; closed?: boolean };
type Load = { kind: 'loading' } | { kind: 'failed' } | Loaded;
type Mode = 'view' | 'picking' | 'confirming' | 'cancelling';

export default function ManageMeeting({ texts: p }: { texts: PageTexts['meeting'] }) {
  const { locale } = useI18n();
  const b = bookingTexts[locale];
  const [token] = useState(meetingTokenOfPage);
  const [zone] = useState(visitorTimeZone);
  const [mode, setMode] = useState<Mode>('view');
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const status = useRef<HTMLDivElement>(null);

  // The call as the server has it; loaded again after a move, and aborted if the page goes first.
  const call = useFetch(`${token} ${locale}`, async (signal): Promise<Loaded> => {
    const res = await fetch(`/api/meeting?token=${encodeURIComponent(token)}`, { headers: { 'accept-language': locale }, signal });
    if (res.status === 403) return { kind: 'bad' };
    // Our link, but its request was erased: the call no longer exists.
    if (res.status === 410) return { kind: 'gone' };
    if (!res.ok) throw new Error(String(res.status));
    const { meeting, closed } = (await res.json()) as { meeting: MeetingJson | null; closed?: boolean };
    return { kind: 'ready', meeting, closed: closed === true };
  });
  useEffect(() => {
    if (call.failed) console.error('Meeting not loaded', call.error);
  }, [call.failed, call.error]);
  // While it loads again, the call as it was stays in view.
  const load: Load = call.failed ? { kind: 'failed' } : (call.data ?? { kind: 'loading' });

  /** Back to the call's state, said and focused, after a cancellation. */
  const { replace } = call;
  const settle = useCallback(
    (meeting: MeetingJson) => {
      replace({ kind: 'ready', meeting });
      setMode('view');
      setNotice(undefined);
      setError(undefined);
      requestAnimationFrame(() => status.current?.focus());
    },
    [replace],
  );

  async function cancel() {
    setMode('cancelling');
    setError(undefined);
    try {
      const res = await fetch('/api/meetings/cancel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, locale }) });
      const body = (await res.json().catch(() => null)) as { meeting?: MeetingJson; error?: string } | null;
      if (res.ok && body?.meeting) return settle(body.meeting);
      setError(typeof body?.error === 'string' ? body.error : b.failedRetry);
    } catch (err) {
      console.error('Meeting not cancelled', err);
      setError(b.failedRetry);
    }
    setMode('confirming');
  }

  const when = (start: string) => whenInWords(start, zone, locale);

  if (load.kind === 'bad' || load.kind === 'gone') {
    return (
      <div className="mx-auto max-w-2xl py-8 text-center sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{load.kind === 'gone' ? p.goneHeading : p.badLinkHeading}</h1>
        <p className="mt-5 text-lg text-pretty text-slate-300">{load.kind === 'gone' ? p.gone : p.badLink}</p>
        <a href={pathOf(locale)} className={buttonVariants({ size: 'lg', className: 'mt-10' })}>
          {p.home}
        </a>
      </div>
    );
  }

  const meeting = load.kind === 'ready' ? load.meeting : null;
  // We cancelled the call (or closed the request): the page says so and offers no time.
  const closed = load.kind === 'ready' && load.closed === true;
  const booked = meeting?.status === 'booked' ? meeting : undefined;
  const sentences: string[] = [];
  if (load.kind === 'ready') {
    if (notice) sentences.push(notice);
    if (booked) {
      sentences.push(format(p.booked, { when: when(booked.start), zone: zoneName(zone, locale, new Date(booked.start)) }));
      if (!sameClock(zone)) sentences.push(format(p.sofia, { time: sofiaTime(booked.start, locale) }));
      sentences.push(p.callYou);
    } else if (closed && meeting?.status !== 'held') sentences.push(format(p.closed, { email: business.email }));
    else if (meeting?.status === 'cancelled') sentences.push(format(p.cancelled, { when: when(meeting.start) }));
    else if (meeting?.status === 'held') sentences.push(format(p.held, { when: when(meeting.start) }));
    else if (meeting?.status === 'no_show') sentences.push(format(p.noShow, { when: when(meeting.start) }));
    else sentences.push(p.none);
  }
  // A call that took place is done; any other state without a booked time may pick one.
  const canPick = load.kind === 'ready' && meeting?.status !== 'held' && !closed;

  return (
    <div className="mx-auto max-w-2xl py-8 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{p.heading}</h1>
      <div ref={status} tabIndex={-1} role="status" className="mt-6 space-y-2 text-lg text-pretty text-slate-200 outline-none">
        {load.kind === 'loading' && <p className="text-slate-300">{p.loading}</p>}
        {sentences.map((s, i) => (
          <p key={s} className={i === 0 && booked ? 'font-semibold text-white' : undefined}>
            {s}
          </p>
        ))}
      </div>
      {load.kind === 'failed' && (
        <div role="alert" className="mt-6">
          <p className="text-rose-300">{p.failed}</p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => {
              call.reload();
            }}
          >
            {p.retry}
          </Button>
        </div>
      )}

      {mode === 'view' && canPick && (
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button size="lg" onClick={() => setMode('picking')}>
            {booked ? p.reschedule : p.pick}
          </Button>
          {booked && (
            <Button size="lg" variant="secondary" onClick={() => setMode('confirming')}>
              {p.cancel}
            </Button>
          )}
        </div>
      )}

      {(mode === 'confirming' || mode === 'cancelling') && booked && (
        <div role="alertdialog" aria-labelledby="cancel-question" className="mt-8 rounded-2xl border border-rose-400/40 bg-rose-400/10 p-5">
          <p id="cancel-question" className="text-slate-100">
            {format(p.confirmCancel, { when: when(booked.start) })}
          </p>
          {error && (
            <p role="alert" className="mt-3 text-rose-300">
              {error}
            </p>
          )}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Button variant="secondary" disabled={mode === 'cancelling'} onClick={() => void cancel()} autoFocus>
              {mode === 'cancelling' ? p.cancelling : p.yesCancel}
            </Button>
            <Button variant="ghost" disabled={mode === 'cancelling'} onClick={() => setMode('view')}>
              {p.keep}
            </Button>
          </div>
        </div>
      )}

      {mode === 'picking' && (
        <div className="mt-4">
          <MeetingPicker
            token={token}
            texts={b}
            locale={locale}
            action={booked ? 'reschedule' : 'book'}
            headingLevel={2}
            {...(booked ? { current: booked.start } : {})}
            onBooked={(_start, _zone, invited) => {
              // The call as the server now has it, with what changed said first.
              setNotice([...(booked ? [p.moved] : []), ...(invited ? [b.meeting.invitation] : [])].join(' ') || undefined);
              setMode('view');
              call.reload();
              requestAnimationFrame(() => status.current?.focus());
            }}
          />
          <Button variant="ghost" className="mt-4" onClick={() => setMode('view')}>
            {p.back}
          </Button>
        </div>
      )}
    </div>
  );
}
