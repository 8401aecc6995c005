// The site's pages and the screen sizes every journey is checked at.
import { bg } from '../src/content/i18n/bg.ts';
import { en } from '../src/content/i18n/en.ts';

export const languages = [
  { locale: 'en', path: '/', t: en },
  { locale: 'bg', path: '/bg/', t: bg },
] as const;

export const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
