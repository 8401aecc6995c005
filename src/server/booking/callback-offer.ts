// What the booking dialog offers of Alex's calls back, and what a booking that asks for one is told:
// from the callback channel's settings (notifications/channels/callback.ts) and the clock. The calling
// hours decide "now" or the next opening as callRequest does, so the words the visitor agrees to say
// when Vapi is asked to ring.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CallbackOffer } from '../../shared/callback-offer.ts';
import type { OpeningHours } from '../../shared/opening-hours.ts';
import { nextCallingTime } from '../notifications/channels/callback.ts';
import { phoneCountry } from '../leads/phone.ts';

/** What of the callback channel's settings the offer reads. */
export interface CallbackOfferSettings {
  hours: readonly OpeningHours[];
  /** CALLBACK_FROM_NUMBER, in E.164. */
  fromNumber?: string | undefined;
  /** CALLBACK_COUNTRIES: Alex phones numbers of these alone. */
  countries: readonly string[];
}

/**
 * Alex's call as it would go at `now`: at once within the calling hours, else at their next opening.
 * Undefined for hours that never open within the fortnight ahead: no time could be promised.
 */
export function callbackOffer(settings: CallbackOfferSettings, now: Date): CallbackOffer | undefined {
  const when = nextCallingTime(settings.hours, now);
  if (!when) return undefined;
  const open = when.getTime() === now.getTime();
  const opening = open ? undefined : when;
  const from = settings.fromNumber;
  const fromDisplay = from ? parsePhoneNumberFromString(from)?.formatInternational() : undefined;
  return {
    open,
    ...(opening ? { opensAt: opening.toISOString() } : {}),
    ...(from ? { from, fromDisplay: fromDisplay ?? from } : {}),
  };
}

/** The offers of one deployment: the dialog's, and a booking's for its number. */
export interface CallbackOffers {
  /** What the dialog offers as it opens. */
  offer(): CallbackOffer | undefined;
  /** What a booking that asked for the call is told: undefined where Alex does not call the number's country. */
  forNumber(e164: string): CallbackOffer | undefined;
}

export function callbackOffers(settings: CallbackOfferSettings, now: () => Date = () => new Date()): CallbackOffers {
  return {
    offer: () => callbackOffer(settings, now()),
    forNumber: (e164) => {
      const country = phoneCountry(e164);
      return country && settings.countries.includes(country) ? callbackOffer(settings, now()) : undefined;
    },
  };
}
