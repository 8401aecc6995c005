// Alex calling back a lead who asked for it, on the lead's page: where the calls stand in words, each
// try with its time, what it came to and its conversation further down the page, and stopping Alex
// while a call is still to come. While a call may still change, the lead is read again every few
// seconds (use-polling.ts), so the card follows the call as it rings, is answered and ends.
import { useRef, useState } from 'react';
import { format } from '../../content/i18n/format.ts';
import type { CallbackJson } from '../../shared/callbacks.ts';
import { INBOX_API, type LeadView } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { messageOf } from '../api.ts';
import { BusyButton } from '../components/busy-button.tsx';
import { useInbox } from '../inbox-context.ts';
import { useNow } from '../use-now.ts';
import { usePolling } from '../use-polling.ts';
import { callbackStateOf, callbackStateText, callTimeText, canStop, conversationAnchor, isLive, tryStateOf, type CallbackState } from './callback-state.ts';

/** How often the lead is read again while a call may change. */
const POLL_MS = 5_000;

type Tone = 'good' | 'missed' | 'bad' | 'done' | 'coming';

/** A state's badge, and its dot beside the state line. */
const LOOKS: Record<Tone, string> = {
  good: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/30',
  missed: 'bg-amber-400/15 text-amber-200 ring-amber-400/30',
  bad: 'bg-rose-500/15 text-rose-200 ring-rose-400/40',
  done: 'bg-slate-500/20 text-slate-300 ring-slate-400/30',
  coming: 'bg-sky-400/15 text-sky-200 ring-sky-400/30',
};
const DOTS: Record<Tone, string> = { good: 'bg-emerald-400', missed: 'bg-amber-400', bad: 'bg-rose-400', done: 'bg-slate-400', coming: 'bg-sky-400' };

function toneOf(state: CallbackState): Tone {
  if (state.kind !== 'outcome') return state.kind === 'notPlaced' ? 'bad' : state.kind === 'none' ? 'done' : 'coming';
  switch (state.outcome) {
    case 'answered':
    case 'booked':
      return 'good';
    case 'failed':
      return 'bad';
    case 'stopped':
      return 'done';
    default:
      return 'missed';
  }
}

interface CallbackCardProps {
  view: LeadView;
  /** Puts a change's answer in place; undefined reads the lead again (use-lead.ts). */
  apply: (answer: LeadView | undefined) => void;
}

export function CallbackCard({ view, apply }: CallbackCardProps) {
  const { t, api, locale } = useInbox();
  const c = t.callback;
  const now = useNow();
  const [stopping, setStopping] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const stateLine = useRef<HTMLParagraphElement>(null);
  const state = callbackStateOf(view, now);
  const shown = new Set(view.conversations.map((conversation) => conversation.id));
  const assistant = t.assistants.voice;

  usePolling(isLive(view), () => apply(undefined), POLL_MS);

  const stop = async () => {
    setStopping(true);
    setSaid({ ok: true, text: c.stopping });
    try {
      apply(await api.post<LeadView>(INBOX_API.callbackStop(view.lead.id)));
      setSaid({ ok: true, text: format(c.stopped, { assistant }) });
      // The button goes with the call: the focus goes to what the calls now are rather than the page's top.
      stateLine.current?.focus();
    } catch (err) {
      setSaid({ ok: false, text: messageOf(err, t) });
    } finally {
      setStopping(false);
    }
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <p ref={stateLine} tabIndex={-1} className="flex items-center gap-2.5 text-lg font-semibold text-white outline-none">
          <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', DOTS[toneOf(state)], isLive(view) && 'motion-safe:animate-pulse')} />
          {callbackStateText(state, t, locale, now)}
        </p>
        {state.kind === 'outcome' && state.outcome === 'booked' && view.meeting && (
          <p className="text-sm text-slate-400">{format(c.bookedHint, { meeting: t.lead.meeting.title })}</p>
        )}
        {view.ai_calls_declined_at && (
          <p className="text-sm text-amber-200">{format(c.declined, { time: callTimeText(view.ai_calls_declined_at, now, locale), assistant })}</p>
        )}
      </div>

      {view.callbacks.length > 0 && (
        <div>
          <h3 id="callback-tries" className="text-sm font-semibold text-slate-300">
            {c.tries}
          </h3>
          <ol aria-labelledby="callback-tries" className="mt-2 divide-y divide-line rounded-xl border border-line bg-slate-950/30">
            {view.callbacks.map((call) => (
              <CallbackTry key={call.callId} call={call} now={now} linked={shown.has(call.conversationId)} />
            ))}
          </ol>
        </div>
      )}

      {canStop(view) && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <BusyButton variant="secondary" size="sm" busy={stopping} aria-describedby="callback-stop-hint" onClick={() => void stop()}>
            <Icon name="close" className="size-4" />
            {stopping ? c.stopping : c.stop}
          </BusyButton>
          <p id="callback-stop-hint" className="text-xs text-slate-400">
            {format(c.stopHint, { assistant })}
          </p>
        </div>
      )}

      <p role="status" className={cn('text-sm empty:hidden', said?.ok === false ? 'text-rose-300' : 'text-emerald-300')}>
        {said?.text ?? ''}
      </p>
    </div>
  );
}

/** One try: its number and time, what it came to, and its conversation when the page has it. */
function CallbackTry({ call, now, linked }: { call: CallbackJson; now: number; linked: boolean }) {
  const { t, locale } = useInbox();
  const c = t.callback;
  const state = tryStateOf(call);
  const at = call.startedAt ?? call.scheduledFor ?? call.createdAt;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 px-3.5 py-2.5 text-sm">
      <p className="text-slate-100">
        <span className="font-medium">{format(c.try, { attempt: call.attempt })}</span>
        <span aria-hidden="true" className="text-slate-500">
          {' · '}
        </span>
        <time dateTime={at} className="text-slate-300 tabular-nums">
          {callTimeText(at, now, locale)}
        </time>
      </p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1', LOOKS[toneOf(state)])}>{callbackStateText(state, t, locale, now)}</span>
        {linked && (
          <a href={`#${conversationAnchor(call.conversationId)}`} className="text-cyan-300 underline-offset-4 hover:underline">
            {c.conversation}
            <span className="sr-only"> {format(c.conversationOf, { attempt: call.attempt })}</span>
          </a>
        )}
      </p>
    </li>
  );
}
