// The texts of the notification mails, in both languages: only the server sends them, so no page
// downloads them. The operator's mail is in OPERATOR_LOCALE and names the fields with the booking
// dialog's labels (booking.ts); the visitor's confirmation is in the language they booked in and says
// what the dialog's thank-you panel says, from the same texts.
import type { Locale } from '../../shared/locale.ts';

const en = {
  newLead: {
    subject: 'New discovery call request: {name}, {business}',
    intro: '{name} from {business} asked for a free discovery call.',
    deadline: 'We promised a call within 24 hours: by {deadline}.',
  },
  reminder: {
    subject: 'Still waiting for a call ({waited} h): {name}, {business}',
    intro: '{name} from {business} has been waiting {waited} h for a call back: {left} h left of the 24 we promised.',
  },
  received: 'Received',
  /** A time in the mail: the inbox's clock, Sofia's. */
  sofiaTime: '{time} Sofia time',
  language: 'Language of the request',
  open: 'Open the request in the inbox',
  languages: { en: 'English', bg: 'Bulgarian' },
  greeting: 'Hello {name},',
  /** Where nothing of the name is a name's letters. */
  greetingWithoutName: 'Hello,',
};

export type NotificationTexts = typeof en;

export const notificationTexts: Record<Locale, NotificationTexts> = {
  en,
  bg: {
    newLead: {
      subject: 'Нова заявка за консултация: {name}, {business}',
      intro: '{name} от {business} заяви безплатна консултация.',
      deadline: 'Обещахме обаждане до 24 часа: до {deadline}.',
    },
    reminder: {
      subject: 'Все още чака обаждане ({waited} ч): {name}, {business}',
      intro: '{name} от {business} чака обаждане от {waited} ч: остават {left} ч от обещаните 24.',
    },
    received: 'Получена',
    sofiaTime: '{time} ч. българско време',
    language: 'Език на заявката',
    open: 'Отворете заявката във входящите',
    languages: { en: 'английски', bg: 'български' },
    greeting: 'Здравейте, {name},',
    greetingWithoutName: 'Здравейте,',
  },
};
