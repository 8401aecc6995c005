// The site's pages and the screen sizes every journey is checked at.
import { bg } from '../src/content/i18n/bg.ts';
import { bookingTexts } from '../src/content/i18n/booking.ts';
import { en } from '../src/content/i18n/en.ts';

/** What the tests look for on each page: its dictionary, and the booking dialog's texts that load with it. */
export const languages = [
  { locale: 'en', path: '/', t: { ...en, booking: bookingTexts.en } },
  { locale: 'bg', path: '/bg/', t: { ...bg, booking: bookingTexts.bg } },
] as const;

export const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
