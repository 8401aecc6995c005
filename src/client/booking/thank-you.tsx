import { useEffect, useRef, useState } from 'react';
import type { BookingTexts } from '../../content/i18n/booking.ts';
import type { CallbackOffer } from '../../shared/callback-offer.ts';
import type { Locale } from '../../shared/locale.ts';
import { meetingPagePrefix } from '../../shared/site-pages.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';

// In the booking dialog's own chunk, fetched when the dialog opens: a chunk of its own, imported from
// here, made the bundler move the class-name helpers out of the page's first script into a shared
// chunk, one request more before the page starts and its compile hint no longer the first line.
import MeetingPicker, { bookedSentences } from './meeting-picker.tsx';
import { alexCallsText } from './callback-words.ts';

export interface ThankYouProps {
  texts: BookingTexts;
  locale: Locale;
  /** From the booking's answer: with it, the visitor may pick the call's time now (server/meetings/). */
  meetingToken?: string | undefined;
  /** From the booking's answer: Alex calls, now or when it says, and from which number. */
  callback?: CallbackOffer | undefined;
  onClose: () => void;
}

/**
 * After a stored request: what happens next, the choice to pick the call's time now (which takes focus,
 * the main next step) or keep waiting for the call, the link to the call's own page for picking one
 * later, and the way out (which takes focus where there is no time to pick). Once a time is booked, the
 * panel says that, not the call that would have set one.
 */
export function ThankYou({ texts: b, locale, meetingToken, callback, onClose }: ThankYouProps) {
  const close = useRef<HTMLButtonElement>(null);
  const pick = useRef<HTMLButtonElement>(null);
  const [picking, setPicking] = useState(false);
  const [booked, setBooked] = useState<string[]>();
  const bookedRef = useRef<HTMLDivElement>(null);
  useEffect(() => (pick.current ?? close.current)?.focus(), []);
  useEffect(() => bookedRef.current?.focus(), [booked]);

  function onBooked(start: string, zone: string, invited: boolean) {
    setPicking(false);
    setBooked(bookedSentences(b, start, zone, locale, invited));
  }

  return (
    <div className="py-4 text-center">
      <div role="status">
        <div className="mx-auto grid size-14 place-items-center rounded-full bg-emerald-500/15 text-emerald-300">
          <Icon name="check" strokeWidth={2.5} className="size-7" />
        </div>
        <h2 id="booking-title" className="mt-5 text-2xl font-bold">
          {b.thankYou.title}
        </h2>
        <p className="mt-3 text-slate-300">{b.thankYou.review}</p>
        {/* Alex's call, when the visitor asked for it, in place of ours. */}
        {!booked && callback && <AlexCalls offer={callback} texts={b} locale={locale} />}
        {!booked && !callback && <p className="mt-2 text-slate-300">{b.thankYou.callback}</p>}
        <p className="mt-4 font-medium text-cyan-300">{b.thankYou.phoneHint}</p>
      </div>

      {booked && (
        <div ref={bookedRef} tabIndex={-1} role="status" className="mt-6 rounded-xl border border-emerald-400/40 bg-emerald-400/10 p-4 outline-none">
          {booked.map((sentence) => (
            <p key={sentence} className="text-emerald-200 first:font-semibold">
              {sentence}
            </p>
          ))}
        </div>
      )}

      {meetingToken && !booked && !picking && (
        <div className="mt-6">
          <Button ref={pick} className="w-full sm:w-auto" onClick={() => setPicking(true)}>
            {b.meeting.pick}
          </Button>
          <p className="mt-2 text-sm text-slate-400">{b.meeting.orWait}</p>
        </div>
      )}
      {meetingToken && !booked && (
        <p className="mt-3 text-sm text-slate-400">
          {b.meeting.later}{' '}
          <a href={`${meetingPagePrefix(locale)}${meetingToken}`} className="text-cyan-300 underline underline-offset-2 hover:text-cyan-200">
            {b.meeting.laterLink}
          </a>
        </p>
      )}
      {meetingToken && picking && (
        <MeetingPicker token={meetingToken} texts={b} locale={locale} onBooked={onBooked} />
      )}

      {/* The main action is the one still open: picking a time, while it is offered; else closing. */}
      <Button ref={close} variant={picking ? 'ghost' : meetingToken && !booked ? 'secondary' : 'primary'} className="mt-8 w-full sm:w-auto" onClick={onClose}>
        {b.close}
      </Button>
    </div>
  );
}

/** When Alex calls and, where the site names it, the number the call comes from, kept on one line. */
function AlexCalls({ offer, texts: b, locale }: { offer: CallbackOffer; texts: BookingTexts; locale: Locale }) {
  const [before, after] = b.thankYou.alexFrom.split('{number}');
  return (
    <p className="mt-2 text-slate-300">
      {alexCallsText(offer, new Date(), b, locale)}
      {offer.fromDisplay && (
        <>
          {' '}
          {before}
          <span className="whitespace-nowrap">{offer.fromDisplay}</span>
          {after}
        </>
      )}
    </p>
  );
}
