// The admin API's answers (log-in, sessions), in both languages side by side: only the server sends
// them. The request's Accept-Language picks one.
import type { Locale } from '../../shared/locale.ts';

const en = {
  // One answer for an unknown account and a wrong password: neither tells which accounts exist.
  loginFailed: 'The email or password is not correct.',
  tooManyLogins: 'Too many log-in attempts. Please try again in {minutes} min.',
  loginRequired: 'Please log in.',
  crossSite: 'This request must come from the site itself.',
  // The inbox builds its URLs from the same schema, so this answers a link edited by hand.
  invalidFilters: 'These filters cannot be used: {fields}.',
};

export type AdminMessages = typeof en;

export const adminMessages: Record<Locale, AdminMessages> = {
  en,
  bg: {
    loginFailed: 'Имейлът или паролата не са верни.',
    tooManyLogins: 'Твърде много опити за вход. Моля, опитайте отново след {minutes} мин.',
    loginRequired: 'Моля, влезте в профила си.',
    crossSite: 'Заявката трябва да идва от самия сайт.',
    invalidFilters: 'Тези филтри не могат да бъдат използвани: {fields}.',
  },
};
