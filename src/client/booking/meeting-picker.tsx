// Picking the call's time on the thank-you panel: the free slots of the days ahead on the visitor's
// clock, grouped by day (one radio group, a fieldset per day), Sofia's time beside when the zones
// differ, and one button to book the chosen one, kept at the bottom of the screen (sticky) so it is in
// view whatever time was chosen. The list scrolls with the dialog or the page it stands in, never in a
// box of its own. It comes with the booking dialog's code, never with
// the page's first scripts; the slots are fetched only when the visitor asks to pick a time.
import { useEffect, useRef, useState } from 'react';
import type { BookingTexts } from '../../content/i18n/booking.ts';
import { format } from '../../content/i18n/format.ts';
import type { Locale } from '../../shared/locale.ts';
import { MEETING_SLOTS_PATH, type MeetingSlotsJson, type SlotJson } from '../../shared/meetings.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { useFetch } from '../../ui/use-fetch.ts';
import { sameClock, slotsByDay, sofiaTime, visitorTimeZone, whenInWords, zoneName } from '../../shared/meeting-times.ts';

/** Days shown at first; more come a few at a time. */
const DAYS_AT_FIRST = 3;

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; slots: SlotJson[] };

export interface MeetingPickerProps {
  token: string;
  texts: BookingTexts;
  locale: Locale;
  /** Book a first time (the thank-you panel, or after a cancellation), or move the booked one (the meeting page). */
  action?: 'book' | 'reschedule';
  /** The heading's level where the picker sits: 3 in the dialog under its title, 2 on the meeting page. */
  headingLevel?: 2 | 3;
  /** The time booked now, when moving it: said above the list. */
  current?: string;
  /** The booked slot's start once the server has it, and whether an invitation is on its way. */
  onBooked: (start: string, zone: string, invited: boolean) => void;
}

const ENDPOINTS = { book: '/api/meetings', reschedule: '/api/meetings/reschedule' } as const;

export default function MeetingPicker({ token, texts: b, locale, action = 'book', headingLevel = 3, current, onBooked }: MeetingPickerProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const m = b.meeting;
  const [zone] = useState(visitorTimeZone);
  /** When the picker opened: a held time before it is past, and not shown. */
  const [openedAt] = useState(Date.now);
  const [days, setDays] = useState(DAYS_AT_FIRST);
  const [chosen, setChosen] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The free times on the visitor's clock; a retry loads them again, and a refusal's fresh list replaces them.
  const slotsUrl = `${MEETING_SLOTS_PATH}?tz=${encodeURIComponent(zone)}`;
  const slots = useFetch(slotsUrl, async (signal) => {
    const res = await fetch(slotsUrl, { signal });
    if (!res.ok) throw new Error(String(res.status));
    return ((await res.json()) as MeetingSlotsJson).slots;
  });
  useEffect(() => {
    if (slots.failed) console.error('Meeting slots not loaded', slots.error);
  }, [slots.failed, slots.error]);
  const load: Load = slots.failed ? { kind: 'failed' } : slots.data && !slots.loading ? { kind: 'ready', slots: slots.data } : { kind: 'loading' };

  useEffect(() => heading.current?.focus(), []);

  async function book() {
    if (!chosen) return setMessage(m.chooseFirst);
    setSending(true);
    setMessage(undefined);
    try {
      const res = await fetch(ENDPOINTS[action], {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, start: chosen, timeZone: zone, locale }),
      });
      const body = (await res.json().catch(() => null)) as { start?: string; invited?: boolean; error?: string; slots?: SlotJson[] } | null;
      if (res.ok && body?.start) return onBooked(body.start, zone, body.invited === true);
      // Taken meanwhile, or no longer a slot: the server's words, and the fresh list.
      if (body?.slots) {
        slots.replace(body.slots);
        setChosen(undefined);
      }
      setMessage(typeof body?.error === 'string' ? body.error : b.failedRetry);
    } catch (err) {
      console.error('Meeting not booked', err);
      setMessage(b.failedRetry);
    } finally {
      setSending(false);
    }
  }

  // A call being moved shows the time it holds now among the others, where the list would not have it
  // (its seat is taken: by this call).
  const heldStart = current !== undefined && Date.parse(current) > openedAt ? current : undefined;
  const shown =
    load.kind !== 'ready'
      ? []
      : heldStart === undefined || load.slots.some((s) => Date.parse(s.start) === Date.parse(heldStart))
        ? load.slots
        : [...load.slots, { start: heldStart, end: heldStart }].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const grouped = slotsByDay(shown, zone, locale);
  return (
    <section aria-labelledby="meeting-title" className="mt-6 text-left">
      <Heading id="meeting-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {m.title}
      </Heading>
      {load.kind === 'loading' && (
        <p className="mt-3 text-slate-300" role="status">
          {m.loading}
        </p>
      )}
      {load.kind === 'failed' && (
        <div className="mt-3" role="alert">
          <p className="text-rose-300">{m.failed}</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={slots.reload}
          >
            {m.retry}
          </Button>
        </div>
      )}
      {load.kind === 'ready' && grouped.length === 0 && <p className="mt-3 text-slate-300">{m.none}</p>}
      {grouped.length > 0 && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void book();
          }}
        >
          {current && <p className="mt-2 text-slate-200">{format(m.current, { when: whenInWords(current, zone, locale) })}</p>}
          <p className="mt-2 text-sm text-slate-400">{format(sameClock(zone) ? m.zone : m.zoneWithSofia, { zone: zoneName(zone, locale) })}</p>
          <div className="mt-3 space-y-4">
            {grouped.slice(0, days).map((day) => (
              <fieldset key={day.key}>
                <legend className="text-sm font-medium text-slate-200 first-letter:uppercase">{day.label}</legend>
                <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
                  {day.slots.map((slot) => {
                    // The time the call holds now: shown, marked, and not a choice (moving there moves nothing).
                    const held = heldStart !== undefined && Date.parse(heldStart) === Date.parse(slot.start);
                    return (
                      <label
                        key={slot.start}
                        className={cn(
                          'relative flex flex-col items-center rounded-xl border px-2 py-2 text-center',
                          held
                            ? 'cursor-default border-dashed border-cyan-400/70 bg-cyan-400/5'
                            : 'cursor-pointer border-slate-600 has-checked:border-cyan-400 has-checked:bg-cyan-400/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-cyan-300',
                        )}
                      >
                        <input
                          type="radio"
                          name="meeting-slot"
                          value={slot.start}
                          checked={chosen === slot.start}
                          disabled={sending || held}
                          onChange={() => {
                            setChosen(slot.start);
                            setMessage(undefined);
                          }}
                          className="sr-only"
                        />
                        <span className="font-semibold tabular-nums">{slot.time}</span>
                        {slot.sofiaTime && <span className="text-xs text-slate-400 tabular-nums">{format(m.sofia, { time: slot.sofiaTime })}</span>}
                        {held && <span className="text-xs text-cyan-300">{m.yours}</span>}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
          {days < grouped.length && (
            <Button type="button" variant="ghost" className="mt-3" onClick={() => setDays((d) => d + DAYS_AT_FIRST)}>
              {m.moreDays}
            </Button>
          )}
          <div className="sticky bottom-0 -mx-1 mt-3 bg-panel px-1 pt-1 pb-3">
            {message && (
              <p className="mb-2 text-sm text-rose-300" role="alert">
                {message}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={sending}>
              {sending ? m.booking : m.book}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The booked time, in words on the visitor's clock and on Sofia's, and the invitation on its way. */
export function bookedSentences(b: BookingTexts, start: string, zone: string, locale: Locale, invited = false): string[] {
  const sentences = [format(b.meeting.booked, { when: whenInWords(start, zone, locale) })];
  if (!sameClock(zone)) sentences.push(format(b.meeting.bookedSofia, { time: sofiaTime(start, locale) }));
  sentences.push(b.meeting.bookedNext);
  if (invited) sentences.push(b.meeting.invitation);
  return sentences;
}
