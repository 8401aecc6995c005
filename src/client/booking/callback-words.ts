// Alex's call back in the dialog's words (call-now.tsx, thank-you.tsx): the offer as the server sent it
// (shared/callback-offer.ts), read defensively, and when it rings, said the way a person says it
// ("tomorrow from 09:00"), on Sofia's clock, where the calling hours are kept.
import type { BookingTexts } from '../../content/i18n/booking.ts';
import { format } from '../../content/i18n/format.ts';
import type { CallbackOffer } from '../../shared/callback-offer.ts';
import type { Locale } from '../../shared/locale.ts';
import { AGENCY_TIME_ZONE } from '../../shared/meetings.ts';

const DAY_MS = 86_400_000;

/** The offer in an answer of ours, or undefined for anything that is not one. */
export function callbackOfferOf(value: unknown): CallbackOffer | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.open !== 'boolean') return undefined;
  const text = (x: unknown) => (typeof x === 'string' && x ? x : undefined);
  const opensAt = text(v.opensAt);
  // Outside the hours, an offer that cannot say when is not made.
  if (!v.open && (!opensAt || Number.isNaN(Date.parse(opensAt)))) return undefined;
  const from = text(v.from);
  const fromDisplay = text(v.fromDisplay);
  return { open: v.open, ...(v.open ? {} : { opensAt }), ...(from ? { from, fromDisplay: fromDisplay ?? from } : {}) };
}

/** `at`'s date on Sofia's clock as a day count, so two dates subtract to whole days. */
function sofiaDay(at: Date): number {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: AGENCY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .split('-')
    .map(Number);
  return Date.UTC(y!, m! - 1, d!) / DAY_MS;
}

/**
 * When Alex calls, from `now`: `day` today, tomorrow or the weekday (Sofia's dates), `time` on Sofia's
 * clock in 24 hours, as the calling hours are written.
 */
export function callbackWhen(opensAt: string, now: Date, texts: Pick<BookingTexts['callNow'], 'today' | 'tomorrow' | 'weekdays'>, locale: Locale) {
  const at = new Date(opensAt);
  const days = sofiaDay(at) - sofiaDay(now);
  // Day 0 of the count (1 January 1970) was a Thursday: Monday first, it is index 3.
  const weekday = texts.weekdays[(((sofiaDay(at) + 3) % 7) + 7) % 7]!;
  const day = days <= 0 ? texts.today : days === 1 ? texts.tomorrow : weekday;
  const time = new Intl.DateTimeFormat(locale, { timeZone: AGENCY_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { day, time };
}

/** The choice's label: "now" within the calling hours, else when. */
export function callNowLabel(offer: CallbackOffer, now: Date, texts: BookingTexts['callNow'], locale: Locale): string {
  return offer.open || !offer.opensAt ? texts.label : format(texts.later, callbackWhen(offer.opensAt, now, texts, locale));
}

/** The thank-you step's sentence: Alex calling now, or when he will. */
export function alexCallsText(offer: CallbackOffer, now: Date, texts: BookingTexts, locale: Locale): string {
  return offer.open || !offer.opensAt ? texts.thankYou.alexNow : format(texts.thankYou.alexLater, callbackWhen(offer.opensAt, now, texts.callNow, locale));
}
